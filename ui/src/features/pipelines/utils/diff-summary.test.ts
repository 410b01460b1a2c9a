import { describe, expect, it } from 'vitest';
import { diffSummary, hasChanges } from './diff-summary.ts';

const edge = (from: string, to: string) => ({ from, to });
const diff = ({ added = 0, changed = 0, removed = 0, edgesAdded = 0, edgesRemoved = 0 }) => ({
  nodes: {
    added: Array.from({ length: added }, (_, index) => `a${index}`),
    removed: Array.from({ length: removed }, (_, index) => `r${index}`),
    changed: Array.from({ length: changed }, (_, index) => ({ id: `c${index}`, changes: ['retry'] })),
  },
  edges: {
    added: Array.from({ length: edgesAdded }, (_, index) => edge('x', `a${index}`)),
    removed: Array.from({ length: edgesRemoved }, (_, index) => edge('x', `r${index}`)),
  },
});

describe('diffSummary', () => {
  it('names each count that is not zero, the noun once and agreeing with the first', () => {
    expect(diffSummary(diff({ added: 2, changed: 1, edgesRemoved: 1 }))).toBe('2 steps added, 1 changed, 1 edge removed');
    expect(diffSummary(diff({ changed: 1, removed: 3, edgesAdded: 2, edgesRemoved: 1 }))).toBe(
      '1 step changed, 3 removed, 2 edges added, 1 removed',
    );
  });

  it('says when nothing changed', () => {
    expect(diffSummary(diff({}))).toBe('No changes');
    expect([hasChanges(diff({})), hasChanges(diff({ edgesRemoved: 1 }))]).toEqual([false, true]);
  });
});
