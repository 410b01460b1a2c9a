import { describe, expect, it } from 'vitest';
import { roleAtLeast, roleLabel, ROLES } from './roles.ts';

describe('roleAtLeast', () => {
  it('ranks the roles as the API does: owner > admin > sales-ops > viewer', () => {
    expect(ROLES).toEqual(['owner', 'admin', 'sales-ops', 'viewer']);
    expect(roleAtLeast('owner', 'admin')).toBe(true);
    expect(roleAtLeast('admin', 'admin')).toBe(true);
    expect(roleAtLeast('admin', 'owner')).toBe(false);
    expect(roleAtLeast('viewer', 'sales-ops')).toBe(false);
  });
});

describe('roleLabel', () => {
  it('names each role as people read it', () => {
    expect(ROLES.map(roleLabel)).toEqual(['Owner', 'Admin', 'Sales ops', 'Viewer']);
  });
});
