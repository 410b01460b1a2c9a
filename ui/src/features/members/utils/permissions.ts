import { roleAtLeast, ROLES, type Role } from '../../auth/index.ts';

/** True when `role` may manage the workspace's members, invitations and API tokens (admins and owners). */
export const canManage = (role: Role | null): role is Role => role !== null && roleAtLeast(role, 'admin');

/** The roles `own` may give a member, an invitation or a token: their own and those below it, strongest first. */
export function assignableRoles(own: Role | null): Role[] {
  return own === null ? [] : ROLES.filter((role) => roleAtLeast(own, role));
}

/** What each role may do, for the hint under a role choice (the API's access table). */
export const ROLE_POWERS: Record<Role, string> = {
  owner: 'Everything, including making and removing owners.',
  admin: 'Settings, pricing bids, members and API tokens, and all that sales ops do.',
  'sales-ops': 'Prospects, campaigns, pipelines, meetings and discovery; reads the rest.',
  viewer: 'Reads everything, changes nothing.',
};

const AS_PLURAL: Record<Role, string> = { owner: 'Owners', admin: 'Admins', 'sales-ops': 'Sales ops members', viewer: 'Viewers' };
const AS_ONE: Record<Role, string> = { owner: 'an owner', admin: 'an admin', 'sales-ops': 'a sales ops member', viewer: 'a viewer' };

/** The member a row shows, as far as the rules below need. */
export interface MemberRef {
  userId: string;
  role: Role;
}

/**
 * Why the signed-in user (`me`) cannot change or remove `member`, or null when they may. Mirrors
 * the API's rules (it stays the judge): only admins and owners manage members, nobody touches a
 * role above their own, and the workspace's last owner stays.
 */
export function memberLockReason(member: MemberRef, me: { userId: string; role: Role | null }, ownerCount: number): string | null {
  if (!canManage(me.role)) return 'Only admins and owners change members.';
  if (!roleAtLeast(me.role, member.role)) return `${AS_PLURAL[me.role]} cannot change ${AS_ONE[member.role]}.`;
  if (member.role === 'owner' && ownerCount <= 1) {
    return member.userId === me.userId
      ? 'You are the last owner: make someone else owner first.'
      : 'The last owner stays: make someone else owner first.';
  }
  return null;
}
