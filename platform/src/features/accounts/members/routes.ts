import { z } from 'zod';
import { emailAddress } from '../../../core/http/api-strings.ts';
import { ROLES } from '../../../core/access.ts';
import { ForbiddenError } from '../../../core/errors.ts';
import { accessOf } from '../../../core/http/access-check.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';
import { auditChange } from '../audit/trail.ts';
import {
  acceptInvitation,
  changeRole,
  INVITATION_DAYS,
  INVITATION_NOT_VALID,
  invite,
  listInvitations,
  listMembers,
  removeMember,
  revokeInvitation,
  type Actor,
  type MembersDb,
} from './members.ts';
import type { Context } from 'koa';

const Role = z.enum(ROLES);
const Member = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: Role,
  joinedAt: z.iso.datetime(),
});
const InvitationView = z.object({
  id: z.string().describe('Names the invitation in this API (not its link)'),
  role: Role,
  email: z.string().nullable().describe('Only this account may accept, when set'),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
const CreatedInvitation = InvitationView.extend({
  token: z.string().describe('The single-use secret: shown this once, stored only as a hash'),
  link: z.string().describe('The path to send the invitee: /invite/<token>'),
});
const InviteBody = z.object({
  role: Role.describe("The invitee's role: at most the inviter's own"),
  email: emailAddress().optional().describe('Only the account with this email may accept'),
});
const RoleBody = z.object({ role: Role });
const AcceptBody = z.object({ token: z.string().min(1, 'must not be blank').max(200) });
const MemberParams = z.object({ userId: z.string().regex(/^[0-9a-f]{24}$/, 'must be a user id') });
const InvitationParams = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/, 'must be an invitation id') });

const tags = ['members'];
const badWorkspace = { 400: { description: 'Invalid workspace slug, or a bad field (each named)' } };

/** Who acts: their user id (null for an API token) and their role in the request's workspace. */
function actorOf(ctx: Context): Actor {
  const { principal, role } = accessOf(ctx);
  if (!role) throw new Error('a members route without a role');
  return { userId: principal.userId, role };
}

/** /api/members and /api/invitations: who is in a workspace with which role, and who is invited. */
export const membersRoutes = [
  route<MembersDb>(
    {
      method: 'get',
      path: '/api/members',
      access: 'viewer',
      tags,
      query: WorkspaceQuery,
      summary: "The workspace's members and their roles, oldest first",
      responses: { 200: { description: 'The members', schema: z.array(Member) }, ...badWorkspace },
    },
    (db) => async (ctx) => {
      ctx.body = z.array(Member).parse(await listMembers(db, workspaceOf(ctx)));
    },
  ),
  route<MembersDb>(
    {
      method: 'patch',
      path: '/api/members/{userId}',
      access: 'admin',
      tags,
      params: MemberParams,
      query: WorkspaceQuery,
      body: RoleBody,
      summary:
        "Change a member's role (never above the caller's own; the last owner stays owner): their API tokens above the new role are capped to it, their invitations above it withdrawn",
      responses: {
        200: { description: 'The member, with the new role', schema: Member },
        ...badWorkspace,
        403: { description: "The caller's role is below admin, or below the member's current or new role" },
        404: { description: 'No such member in the workspace, or no such workspace for the caller' },
        409: { description: "The member is the workspace's last owner" },
      },
    },
    (db) => async (ctx) => {
      const { userId } = MemberParams.parse(ctx.params);
      const { role } = RoleBody.parse(ctx.request.body ?? {});
      const { member, before, credentials } = await changeRole(db, workspaceOf(ctx), actorOf(ctx), userId, role);
      const capped = credentials.apiCredentials.map((token) => ({ ...token, role }));
      auditChange(ctx, {
        before: { email: member.email, role: before, ...credentials },
        after: { email: member.email, role, apiCredentials: capped, invitations: [] },
      });
      ctx.body = Member.parse(member);
    },
  ),
  route<MembersDb>(
    {
      method: 'delete',
      path: '/api/members/{userId}',
      access: 'admin',
      tags,
      params: MemberParams,
      query: WorkspaceQuery,
      summary:
        'Remove a member from the workspace with the API tokens and pending invitations they made in it (their account stays; the last owner cannot be removed)',
      responses: {
        200: { description: 'Removed', schema: z.object({ removed: z.literal(true) }) },
        ...badWorkspace,
        403: { description: "The caller's role is below admin, or below the member's" },
        404: { description: 'No such member in the workspace, or no such workspace for the caller' },
        409: { description: "The member is the workspace's last owner" },
      },
    },
    (db) => async (ctx) => {
      const { userId } = MemberParams.parse(ctx.params);
      const { credentials, ...removed } = await removeMember(db, workspaceOf(ctx), actorOf(ctx), userId);
      auditChange(ctx, { before: { ...removed, ...credentials }, after: null });
      ctx.body = { removed: true };
    },
  ),
  route<MembersDb>(
    {
      method: 'get',
      path: '/api/invitations',
      access: 'admin',
      tags,
      query: WorkspaceQuery,
      summary: "The workspace's invitations not yet used, withdrawn or expired (never their links)",
      responses: { 200: { description: 'Oldest first', schema: z.array(InvitationView) }, ...badWorkspace },
    },
    (db) => async (ctx) => {
      ctx.body = z.array(InvitationView).parse(await listInvitations(db, workspaceOf(ctx), new Date()));
    },
  ),
  route<MembersDb>(
    {
      method: 'post',
      path: '/api/invitations',
      access: 'admin',
      tags,
      query: WorkspaceQuery,
      body: InviteBody,
      summary: `Invite someone with a role: a single-use link valid ${INVITATION_DAYS} days, shown in this answer only`,
      responses: {
        201: { description: 'The invitation and its link', schema: CreatedInvitation },
        ...badWorkspace,
        403: { description: "The caller's role is below admin, or below the role invited" },
      },
    },
    (db) => async (ctx) => {
      const input = InviteBody.parse(ctx.request.body ?? {});
      const { token, view } = await invite(db, workspaceOf(ctx), actorOf(ctx), input, new Date());
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = CreatedInvitation.parse({ ...view, token, link: `/invite/${token}` });
    },
  ),
  route<MembersDb>(
    {
      method: 'delete',
      path: '/api/invitations/{id}',
      access: 'admin',
      tags,
      params: InvitationParams,
      query: WorkspaceQuery,
      summary: 'Withdraw an invitation: its link stops working',
      responses: {
        200: { description: 'Withdrawn', schema: z.object({ revoked: z.literal(true) }) },
        ...badWorkspace,
        404: { description: 'No such invitation in the workspace, or no such workspace for the caller' },
      },
    },
    (db) => async (ctx) => {
      const { id } = InvitationParams.parse(ctx.params);
      await revokeInvitation(db, workspaceOf(ctx), id);
      ctx.body = { revoked: true };
    },
  ),
  route<MembersDb>(
    {
      method: 'post',
      path: '/api/invitations/accept',
      access: 'signed-in',
      tags,
      body: AcceptBody,
      summary: "Accept an invitation as the signed-in user: join its workspace with its role (the link's token works once)",
      responses: {
        200: { description: 'The workspace joined', schema: z.object({ slug: z.string(), name: z.string(), role: Role }) },
        400: { description: 'A blank token' },
        403: { description: 'Called with an API token, or the invitation is for another email, or for this one while it is not verified' },
        404: { description: INVITATION_NOT_VALID },
        409: { description: 'Already a member of the workspace' },
      },
    },
    (db) => async (ctx) => {
      const { token } = AcceptBody.parse(ctx.request.body ?? {});
      const { principal } = accessOf(ctx);
      if (principal.kind !== 'user' || !principal.userId) throw new ForbiddenError('Sign in as a user to accept an invitation.');
      const user = await db.users.findById(principal.userId, { email: 1, emailVerifiedAt: 1 }).lean();
      if (!user) throw new ForbiddenError('Sign in as a user to accept an invitation.');
      const emailVerified = user.emailVerifiedAt != null;
      ctx.body = await acceptInvitation(db, { id: principal.userId, email: user.email, emailVerified }, token, new Date());
    },
  ),
];

export const membersRouter = (db: MembersDb) => routerOf(membersRoutes, db);
