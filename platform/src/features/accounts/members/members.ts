import { ACROSS_WORKSPACES, isDuplicateKey } from '@meetflow/plugin-sdk';
import { Types } from 'mongoose';
import { roleAtLeast, type Role } from '../../../core/access.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../core/errors.ts';
import type { AuthModels } from '../auth/model.ts';
import { hashSecret, newSecret, publicIdOf } from '../auth/secrets.ts';
import type { WorkspaceModel } from '../workspaces/model.ts';
import { credentialsFollowMembership, type CredentialsFollowed } from './credentials.ts';
import type { invitationModels } from './model.ts';

export type MembersDb = Pick<AuthModels, 'users' | 'memberships' | 'apiTokens'> &
  ReturnType<typeof invitationModels> & { workspaces: WorkspaceModel };

/** How long an invitation link may be used. */
export const INVITATION_DAYS = 7;

export interface MemberView {
  userId: string;
  name: string;
  email: string;
  role: Role;
  joinedAt: string;
}

export interface InvitationView {
  id: string;
  role: Role;
  email: string | null;
  createdAt: string;
  expiresAt: string;
}

/** The workspace's members, oldest first. */
export async function listMembers(db: MembersDb, workspace: string): Promise<MemberView[]> {
  const memberships = await db.memberships.find({ workspaceId: workspace }).sort({ createdAt: 1 }).lean();
  const users = await db.users.find({ _id: { $in: memberships.map((membership) => membership.userId) } }, { name: 1, email: 1 }).lean();
  const byId = new Map(users.map((user) => [String(user._id), user]));
  return memberships.flatMap((membership) => {
    const user = byId.get(String(membership.userId));
    if (!user) return [];
    const joinedAt = (membership as { createdAt?: Date }).createdAt ?? new Date(0);
    return [
      { userId: String(user._id), name: user.name, email: user.email, role: membership.role as Role, joinedAt: joinedAt.toISOString() },
    ];
  });
}

/** Who acts, and their role: what every change to the members is checked against. */
export interface Actor {
  userId: string | null;
  role: Role;
}

/**
 * The rules of changing someone's membership: an actor never touches a role above their own
 * (only an owner names or changes an owner), and the last owner stays (someone must own it).
 */
async function checkChange(db: MembersDb, workspace: string, actor: Actor, target: { role: Role }, newRole: Role | null) {
  if (!roleAtLeast(actor.role, target.role))
    throw new ForbiddenError(`Your role, ${actor.role}, cannot change a member who is ${target.role}.`);
  if (newRole && !roleAtLeast(actor.role, newRole)) throw new ForbiddenError(`Your role, ${actor.role}, cannot make anyone ${newRole}.`);
  if (target.role === 'owner' && newRole !== 'owner') {
    const owners = await db.memberships.countDocuments({ workspaceId: workspace, role: 'owner' });
    if (owners <= 1) throw new ConflictError('This is the workspace’s last owner: make someone else owner first.');
  }
}

async function membershipOf(db: MembersDb, workspace: string, userId: string) {
  const membership = Types.ObjectId.isValid(userId)
    ? await db.memberships.findOne({ workspaceId: workspace, userId: new Types.ObjectId(userId) }).lean()
    : null;
  if (!membership) throw new NotFoundError(`No member ${userId} in this workspace.`);
  return membership;
}

/**
 * Gives a member another role, their API tokens above it capped to it and their invitations above
 * it withdrawn: answers the member as they are now, the role they had, and those credentials.
 */
export async function changeRole(
  db: MembersDb,
  workspace: string,
  actor: Actor,
  userId: string,
  role: Role,
): Promise<{ member: MemberView; before: Role; credentials: CredentialsFollowed }> {
  const membership = await membershipOf(db, workspace, userId);
  await checkChange(db, workspace, actor, { role: membership.role as Role }, role);
  await db.memberships.updateOne({ _id: membership._id, workspaceId: workspace }, { $set: { role } });
  const credentials = await credentialsFollowMembership(db, workspace, membership.userId, role);
  const member = (await listMembers(db, workspace)).find((listed) => listed.userId === userId)!;
  return { member, before: membership.role as Role, credentials };
}

/**
 * Removes a member from the workspace (their account stays), with the API tokens and pending
 * invitations they made in it: answers who it was, with their role and those credentials.
 */
export async function removeMember(
  db: MembersDb,
  workspace: string,
  actor: Actor,
  userId: string,
): Promise<{ email: string | null; role: Role; credentials: CredentialsFollowed }> {
  const membership = await membershipOf(db, workspace, userId);
  await checkChange(db, workspace, actor, { role: membership.role as Role }, null);
  await db.memberships.deleteOne({ _id: membership._id, workspaceId: workspace });
  const credentials = await credentialsFollowMembership(db, workspace, membership.userId, null);
  const user = await db.users.findById(membership.userId, { email: 1 }).lean();
  return { email: user?.email ?? null, role: membership.role as Role, credentials };
}

const invitationView = (invitation: { publicId: string; role: string; email?: string | null; createdAt: Date; expiresAt: Date }) => ({
  id: invitation.publicId,
  role: invitation.role as Role,
  email: invitation.email ?? null,
  createdAt: invitation.createdAt.toISOString(),
  expiresAt: invitation.expiresAt.toISOString(),
});

/** Makes a single-use invitation with a role (at most the actor's): the token is returned this once. */
export async function invite(
  db: MembersDb,
  workspace: string,
  actor: Actor,
  input: { role: Role; email?: string | undefined },
  now: Date,
): Promise<{ token: string; view: InvitationView }> {
  if (!roleAtLeast(actor.role, input.role)) throw new ForbiddenError(`Your role, ${actor.role}, cannot invite anyone as ${input.role}.`);
  const token = newSecret();
  const hash = hashSecret(token);
  const stored = await db.invitations.create({
    _id: hash,
    publicId: publicIdOf(hash),
    workspaceId: workspace,
    role: input.role,
    email: input.email ?? null,
    createdBy: actor.userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
  });
  return { token, view: invitationView(stored) };
}

/** The workspace's invitations not yet used or expired, oldest first. */
export async function listInvitations(db: MembersDb, workspace: string, now: Date): Promise<InvitationView[]> {
  const invitations = await db.invitations
    .find({ workspaceId: workspace, expiresAt: { $gt: now } })
    .sort({ createdAt: 1 })
    .lean();
  return invitations.map(invitationView);
}

/** Withdraws an invitation before it is used. */
export async function revokeInvitation(db: MembersDb, workspace: string, id: string): Promise<void> {
  const { deletedCount } = await db.invitations.deleteOne({ workspaceId: workspace, publicId: id });
  if (!deletedCount) throw new NotFoundError(`Invitation ${id} not found.`);
}

export const INVITATION_NOT_VALID = 'This invitation is not valid: it was used, withdrawn or mistyped, or it expired. Ask for a new one.';

/**
 * Accepts an invitation as the signed-in user: they join its workspace with its role, and the
 * invitation is used up (taken atomically, so a link works once even if clicked twice at once).
 * Like an API token, it is only as good as its inviter's membership: not valid once they left
 * the workspace or their role fell below the invitation's (credentials.ts withdraws those, and
 * this catches one made while that happened).
 */
export async function acceptInvitation(
  db: MembersDb,
  user: { id: string; email: string; emailVerified?: boolean },
  token: string,
  now: Date,
): Promise<{ slug: string; name: string; role: Role }> {
  const hash = hashSecret(token);
  // The link names its workspace: the hash is looked up across workspaces on purpose.
  const found = await db.invitations.findById(hash, null, ACROSS_WORKSPACES).lean();
  if (!found || found.expiresAt <= now) throw new NotFoundError(INVITATION_NOT_VALID);
  if (found.createdBy) {
    const inviter = await db.memberships.findOne({ userId: found.createdBy, workspaceId: found.workspaceId }, { role: 1 }).lean();
    if (!inviter || !roleAtLeast(inviter.role as Role, found.role as Role)) throw new NotFoundError(INVITATION_NOT_VALID);
  }
  if (found.email && found.email !== user.email.toLowerCase())
    throw new ForbiddenError(`This invitation is for ${found.email}: sign in with that account to accept it.`);
  // An invitation bound to an address goes only to whoever proved they read its mail (features/accounts/auth/email-verification.ts).
  if (found.email && user.emailVerified !== true)
    throw new ForbiddenError(
      `This invitation is for ${found.email}: verify that address first (open the link emailed to it at sign-up, or ask for a new one), then accept it.`,
    );
  const userId = new Types.ObjectId(user.id);
  if (await db.memberships.exists({ userId, workspaceId: found.workspaceId }))
    throw new ConflictError('You are already a member of this workspace.');
  const taken = await db.invitations.findOneAndDelete({ _id: hash, workspaceId: found.workspaceId, expiresAt: { $gt: now } }).lean();
  if (!taken) throw new NotFoundError(INVITATION_NOT_VALID);
  try {
    await db.memberships.create({ userId, workspaceId: taken.workspaceId, role: taken.role });
  } catch (error) {
    if (isDuplicateKey(error)) throw new ConflictError('You are already a member of this workspace.');
    throw error;
  }
  const workspace = await db.workspaces.findOne({ slug: taken.workspaceId }, { name: 1 }).lean();
  return { slug: taken.workspaceId, name: workspace?.name ?? taken.workspaceId, role: taken.role as Role };
}
