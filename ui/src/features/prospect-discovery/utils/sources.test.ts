import { describe, expect, it } from 'vitest';
import { sourceLabel, toggleSource } from './sources.ts';

describe('toggleSource', () => {
  it('adds and removes a source, keeping the checklist order', () => {
    expect(toggleSource(['linkedin'], 'zoominfo')).toEqual(['linkedin', 'zoominfo']);
    expect(toggleSource(['zoominfo'], 'crunchbase')).toEqual(['crunchbase', 'zoominfo']);
    expect(toggleSource(['linkedin', 'apollo'], 'linkedin')).toEqual(['apollo']);
    expect(toggleSource([], 'apollo')).toEqual(['apollo']);
  });
});

describe('sourceLabel', () => {
  it('names each source as the checklist does', () => {
    expect(sourceLabel('linkedin')).toBe('LinkedIn Sales Navigator');
    expect(sourceLabel('apollo')).toBe('Apollo.io');
  });
});
