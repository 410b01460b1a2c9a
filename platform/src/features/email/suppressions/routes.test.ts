import { Writable } from 'node:stream';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import { Types, type default as mongoose } from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveForTest } from '../../../../dev/testing/http.ts';
import type { Role } from '../../../core/access.ts';
import { createModels } from '../../models.ts';
import { authentication } from '../../../core/http/access-check.ts';
import { docsOf } from '../../../core/http/api-route.ts';
import { errorMiddleware } from '../../../core/http/error-middleware.ts';
import { auditTrail } from '../../accounts/audit/trail.ts';
import { sessionsAndTokens } from '../../accounts/auth/authenticate.ts';
import { DEFAULT_SESSION_POLICY } from '../../accounts/auth/sessions.ts';
import { createApiToken } from '../../accounts/auth/tokens.ts';
import { suppress, suppressionOf } from './suppression.ts';
import type { SuppressionPage } from './api-schemas.ts';
import { suppressionsRouter, suppressionsRoutes } from './routes.ts';

// The suppression list through its routes as the app mounts them (real tokens and roles, the
// audit trail), over the run's database, beside the entries unsubscribes and bounces write.
const [WS, OTHER] = ['acme', 'rival'];

let connection: mongoose.Connection;
let db: ReturnType<typeof createModels>;
let server: Awaited<ReturnType<typeof serveForTest>>;
const tokens = {} as Record<Role | 'other', string>;
const tokenIds = {} as Record<Role, string>;

beforeAll(async () => {
  connection = await openTestDatabase('suppressions');
  db = createModels(connection);
  await Promise.all([db.suppressions.init(), db.apiTokens.init(), db.workspaces.init()]);
  for (const role of ['owner', 'admin', 'sales-ops', 'viewer'] as const) {
    const created = await createApiToken(db, { workspace: WS, name: role, role, createdBy: null }, new Date());
    [tokens[role], tokenIds[role]] = [created.token, created.view.id];
  }
  tokens.other = (await createApiToken(db, { workspace: OTHER, name: 'rival owner', role: 'owner', createdBy: null }, new Date())).token;
  const logger = pino({ level: 'silent' }, new Writable({ write: (_chunk, _, done) => done() }));
  const app = new Koa();
  app.silent = true;
  app.use(errorMiddleware(logger));
  app.use(authentication(sessionsAndTokens(db, DEFAULT_SESSION_POLICY)));
  app.use(bodyParser({ enableTypes: ['json'] }));
  app.use(auditTrail(db, docsOf(suppressionsRoutes), logger));
  const router = suppressionsRouter({ db });
  app.use(router.routes()).use(router.allowedMethods());
  server = await serveForTest(app);
});
afterAll(async () => {
  await server?.close();
  await connection.dropDatabase();
  await connection.close();
});

const call = async (as: keyof typeof tokens, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${tokens[as]}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: text.startsWith('{') || text.startsWith('[') ? (JSON.parse(text) as unknown) : text };
};
const list = async (query = '', as: keyof typeof tokens = 'viewer') => {
  const answer = await call(as, 'GET', `/api/suppressions${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as SuppressionPage;
};
const add = (entries: string[], reason?: string, as: keyof typeof tokens = 'admin') =>
  call(as, 'POST', '/api/suppressions', reason === undefined ? { entries } : { entries, reason });
const stored = () => connection.collection('suppressions').countDocuments({ workspaceId: WS });

describe('the suppression list', () => {
  it('is empty in a workspace nobody has suppressed anyone in', async () => {
    expect(await list()).toEqual({ items: [], total: 0, page: 1, limit: 25, byReason: [] });
  });

  it('takes addresses and domains from admins, in any written form, recording who added them', async () => {
    const answer = await add(['Ada@Acme.example', 'bo@acme.example', 'rival.example', '@other.example', '*@third.example']);
    expect(answer).toMatchObject({ status: 200, body: { added: 5, alreadyPresent: 0 } });
    const { items, total } = await list();
    expect(total).toBe(5);
    expect(items.map((item) => [item.email, item.kind])).toEqual(
      expect.arrayContaining([
        ['ada@acme.example', 'address'],
        ['bo@acme.example', 'address'],
        ['*@rival.example', 'domain'],
        ['*@other.example', 'domain'],
        ['*@third.example', 'domain'],
      ]),
    );
    for (const item of items)
      expect(item).toEqual({
        email: item.email,
        kind: item.kind,
        reason: 'manual',
        source: 'manual',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        addedBy: `token:${tokenIds.admin}`,
      });
    expect(await connection.collection('suppressions').findOne({ workspaceId: WS, email: '*@rival.example' })).toMatchObject({
      reason: 'manual',
      source: 'manual',
      addedBy: `token:${tokenIds.admin}`,
      createdAt: expect.any(Date),
    });
  });

  it('makes a domain entry suppress every address at that domain, as the send activity looks it up', async () => {
    expect(await suppressionOf(db, WS, 'Anyone@Rival.example')).toMatchObject({ email: '*@rival.example', reason: 'manual' });
    expect(await suppressionOf(db, WS, 'ada@acme.example')).toMatchObject({ email: 'ada@acme.example' });
    expect(await suppressionOf(db, WS, 'cy@acme.example')).toBeNull();
    expect(await suppressionOf(db, OTHER, 'anyone@rival.example')).toBeNull();
  });

  it('refuses a list with a bad entry, naming each with why, and writes none of it', async () => {
    const before = await stored();
    const refused = await add(['cy@acme.example', 'not an address', 'ada@', 'acme', 'https://acme.example/']);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('entries.1: "not an address" holds spaces');
    expect(refused.text).toContain('entries.2: "ada@" is not an email address');
    expect(refused.text).toContain('entries.3: "acme" is neither an email address nor a domain');
    expect(refused.text).toContain('entries.4: "https://acme.example/" is a web address');
    expect(refused.text).not.toContain('entries.0');
    expect(await stored()).toBe(before);
    expect(await suppressionOf(db, WS, 'cy@acme.example')).toBeNull();

    for (const body of [{ entries: [] }, { entries: Array.from({ length: 1_001 }, (_, n) => `p${n}@acme.example`) }, {}]) {
      const answer = await call('admin', 'POST', '/api/suppressions', body);
      expect([answer.status, answer.text]).toEqual([400, expect.stringContaining('entries: ')]);
    }
    expect(await add(['cy@acme.example'], '   ')).toMatchObject({
      status: 400,
      text: expect.stringContaining('reason: must not be blank'),
    });
    expect(await stored()).toBe(before);
  });

  it('is idempotent: an entry already listed keeps its first reason and is counted as already present', async () => {
    const answer = await add(['ADA@acme.example', 'dee@acme.example', 'Dee@Acme.example', 'fourth.example'], 'asked by phone');
    expect(answer).toMatchObject({ status: 200, body: { added: 2, alreadyPresent: 1 } });
    const { items } = await list('?limit=100');
    const reasons = Object.fromEntries(items.map((item) => [item.email, item.reason]));
    expect(reasons).toMatchObject({
      'ada@acme.example': 'manual',
      'bo@acme.example': 'manual',
      'dee@acme.example': 'asked by phone',
      '*@fourth.example': 'asked by phone',
    });
    expect(await add(['ada@acme.example'])).toMatchObject({ status: 200, body: { added: 0, alreadyPresent: 1 } });
  });

  it('lists unsubscribes, bounces and replies with their source, and older entries that have neither source nor date', async () => {
    await suppress(db, WS, 'un@lead.example', 'unsubscribed');
    await suppress(db, WS, 'gone@lead.example', 'bounced');
    await suppress(db, WS, 'stop@lead.example', 'asked to be removed');
    // Written before entries had a source or dates: dated by its id.
    const old = new Date('2024-03-01T10:00:00Z');
    await connection.collection('suppressions').insertOne({
      _id: Types.ObjectId.createFromTime(old.getTime() / 1000),
      workspaceId: WS,
      email: 'old@lead.example',
      reason: 'bounced',
    });
    const { items } = await list('?search=lead.example');
    expect(Object.fromEntries(items.map((item) => [item.email, [item.reason, item.source, item.addedBy]]))).toEqual({
      'un@lead.example': ['unsubscribed', 'unsubscribe', undefined],
      'gone@lead.example': ['bounced', 'bounce', undefined],
      'stop@lead.example': ['asked to be removed', 'reply', undefined],
      'old@lead.example': ['bounced', 'bounce', undefined],
    });
    expect(items.find((item) => item.email === 'old@lead.example')?.createdAt).toBe(old.toISOString());
  });

  it('lists newest first, searched, filtered by reason and a page at a time, with every entry counted by reason', async () => {
    const all = await list('?limit=100');
    expect(all.total).toBe(11);
    // Newest first; entries of the same instant (added in one request, or within a millisecond) by address.
    const newestFirst = [...all.items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || a.email.localeCompare(b.email));
    expect(all.items.map((item) => item.email)).toEqual(newestFirst.map((item) => item.email));
    expect(all.items.at(-1)?.email).toBe('old@lead.example');
    expect(all.byReason).toEqual([
      { reason: 'manual', count: 5 },
      { reason: 'asked by phone', count: 2 },
      { reason: 'bounced', count: 2 },
      { reason: 'asked to be removed', count: 1 },
      { reason: 'unsubscribed', count: 1 },
    ]);

    const bounced = await list('?reason=bounced');
    expect(bounced.items.map((item) => item.email).sort()).toEqual(['gone@lead.example', 'old@lead.example']);
    expect([bounced.total, bounced.byReason]).toEqual([2, all.byReason]);
    expect((await list('?search=RIVAL')).items.map((item) => item.email)).toEqual(['*@rival.example']);
    expect((await list('?search=.*')).items).toEqual([]); // typed symbols match literally
    expect((await list('?search=acme&reason=manual')).total).toBe(2);

    const [first, second, last] = [await list('?limit=4'), await list('?limit=4&page=2'), await list('?limit=4&page=3')];
    expect([first.items.length, second.items.length, last.items.length]).toEqual([4, 4, 3]);
    expect([...first.items, ...second.items, ...last.items].map((item) => item.email)).toEqual(all.items.map((item) => item.email));
    expect((await list('?page=9')).items).toEqual([]);
  });

  it('refuses bad query parameters, naming each', async () => {
    const answer = await call('viewer', 'GET', `/api/suppressions?page=0&limit=500&search=${'x'.repeat(201)}`);
    expect(answer.status).toBe(400);
    for (const name of ['page', 'limit', 'search']) expect(answer.text).toContain(`${name}: `);
    expect((await call('viewer', 'GET', '/api/suppressions?limit=ten')).text).toContain('limit: ');
  });

  it('removes an address or a domain (in any written form), after which it may be emailed again; 404 when absent', async () => {
    expect(await call('admin', 'DELETE', `/api/suppressions/${encodeURIComponent('Ada@Acme.example')}`)).toMatchObject({
      status: 200,
      body: { removed: true },
    });
    expect(await suppressionOf(db, WS, 'ada@acme.example')).toBeNull();
    expect(await call('admin', 'DELETE', `/api/suppressions/${encodeURIComponent('*@rival.example')}`)).toMatchObject({ status: 200 });
    expect(await suppressionOf(db, WS, 'anyone@rival.example')).toBeNull();
    expect((await call('admin', 'DELETE', '/api/suppressions/other.example')).status).toBe(200);

    const again = await call('admin', 'DELETE', `/api/suppressions/${encodeURIComponent('ada@acme.example')}`);
    expect([again.status, again.text]).toEqual([404, 'ada@acme.example is not on the suppression list.']);
    const bad = await call('admin', 'DELETE', `/api/suppressions/${encodeURIComponent('not an address')}`);
    expect([bad.status, bad.text]).toEqual([400, expect.stringContaining('email: ')]);
    const badDomain = await call('admin', 'DELETE', `/api/suppressions/${encodeURIComponent('ada@acme.x')}`);
    expect([badDomain.status, badDomain.text]).toEqual([400, 'Invalid request: email: "ada@acme.x" is not an email address']);
  });

  it('is read by every member, and changed by admins and owners only', async () => {
    for (const role of ['viewer', 'sales-ops'] as const) {
      expect((await call(role, 'GET', '/api/suppressions')).status, role).toBe(200);
      expect((await add([`${role}@acme.example`], undefined, role)).status, role).toBe(403);
      expect((await call(role, 'DELETE', '/api/suppressions/bo%40acme.example')).status, role).toBe(403);
    }
    expect(await suppressionOf(db, WS, 'bo@acme.example')).not.toBeNull();
    expect(await add(['owner@acme.example'], undefined, 'owner')).toMatchObject({ status: 200, body: { added: 1 } });
  });

  it("is the workspace's own: another workspace neither sees nor removes its entries, and keeps a list of its own", async () => {
    expect(await list('', 'other')).toEqual({ items: [], total: 0, page: 1, limit: 25, byReason: [] });
    const removed = await call('other', 'DELETE', '/api/suppressions/bo%40acme.example');
    expect([removed.status, removed.text]).toEqual([404, 'bo@acme.example is not on the suppression list.']);
    expect(await suppressionOf(db, WS, 'bo@acme.example')).not.toBeNull();
    expect(await add(['bo@acme.example'], 'theirs', 'other')).toMatchObject({ status: 200, body: { added: 1, alreadyPresent: 0 } });
    expect((await list('?search=bo@', 'other')).items).toEqual([expect.objectContaining({ email: 'bo@acme.example', reason: 'theirs' })]);
    expect((await list('?search=bo@')).items).toEqual([expect.objectContaining({ email: 'bo@acme.example', reason: 'manual' })]);
    // Nor through ?workspace= naming the other's.
    expect((await call('other', 'GET', `/api/suppressions?workspace=${WS}`)).status).toBe(404);
  });

  it('leaves every change in the audit trail, with what was added and what was removed', async () => {
    const entries = await db.auditEntries.find({ workspaceId: WS }).sort({ at: 1 }).lean();
    const added = entries.filter((entry) => entry.action === 'POST /api/suppressions');
    expect(added).toHaveLength(4); // the refused requests changed nothing and are not recorded
    expect(added[0]).toMatchObject({
      actor: `token:${tokenIds.admin}`,
      before: null,
      after: { added: expect.arrayContaining(['ada@acme.example', '*@rival.example']), alreadyPresent: 0, reason: null },
    });
    expect(added[1]).toMatchObject({
      after: { added: ['dee@acme.example', '*@fourth.example'], alreadyPresent: 1, reason: 'asked by phone' },
    });
    const removed = entries.filter((entry) => entry.action === 'DELETE /api/suppressions/{email}');
    expect(removed.map((entry) => [entry.target, (entry.before as { email: string }).email, entry.after])).toEqual([
      [{ email: 'Ada@Acme.example' }, 'ada@acme.example', null],
      [{ email: '*@rival.example' }, '*@rival.example', null],
      [{ email: 'other.example' }, '*@other.example', null],
    ]);
  });
});
