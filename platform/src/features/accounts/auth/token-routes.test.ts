import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import type mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveForTest } from '../../../../dev/testing/http.ts';
import type { Role } from '../../../core/access.ts';
import { createModels } from '../../models.ts';
import { authentication } from '../../../core/http/access-check.ts';
import { errorMiddleware } from '../../../core/http/error-middleware.ts';
import { membersRouter } from '../members/routes.ts';
import { sessionsAndTokens } from './authenticate.ts';
import { createSession, SESSION_COOKIE } from './sessions.ts';
import { tokenRouter } from './token-routes.ts';
import { createApiToken, TOKEN_REFUSED } from './tokens.ts';

// The token routes as the app mounts them, with the real authenticator, over a clock the test
// moves: expiries, a token acting for its creator, and who may see or make which token.
const DAY = 86_400_000;
const POLICY = { idleMs: 5_000 * DAY, absoluteMs: 5_000 * DAY }; // sessions outlive every expiry tested here
const [WS, OTHER] = ['acme', 'rival'];

let connection: mongoose.Connection;
let db: ReturnType<typeof createModels>;
let server: Awaited<ReturnType<typeof serveForTest>>;
const START = new Date('2026-11-25T09:00:00Z');
let clock = START;

beforeAll(async () => {
  connection = await openTestDatabase('token-routes');
  db = createModels(connection);
  await Promise.all([db.users.init(), db.memberships.init(), db.workspaces.init(), db.apiTokens.init()]);
  await db.workspaces.create([
    { slug: WS, name: 'Acme' },
    { slug: OTHER, name: 'Rival' },
  ]);
  const app = new Koa();
  app.silent = true;
  app.use(errorMiddleware(pino({ level: 'silent' })));
  app.use(authentication(sessionsAndTokens(db, POLICY, () => clock)));
  app.use(bodyParser({ enableTypes: ['json'] }));
  for (const router of [tokenRouter(db, () => clock), membersRouter(db)]) app.use(router.routes()).use(router.allowedMethods());
  server = await serveForTest(app);
});
beforeEach(() => {
  clock = START;
});
afterAll(async () => {
  await server.close();
  await connection.dropDatabase();
  await connection.close();
});

type Caller = { session: string } | { token: string };
const headersOf = (caller: Caller): Record<string, string> =>
  'session' in caller ? { cookie: `${SESSION_COOKIE}=${caller.session}` } : { authorization: `Bearer ${caller.token}` };
const call = (caller: Caller, method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { ...headersOf(caller), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

let people = 0;
/** A new user who is `role` in `workspace`, signed in. */
async function member(workspace: string, role: Role) {
  people += 1;
  const user = await db.users.create({ email: `person-${people}@acme.example`, name: `Person ${people}`, passwordHash: 'not used here' });
  await db.memberships.create({ userId: user._id, workspaceId: workspace, role });
  return { userId: user._id, session: await createSession(db, user._id, clock, POLICY) };
}

interface Created {
  id: string;
  token: string;
  role: Role;
  createdAt: string;
  expiresAt: string | null;
}
async function createToken(caller: Caller, body: object, workspace = WS): Promise<Created> {
  const response = await call(caller, 'POST', `/api/tokens?workspace=${workspace}`, { name: 'a script', ...body });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Created;
}
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
/** Whether the token may still act: a read every member may make. */
const works = (token: string) => call({ token }, 'GET', '/api/members');

describe('token expiry', () => {
  it('is 90 days when the creator does not say: the token works until then, and is refused (401) from then on', async () => {
    const owner = await member(WS, 'owner');
    const created = await createToken(owner, { role: 'viewer' });
    expect(Date.parse(created.expiresAt!) - Date.parse(created.createdAt)).toBe(90 * DAY);
    const listed = (await (await call(owner, 'GET', '/api/tokens')).json()) as Array<{ id: string; expiresAt: string | null }>;
    expect(listed.find((token) => token.id === created.id)?.expiresAt).toBe(created.expiresAt);
    later(90 * DAY - 1);
    expect((await works(created.token)).status).toBe(200);
    later(1);
    const expired = await works(created.token);
    expect([expired.status, await expired.text()]).toEqual([401, TOKEN_REFUSED.expired]);
  });

  it('may be 1 to 365 days, or never (null); anything else is refused, naming the field', async () => {
    const owner = await member(WS, 'owner');
    const month = await createToken(owner, { role: 'viewer', expiresInDays: 30 });
    expect(Date.parse(month.expiresAt!) - Date.parse(month.createdAt)).toBe(30 * DAY);
    const forever = await createToken(owner, { role: 'viewer', expiresInDays: null });
    expect(forever.expiresAt).toBeNull();
    later(3_650 * DAY);
    expect((await works(forever.token)).status).toBe(200);
    expect((await works(month.token)).status).toBe(401);
    for (const expiresInDays of [0, 366, 1.5, '90', -1]) {
      const refused = await call(owner, 'POST', '/api/tokens', { name: 'bad expiry', role: 'viewer', expiresInDays });
      expect([refused.status, await refused.text()], String(expiresInDays)).toEqual([
        400,
        expect.stringContaining('expiresInDays: must be a whole number of days from 1 to 365, or null for never'),
      ]);
    }
  });

  it('keeps tokens made before expiries working (no expiresAt: never)', async () => {
    const { token, view } = await createApiToken(db, { workspace: WS, name: 'old', role: 'viewer', createdBy: null }, clock);
    await db.apiTokens.updateOne({ workspaceId: WS, publicId: view.id }, { $unset: { expiresAt: 1 } });
    later(1_000 * DAY);
    expect((await works(token)).status).toBe(200);
  });
});

describe('a token acts for its creator', () => {
  it('with at most their current role, and not at all once they left the workspace', async () => {
    const admin = await member(WS, 'admin');
    const created = await createToken(admin, { role: 'admin' });
    expect((await call(created, 'GET', '/api/tokens')).status).toBe(200);
    // The membership changed behind the members routes' back (which would also cap the token): the use checks anyway.
    await db.memberships.updateOne({ userId: admin.userId, workspaceId: WS }, { $set: { role: 'viewer' } });
    const capped = await call(created, 'GET', '/api/tokens');
    expect([capped.status, await capped.text()]).toEqual([403, expect.stringContaining('Your role in this workspace, viewer')]);
    expect((await works(created.token)).status).toBe(200);
    await db.memberships.deleteOne({ userId: admin.userId, workspaceId: WS });
    const refused = await works(created.token);
    expect([refused.status, await refused.text()]).toEqual([401, TOKEN_REFUSED.creatorLeft]);
  });

  it('unless it has no creator (made by the platform): it acts with its own role', async () => {
    const { token } = await createApiToken(db, { workspace: WS, name: 'system', role: 'admin', createdBy: null }, clock);
    expect((await call({ token }, 'GET', '/api/tokens')).status).toBe(200);
  });
});

describe('nobody makes or touches a token beyond their own', () => {
  it("a token of one workspace neither lists, revokes nor makes another's tokens", async () => {
    const ownerOfA = await member(WS, 'owner');
    const ownerOfB = await member(OTHER, 'owner');
    const ofA = await createToken(ownerOfA, { role: 'owner' });
    const ofB = await createToken(ownerOfB, { role: 'viewer' }, OTHER);
    const listing = await call(ofA, 'GET', `/api/tokens?workspace=${OTHER}`);
    expect([listing.status, await listing.text()]).toEqual([404, `Workspace "${OTHER}" not found.`]);
    expect((await call(ofA, 'DELETE', `/api/tokens/${ofB.id}?workspace=${OTHER}`)).status).toBe(404);
    expect((await call(ofA, 'DELETE', `/api/tokens/${ofB.id}`)).status).toBe(404); // in its own workspace, B's id names nothing
    expect((await call(ofA, 'POST', `/api/tokens?workspace=${OTHER}`, { name: 'into B', role: 'viewer' })).status).toBe(404);
    expect((await works(ofB.token)).status).toBe(200);
    const inB = (await (await call(ownerOfB, 'GET', `/api/tokens?workspace=${OTHER}`)).json()) as Array<{ id: string }>;
    expect(inB.map((token) => token.id)).toEqual([ofB.id]);
  });

  it('sales-ops make no tokens, and an admin (or an admin token) none stronger than admin', async () => {
    const salesOps = await member(WS, 'sales-ops');
    const refused = await call(salesOps, 'POST', '/api/tokens', { name: 'escalate', role: 'admin' });
    expect([refused.status, await refused.text()]).toEqual([403, expect.stringContaining('it takes admin or above')]);
    const admin = await member(WS, 'admin');
    const adminToken = await createToken(admin, { role: 'admin' });
    for (const caller of [admin, adminToken]) {
      const stronger = await call(caller, 'POST', '/api/tokens', { name: 'escalate', role: 'owner' });
      expect([stronger.status, await stronger.text()]).toEqual([
        403,
        expect.stringContaining('your role is admin, the token asks for owner'),
      ]);
    }
  });
});
