import { describe, expect, it } from 'vitest';
import { assignableRoles, canManage, memberLockReason } from './permissions.ts';

describe('canManage', () => {
  it('is for admins and owners only', () => {
    expect(canManage('owner')).toBe(true);
    expect(canManage('admin')).toBe(true);
    expect(canManage('sales-ops')).toBe(false);
    expect(canManage('viewer')).toBe(false);
    expect(canManage(null)).toBe(false);
  });
});

describe('assignableRoles', () => {
  it('offers one’s own role and those below it, strongest first', () => {
    expect(assignableRoles('owner')).toEqual(['owner', 'admin', 'sales-ops', 'viewer']);
    expect(assignableRoles('admin')).toEqual(['admin', 'sales-ops', 'viewer']);
    expect(assignableRoles('viewer')).toEqual(['viewer']);
    expect(assignableRoles(null)).toEqual([]);
  });
});

describe('memberLockReason', () => {
  const owner = { userId: 'o1', role: 'owner' as const };
  const admin = { userId: 'a1', role: 'admin' as const };
  const viewer = { userId: 'v1', role: 'viewer' as const };

  it('lets an admin change members at or below their role, themselves included', () => {
    expect(memberLockReason(viewer, admin, 1)).toBeNull();
    expect(memberLockReason({ userId: 'a2', role: 'admin' }, admin, 1)).toBeNull();
    expect(memberLockReason(admin, admin, 1)).toBeNull();
  });

  it('says why an admin cannot touch an owner', () => {
    expect(memberLockReason(owner, admin, 2)).toBe('Admins cannot change an owner.');
  });

  it('keeps the last owner, and says so to that owner', () => {
    expect(memberLockReason(owner, owner, 1)).toBe('You are the last owner: make someone else owner first.');
    expect(memberLockReason(owner, { userId: 'o2', role: 'owner' }, 1)).toBe('The last owner stays: make someone else owner first.');
    expect(memberLockReason(owner, { userId: 'o2', role: 'owner' }, 2)).toBeNull();
    expect(memberLockReason(owner, owner, 2)).toBeNull();
  });

  it('leaves sales ops and viewers read-only', () => {
    expect(memberLockReason(viewer, { userId: 's1', role: 'sales-ops' }, 1)).toBe('Only admins and owners change members.');
    expect(memberLockReason(viewer, { userId: 'x', role: null }, 1)).toBe('Only admins and owners change members.');
  });
});
