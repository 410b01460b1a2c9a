import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import type mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveForTest } from '../../../../dev/testing/http.ts';
import type { Role } from '../../../core/access.ts';
import { createModels } from '../../models.ts';
import { authentication } from '../../../core/http/access-check.ts';
import { docsOf } from '../../../core/http/api-route.ts';
import { errorMiddleware } from '../../../core/http/error-middleware.ts';
import { auditTrail } from '../audit/trail.ts';
import { sessionsAndTokens } from '../auth/authenticate.ts';
import { createSession, DEFAULT_SESSION_POLICY, SESSION_COOKIE } from '../auth/sessions.ts';
import { tokenRouter, tokenRoutes } from '../auth/token-routes.ts';
import { TOKEN_REFUSED } from '../auth/tokens.ts';
import { INVITATION_NOT_VALID } from './members.ts';
import { membersRouter, membersRoutes } from './routes.ts';

// Credentials follow membership, through the routes as the app mounts them (the real
// authenticator, the audit trail): a member removed takes their API tokens and pending
// invitations with them; a member demoted keeps only what their new role allows.
const [WS, OTHER] = ['acme', 'rival'];

let connection: mongoose.Connection;
let db: ReturnType<typeof createModels>;
let server: Awaited<ReturnType<typeof serveForTest>>;

beforeAll(async () => {
  connection = await openTestDatabase('member-credentials');
  db = createModels(connection);
  await Promise.all([db.users.init(), db.memberships.init(), db.workspaces.init()]);
  await db.workspaces.create([
    { slug: WS, name: 'Acme' },
    { slug: OTHER, name: 'Rival' },
  ]);
  const logger = pino({ level: 'silent' });
  const app = new Koa();
  app.silent = true;
  app.use(errorMiddleware(logger));
  app.use(authentication(sessionsAndTokens(db, DEFAULT_SESSION_POLICY)));
  app.use(bodyParser({ enableTypes: ['json'] }));
  app.use(auditTrail(db, [...docsOf(membersRoutes), ...docsOf(tokenRoutes)], logger));
  for (const router of [tokenRouter(db), membersRouter(db)]) app.use(router.routes()).use(router.allowedMethods());
  server = await serveForTest(app);
});
afterAll(async () => {
  await server.close();
  await connection.dropDatabase();
  await connection.close();
});

type Caller = { session: string } | { token: string };
const call = async (caller: Caller, method: string, path: string, body?: unknown) => {
  const auth = 'session' in caller ? { cookie: `${SESSION_COOKIE}=${caller.session}` } : { authorization: `Bearer ${caller.token}` };
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
};
const ok = async <T>(answer: Promise<{ status: number; text: string }>): Promise<T> => {
  const { status, text } = await answer;
  expect(status, text).toBeLessThan(300);
  return JSON.parse(text) as T;
};

let people = 0;
/** A new user, signed in, who is `role` in each workspace named. */
async function person(roles: Record<string, Role>) {
  people += 1;
  const email = `person-${people}@acme.example`;
  const user = await db.users.create({ email, name: `Person ${people}`, passwordHash: 'not used here' });
  for (const [workspace, role] of Object.entries(roles)) await db.memberships.create({ userId: user._id, workspaceId: workspace, role });
  return { userId: String(user._id), email, session: await createSession(db, user._id, new Date(), DEFAULT_SESSION_POLICY) };
}
type Token = { id: string; name: string; role: Role; token: string };
const makeToken = (caller: Caller, name: string, role: Role, workspace = WS) =>
  ok<Token>(call(caller, 'POST', `/api/tokens?workspace=${workspace}`, { name, role }));
type Invitation = { id: string; role: Role; email: string | null; token: string };
const invite = (caller: Caller, role: Role, email?: string) => ok<Invitation>(call(caller, 'POST', '/api/invitations', { role, email }));
const tokens = (caller: Caller) => ok<Array<{ id: string; role: Role }>>(call(caller, 'GET', `/api/tokens?workspace=${WS}`));
const invitations = (caller: Caller) => ok<Array<{ id: string; role: Role }>>(call(caller, 'GET', `/api/invitations?workspace=${WS}`));
/** The audit trail's entry of a change to one member. */
const auditOf = (action: string, userId: string) => db.auditEntries.findOne({ workspaceId: WS, action, 'target.userId': userId }).lean();
const idsOf = (listed: Array<{ id: string }>) => listed.map((item) => item.id);

describe('removing a member', () => {
  it('revokes the API tokens and withdraws the pending invitations they made in that workspace, and nothing else', async () => {
    const owner = await person({ [WS]: 'owner' });
    const leaving = await person({ [WS]: 'admin', [OTHER]: 'admin' });
    const [adminToken, viewerToken] = [await makeToken(leaving, 'their CI', 'admin'), await makeToken(leaving, 'their export', 'viewer')];
    const elsewhere = await makeToken(leaving, 'theirs in rival', 'admin', OTHER);
    const theirInvitation = await invite(leaving, 'sales-ops', 'friend@acme.example');
    const ownersToken = await makeToken(owner, 'owner CI', 'viewer');
    const ownersInvitation = await invite(owner, 'viewer');

    await ok(call(owner, 'DELETE', `/api/members/${leaving.userId}`));

    for (const gone of [adminToken, viewerToken]) {
      const refused = await call(gone, 'GET', '/api/members');
      expect([refused.status, refused.text], gone.name).toEqual([401, TOKEN_REFUSED.unknown]);
    }
    expect(idsOf(await tokens(owner))).toEqual([ownersToken.id]);
    expect(idsOf(await invitations(owner))).toEqual([ownersInvitation.id]); // this test runs first: nothing else is there
    expect((await call(ownersToken, 'GET', '/api/members')).status).toBe(200);
    expect((await call(elsewhere, 'GET', '/api/members')).status).toBe(200); // their token in another workspace stays
    expect(await auditOf('DELETE /api/members/{userId}', leaving.userId)).toMatchObject({
      before: {
        email: leaving.email,
        role: 'admin',
        apiCredentials: [
          { id: adminToken.id, name: 'their CI', role: 'admin' },
          { id: viewerToken.id, name: 'their export', role: 'viewer' },
        ],
        invitations: [{ id: theirInvitation.id, role: 'sales-ops', email: 'friend@acme.example' }],
      },
      after: null,
    });
  });

  it('also ends an invitation they made as they left (checked when it is accepted)', async () => {
    const inviter = await person({ [WS]: 'admin' });
    const invitation = await invite(inviter, 'viewer');
    await db.memberships.deleteOne({ userId: inviter.userId, workspaceId: WS }); // behind the members routes' back
    const invitee = await person({});
    const refused = await call(invitee, 'POST', '/api/invitations/accept', { token: invitation.token });
    expect([refused.status, refused.text]).toEqual([404, INVITATION_NOT_VALID]);
  });
});

describe('demoting a member', () => {
  it('caps their API tokens to the new role and withdraws their invitations above it', async () => {
    const owner = await person({ [WS]: 'owner' });
    const demoted = await person({ [WS]: 'admin' });
    const adminToken = await makeToken(demoted, 'their CI', 'admin');
    const viewerToken = await makeToken(demoted, 'their export', 'viewer');
    const adminInvitation = await invite(demoted, 'admin');
    const salesOpsInvitation = await invite(demoted, 'sales-ops');
    const ownersToken = await makeToken(owner, 'owner CI', 'admin');

    await ok(call(owner, 'PATCH', `/api/members/${demoted.userId}`, { role: 'sales-ops' }));

    const roles = new Map((await tokens(owner)).map((token) => [token.id, token.role]));
    expect([roles.get(adminToken.id), roles.get(viewerToken.id), roles.get(ownersToken.id)]).toEqual(['sales-ops', 'viewer', 'admin']);
    const capped = await call(adminToken, 'GET', '/api/tokens');
    expect([capped.status, capped.text]).toEqual([403, expect.stringContaining('Your role in this workspace, sales-ops')]);
    expect((await call(adminToken, 'GET', '/api/members')).status).toBe(200);
    const pending = idsOf(await invitations(owner));
    expect([pending.includes(adminInvitation.id), pending.includes(salesOpsInvitation.id)]).toEqual([false, true]);
    const invitee = await person({});
    const withdrawn = await call(invitee, 'POST', '/api/invitations/accept', { token: adminInvitation.token });
    expect([withdrawn.status, withdrawn.text]).toEqual([404, INVITATION_NOT_VALID]);
    expect(await auditOf('PATCH /api/members/{userId}', demoted.userId)).toMatchObject({
      before: {
        email: demoted.email,
        role: 'admin',
        apiCredentials: [{ id: adminToken.id, name: 'their CI', role: 'admin' }],
        invitations: [{ id: adminInvitation.id, role: 'admin', email: null }],
      },
      after: { email: demoted.email, role: 'sales-ops', apiCredentials: [{ id: adminToken.id, role: 'sales-ops' }], invitations: [] },
    });
  });

  it('a promotion touches none of their credentials', async () => {
    const owner = await person({ [WS]: 'owner' });
    const promoted = await person({ [WS]: 'admin' });
    const theirs = await makeToken(promoted, 'their CI', 'sales-ops');
    await ok(call(owner, 'PATCH', `/api/members/${promoted.userId}`, { role: 'owner' }));
    expect((await tokens(owner)).find((token) => token.id === theirs.id)?.role).toBe('sales-ops');
    expect(await auditOf('PATCH /api/members/{userId}', promoted.userId)).toMatchObject({
      before: { role: 'admin', apiCredentials: [], invitations: [] },
      after: { role: 'owner', apiCredentials: [], invitations: [] },
    });
  });
});
