import { describe, expect, it } from 'vitest';
import { withWorkspace } from './workspace.ts';

describe('withWorkspace', () => {
  it('leaves paths of the default workspace as they are', () => {
    expect(withWorkspace('/api/prospects', 'default')).toBe('/api/prospects');
  });

  it('adds the workspace to a path with or without a query', () => {
    expect(withWorkspace('/api/prospects', 'acme')).toBe('/api/prospects?workspace=acme');
    expect(withWorkspace('/api/dashboard/trends?range=7d', 'acme')).toBe('/api/dashboard/trends?range=7d&workspace=acme');
  });

  it('keeps a workspace the caller named', () => {
    expect(withWorkspace('/api/pricing/slices?workspace=other', 'acme')).toBe('/api/pricing/slices?workspace=other');
  });
});
