import { createCipheriv, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import type mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '@meetflow/plugin-channel-email-smtp/testing';
import { freePort } from '../../../../dev/devstack/ports.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveForTest } from '../../../../dev/testing/http.ts';
import type { Role } from '../../../core/access.ts';
import { createModels } from '../../models.ts';
import { authentication } from '../../../core/http/access-check.ts';
import { docsOf } from '../../../core/http/api-route.ts';
import { errorMiddleware } from '../../../core/http/error-middleware.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { NO_KEY_IN_PRODUCTION, type Secrets } from '../../../core/secrets-key.ts';
import { auditTrail } from '../../accounts/audit/trail.ts';
import { sessionsAndTokens } from '../../accounts/auth/authenticate.ts';
import { DEFAULT_SESSION_POLICY } from '../../accounts/auth/sessions.ts';
import { createApiToken } from '../../accounts/auth/tokens.ts';
import { PluginHost } from '../../runs/plugins/host.ts';
import { installedPlugins } from '../../runs/plugins/installed.ts';
import { mailboxesRouter, mailboxesRoutes } from './routes.ts';

// Mailboxes through their routes as the app mounts them (real tokens and roles, the audit trail),
// tested against a real SMTP server on loopback that accepts one login and refuses every other.
const SMTP_USER = 'sender@acme.example';
const SMTP_PASSWORD = 'correct horse battery staple';
const WRONG_PASSWORD = 'not the password at all';
const [WS, OTHER] = ['acme', 'rival'];

let connection: mongoose.Connection;
let db: ReturnType<typeof createModels>;
let smtp: SmtpSink;
let smtpPort: number;
let closedPort: number;
const servers: Array<Awaited<ReturnType<typeof serveForTest>>> = [];
const logLines: string[] = [];
const tokens = {} as Record<Role | 'other', string>;

/**
 * The mailbox routes in the app's order (errors, who is calling, JSON bodies, the audit trail), over
 * `secrets`; the address policy lets mailboxes use `mailAllowHosts` (loopback, where the test servers are).
 */
async function serveMailboxes(secrets: Secrets, mailAllowHosts: readonly string[] = ['127.0.0.1']) {
  const logger = pino({ level: 'trace' }, new Writable({ write: (chunk, _, done) => done(void logLines.push(String(chunk))) }));
  const app = new Koa();
  app.silent = true;
  app.use(errorMiddleware(logger));
  app.use(authentication(sessionsAndTokens(db, DEFAULT_SESSION_POLICY)));
  app.use(bodyParser({ enableTypes: ['json'] }));
  app.use(auditTrail(db, docsOf(mailboxesRoutes), logger));
  const router = mailboxesRouter({ db, secrets, mailAllowHosts, channel: PluginHost.load(installedPlugins).channel('email') });
  app.use(router.routes()).use(router.allowedMethods());
  const served = await serveForTest(app);
  servers.push(served);
  return served.url;
}
let url: string;
const key = randomBytes(32);

beforeAll(async () => {
  smtp = await startSmtpSink(SMTP_USER, SMTP_PASSWORD); // accepts that one login, refuses any other
  smtpPort = smtp.port;
  closedPort = await freePort();

  connection = await openTestDatabase('mailboxes');
  db = createModels(connection);
  await Promise.all([db.mailboxes.init(), db.apiTokens.init(), db.workspaces.init()]);
  for (const role of ['owner', 'admin', 'sales-ops', 'viewer'] as const)
    tokens[role] = (await createApiToken(db, { workspace: WS, name: role, role, createdBy: null }, new Date())).token;
  tokens.other = (await createApiToken(db, { workspace: OTHER, name: 'rival owner', role: 'owner', createdBy: null }, new Date())).token;
  url = await serveMailboxes(secretsBox(key));
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await smtp.close();
  await connection.dropDatabase();
  await connection.close();
});

const call = async (as: keyof typeof tokens, method: string, path: string, body?: unknown, base = url, accept?: 'json') => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens[as]}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(accept ? { accept: 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: text.startsWith('{') || text.startsWith('[') ? (JSON.parse(text) as unknown) : text };
};
const PASSWORD_AGAIN_TEXT = 'enter the password again: the connection settings changed';
const newMailbox = (overrides: Record<string, unknown> = {}) => ({
  fromName: 'Ada Lane',
  fromAddress: 'Ada@Acme.example',
  signature: 'Ada Lane\nHead of Sales, Acme',
  smtp: { host: '127.0.0.1', port: smtpPort, tls: 'none', user: SMTP_USER },
  password: SMTP_PASSWORD,
  ...overrides,
});
const created = async (overrides: Record<string, unknown> = {}) => {
  const answer = await call('admin', 'POST', '/api/mailboxes', newMailbox(overrides));
  expect(answer.status, answer.text).toBe(201);
  return answer.body as { id: string; fromAddress: string };
};
const testConnection = async (id: string, as: keyof typeof tokens = 'admin') => call(as, 'POST', `/api/mailboxes/${id}/test`);

describe('mailboxes', () => {
  let mailbox: { id: string };

  it('are created by admins and listed to every member, never with their password', async () => {
    mailbox = await created();
    expect(mailbox).toMatchObject({ fromAddress: 'ada@acme.example', passwordSet: true, status: 'active', dailyCap: 30, lastTest: null });
    const listed = await call('viewer', 'GET', '/api/mailboxes');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        id: mailbox.id,
        signature: 'Ada Lane\nHead of Sales, Acme',
        smtp: { host: '127.0.0.1', port: smtpPort, tls: 'none', user: SMTP_USER },
        passwordSet: true,
      }),
    ]);
    expect(listed.text).not.toContain(SMTP_PASSWORD);
    expect(listed.text).not.toMatch(/ciphertext|"iv"|"tag"/);
  });

  it('store the password only encrypted (AES-256-GCM, bound to its mailbox), in the raw document', async () => {
    const raw = await connection.collection('mailboxes').findOne({ workspaceId: WS });
    const stored = JSON.stringify(raw);
    expect(stored).not.toContain(SMTP_PASSWORD);
    expect(stored).not.toContain(Buffer.from(SMTP_PASSWORD).toString('base64'));
    expect(raw?.password).toEqual({
      v: 2, // bound to this mailbox (GCM's associated data): see the AAD tests below
      keyId: expect.stringMatching(/^[0-9a-f]{16}$/),
      iv: expect.any(String),
      tag: expect.any(String),
      ciphertext: expect.any(String),
    });
  });

  it('pass Test connection with the right password, and record it', async () => {
    expect(await testConnection(mailbox.id)).toEqual({ status: 200, text: '{"ok":true}', body: { ok: true } });
    const [listed] = (await call('viewer', 'GET', '/api/mailboxes')).body as Array<{ lastTest: unknown }>;
    expect(listed?.lastTest).toEqual({ at: expect.any(String), ok: true, error: null });
  });

  it('fail Test connection with a classified reason, never what the server said: a wrong password, a closed port (a 200, not a 500)', async () => {
    const wrong = await created({ fromAddress: 'wrong@acme.example', password: WRONG_PASSWORD });
    const refused = await testConnection(wrong.id);
    expect([refused.status, refused.body]).toEqual([200, { ok: false, error: 'authentication failed' }]);
    expect(refused.text).not.toMatch(/535|Invalid username or password/); // the server's reply
    expect(refused.text).not.toContain(WRONG_PASSWORD);

    const closed = await created({ fromAddress: 'closed@acme.example', smtp: { ...newMailbox().smtp, port: closedPort } });
    expect(await testConnection(closed.id)).toMatchObject({ status: 200, body: { ok: false, error: 'connection refused' } });
    const listed = (await call('viewer', 'GET', '/api/mailboxes')).body as Array<{ id: string; lastTest: { ok: boolean; error: string } }>;
    expect(listed.find((entry) => entry.id === closed.id)?.lastTest).toMatchObject({ ok: false, error: 'connection refused' });
  });

  it('take the password again when a change would send it to another server or login (400 naming password), not otherwise', async () => {
    const moving = await created({ fromAddress: 'moving@acme.example', imap: { host: '127.0.0.1', port: closedPort, tls: 'none' } });
    for (const change of [
      { smtp: { port: closedPort } },
      { smtp: { host: '8.8.8.8' } },
      { smtp: { user: 'someone.else@acme.example' } },
      { imap: { host: '127.0.0.1', port: smtpPort, tls: 'none' } },
      { fromName: 'Moved', smtp: { host: '127.0.0.1', port: smtpPort, tls: 'none', user: SMTP_USER }, imap: null, status: 'paused' },
    ]) {
      const answer = await call('admin', 'PATCH', `/api/mailboxes/${moving.id}`, change, undefined, 'json');
      if ('imap' in change && change.imap === null) {
        // The same SMTP server and login, IMAP turned off: nothing goes anywhere new.
        expect(answer.status, JSON.stringify(change)).toBe(200);
        continue;
      }
      expect([answer.status, answer.body], JSON.stringify(change)).toEqual([
        400,
        {
          error: 'Invalid request: password: enter the password again: the connection settings changed',
          fields: { password: 'enter the password again: the connection settings changed' },
        },
      ]);
    }
    const stored = await connection.collection('mailboxes').findOne({ workspaceId: WS, publicId: moving.id });
    expect(stored).toMatchObject({ smtp: { port: smtpPort, user: SMTP_USER }, imap: null, fromName: 'Moved' });
    // A stronger TLS mode alone, or anything with the password: taken. A weaker one sends the password less protected: asked for.
    expect((await call('admin', 'PATCH', `/api/mailboxes/${moving.id}`, { smtp: { tls: 'starttls' } })).status).toBe(200);
    const weakened = await call('admin', 'PATCH', `/api/mailboxes/${moving.id}`, { smtp: { tls: 'none' } }, undefined, 'json');
    expect([weakened.status, (weakened.body as { fields: object }).fields]).toEqual([400, { password: PASSWORD_AGAIN_TEXT }]);
    const moved = await call('admin', 'PATCH', `/api/mailboxes/${moving.id}`, {
      smtp: { port: smtpPort, tls: 'none' },
      imap: { host: '127.0.0.1', port: closedPort, tls: 'none' },
      password: SMTP_PASSWORD,
    });
    expect(moved).toMatchObject({ status: 200, body: { imap: { port: closedPort } } });
    expect((await testConnection(moving.id)).body).toEqual({ ok: true });
  });

  it('refuse a server that is, or resolves to, a private, loopback, link-local or metadata address (400 naming the host field)', async () => {
    const strict = await serveMailboxes(secretsBox(key), []);
    const refused = async (overrides: Record<string, unknown>, base = strict) =>
      call('admin', 'POST', '/api/mailboxes', newMailbox({ fromAddress: 'policy@acme.example', ...overrides }), base, 'json');
    for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '192.168.0.10', '169.254.169.254', '::1', '100.64.0.1']) {
      const answer = await refused({ smtp: { ...newMailbox().smtp, host } });
      expect(answer.status, host).toBe(400);
      expect((answer.body as { fields: Record<string, string> }).fields, host).toEqual({
        'smtp.host': `address not allowed: ${host} is, or resolves to, a private, loopback or link-local address`,
      });
    }
    const imap = await refused({ smtp: { ...newMailbox().smtp, host: '8.8.8.8' }, imap: { host: '172.16.0.5', port: 993, tls: 'tls' } });
    expect([imap.status, Object.keys((imap.body as { fields: object }).fields)]).toEqual([400, ['imap.host']]);
    // Allowed as host:port: that port only.
    const onePort = await serveMailboxes(secretsBox(key), [`127.0.0.1:${smtpPort}`]);
    expect((await refused({}, onePort)).status).toBe(201);
    const other = await refused({ fromAddress: 'other-port@acme.example', smtp: { ...newMailbox().smtp, port: closedPort } }, onePort);
    expect(Object.keys((other.body as { fields: object }).fields)).toEqual(['smtp.host']);
    const [policy] = ((await call('viewer', 'GET', '/api/mailboxes')).body as Array<{ id: string; fromAddress: string }>).filter(
      (mailbox) => mailbox.fromAddress === 'policy@acme.example',
    );
    // A change moving a mailbox inward is refused the same way, password or not.
    const inward = await call(
      'admin',
      'PATCH',
      `/api/mailboxes/${policy!.id}`,
      { smtp: { port: closedPort }, password: SMTP_PASSWORD },
      onePort,
      'json',
    );
    expect([inward.status, Object.keys((inward.body as { fields: object }).fields)]).toEqual([400, ['smtp.host']]);
  });

  it('check the address again at each Test connection: one no longer allowed is "address not allowed", nothing sent there', async () => {
    const strict = await serveMailboxes(secretsBox(key), []);
    const [first] = (await call('viewer', 'GET', '/api/mailboxes')).body as Array<{ id: string }>;
    expect((await testConnection(first!.id)).body).toEqual({ ok: true });
    const answer = await call('admin', 'POST', `/api/mailboxes/${first!.id}/test`, undefined, strict);
    expect([answer.status, answer.body]).toEqual([200, { ok: false, error: 'address not allowed' }]);
    const [listed] = (await call('viewer', 'GET', '/api/mailboxes')).body as Array<{ lastTest: unknown }>;
    expect(listed?.lastTest).toEqual({ at: expect.any(String), ok: false, error: 'address not allowed' });
    expect((await testConnection(first!.id)).body).toEqual({ ok: true });
  });

  it("seal each password bound to its mailbox: copied onto another mailbox's record, it does not open (409, enter it again)", async () => {
    const [first, wrong] = (await call('viewer', 'GET', '/api/mailboxes')).body as Array<{ id: string }>;
    const raw = connection.collection('mailboxes');
    const good = await raw.findOne({ workspaceId: WS, publicId: first!.id });
    expect(good?.password).toMatchObject({ v: 2 });
    const before = await raw.findOne({ workspaceId: WS, publicId: wrong!.id });
    await raw.updateOne({ workspaceId: WS, publicId: wrong!.id }, { $set: { password: good!.password } });
    const answer = await testConnection(wrong!.id);
    expect([answer.status, answer.text]).toEqual([409, expect.stringMatching(/cannot be opened here: enter it again\.$/)]);
    expect((await testConnection(first!.id)).body).toEqual({ ok: true });
    await raw.updateOne({ workspaceId: WS, publicId: wrong!.id }, { $set: { password: before!.password } });
  });

  it('open a password sealed before passwords were bound (no v), and seal it again bound to its mailbox at that first use', async () => {
    const [first] = (await call('viewer', 'GET', '/api/mailboxes')).body as Array<{ id: string }>;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const ciphertext = Buffer.concat([cipher.update(SMTP_PASSWORD, 'utf8'), cipher.final()]);
    const legacy = {
      keyId: secretsBox(key).keyId,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      ciphertext: ciphertext.toString('base64'),
    };
    const raw = connection.collection('mailboxes');
    await raw.updateOne({ workspaceId: WS, publicId: first!.id }, { $set: { password: legacy } });
    expect((await testConnection(first!.id)).body).toEqual({ ok: true });
    const resealed = (await raw.findOne({ workspaceId: WS, publicId: first!.id }))?.password as Record<string, unknown>;
    expect(resealed).toMatchObject({ v: 2, keyId: legacy.keyId });
    expect(resealed.ciphertext).not.toBe(legacy.ciphertext);
    expect((await testConnection(first!.id)).body).toEqual({ ok: true });
  });

  it('keep the stored password when a change leaves it out, and take a new one when given', async () => {
    const renamed = await call('admin', 'PATCH', `/api/mailboxes/${mailbox.id}`, { fromName: 'Ada L.', smtp: { port: smtpPort } });
    expect(renamed).toMatchObject({ status: 200, body: { fromName: 'Ada L.', passwordSet: true, smtp: { user: SMTP_USER } } });
    expect((await testConnection(mailbox.id)).body).toEqual({ ok: true });
    expect(await call('admin', 'PATCH', `/api/mailboxes/${mailbox.id}`, {})).toMatchObject({ status: 200, body: { fromName: 'Ada L.' } });
    expect((await call('admin', 'PATCH', `/api/mailboxes/${mailbox.id}`, { password: WRONG_PASSWORD })).status).toBe(200);
    expect((await testConnection(mailbox.id)).body).toMatchObject({ ok: false });
    expect((await call('admin', 'PATCH', `/api/mailboxes/${mailbox.id}`, { password: SMTP_PASSWORD })).status).toBe(200);
    expect((await testConnection(mailbox.id)).body).toEqual({ ok: true });
  });

  it('refuse a second mailbox sending from the same address, whatever its case', async () => {
    const twice = await call('admin', 'POST', '/api/mailboxes', newMailbox({ fromAddress: 'ADA@acme.example' }));
    expect([twice.status, twice.text]).toEqual([
      409,
      'A mailbox sending from ada@acme.example already exists in this workspace: edit that one instead.',
    ]);
    const renamed = await call('admin', 'PATCH', `/api/mailboxes/${mailbox.id}`, { fromAddress: 'wrong@acme.example' });
    expect(renamed.status).toBe(409);
  });

  it('refuse bad settings, naming each field', async () => {
    const bad = await call(
      'admin',
      'POST',
      '/api/mailboxes',
      newMailbox({ fromAddress: 'not-an-email', smtp: { host: 'smtp host', port: 70_000, tls: 'ssl', user: '' } }),
    );
    expect(bad.status).toBe(400);
    for (const field of ['fromAddress', 'smtp.host', 'smtp.port', 'smtp.tls', 'smtp.user']) expect(bad.text).toContain(`${field}: `);
  });

  it('are managed by admins only: a viewer lists, but cannot create, change, test or remove', async () => {
    expect((await call('viewer', 'GET', '/api/mailboxes')).status).toBe(200);
    expect((await call('viewer', 'POST', '/api/mailboxes', newMailbox({ fromAddress: 'viewer@acme.example' }))).status).toBe(403);
    expect((await call('sales-ops', 'POST', '/api/mailboxes', newMailbox({ fromAddress: 'ops@acme.example' }))).status).toBe(403);
    expect((await call('viewer', 'PATCH', `/api/mailboxes/${mailbox.id}`, { fromName: 'X' })).status).toBe(403);
    expect((await testConnection(mailbox.id, 'viewer')).status).toBe(403);
    expect((await call('viewer', 'DELETE', `/api/mailboxes/${mailbox.id}`)).status).toBe(403);
  });

  it("are another workspace's to neither see, test, change nor remove (404)", async () => {
    expect((await call('other', 'GET', '/api/mailboxes')).body).toEqual([]);
    for (const [method, path, body] of [
      ['POST', `/api/mailboxes/${mailbox.id}/test`],
      ['POST', `/api/mailboxes/${mailbox.id}/check-inbox`],
      ['PATCH', `/api/mailboxes/${mailbox.id}`, { fromName: 'Taken over' }],
      ['PATCH', `/api/mailboxes/${mailbox.id}`, { smtp: { host: 'smtp.rival.example' }, password: 'theirs' }],
      ['DELETE', `/api/mailboxes/${mailbox.id}`],
    ] as const) {
      const answer = await call('other', method, path, body);
      expect([answer.status, answer.text], `${method} ${path}`).toEqual([404, `Mailbox ${mailbox.id} not found.`]);
    }
    // Nor through ?workspace= naming the owner's.
    expect((await call('other', 'GET', `/api/mailboxes?workspace=${WS}`)).status).toBe(404);
    expect((await call('viewer', 'GET', '/api/mailboxes')).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: mailbox.id, fromName: 'Ada L.' })]),
    );
  });

  it('leave the audit trail their changes, before and after, and never a password', async () => {
    const entries = await db.auditEntries.find({ workspaceId: WS }).sort({ at: 1 }).lean();
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['POST /api/mailboxes', 'PATCH /api/mailboxes/{id}', 'POST /api/mailboxes/{id}/test']),
    );
    const withPassword = entries.filter(
      (entry) => entry.action === 'PATCH /api/mailboxes/{id}' && (entry.request as { password?: string }).password,
    );
    expect(withPassword.map((entry) => (entry.request as { password: string }).password)).toEqual(withPassword.map(() => '[redacted]'));
    expect(withPassword.find((entry) => Object.keys(entry.request as object).length === 1)?.request).toEqual({ password: '[redacted]' });
    const renamed = entries.find((entry) => (entry.request as { fromName?: string }).fromName === 'Ada L.');
    expect(renamed).toMatchObject({ before: { fromName: 'Ada Lane' }, after: { fromName: 'Ada L.' }, target: { id: mailbox.id } });
    const stored = JSON.stringify(await connection.collection('auditentries').find({}).toArray());
    for (const secret of [SMTP_PASSWORD, WRONG_PASSWORD]) expect(stored).not.toContain(secret);
  });

  it('are removed with their password', async () => {
    expect(await call('admin', 'DELETE', `/api/mailboxes/${mailbox.id}`)).toMatchObject({ status: 200, body: { removed: true } });
    expect(await connection.collection('mailboxes').countDocuments({ workspaceId: WS, publicId: mailbox.id })).toBe(0);
    expect((await testConnection(mailbox.id)).status).toBe(404);
  });

  it('are off without a secrets key in production: 503 naming MEETFLOW_SECRETS_KEY where a password is needed; listing still works', async () => {
    const keyless = await serveMailboxes({ unavailable: NO_KEY_IN_PRODUCTION });
    const refused = await call('admin', 'POST', '/api/mailboxes', newMailbox({ fromAddress: 'keyless@acme.example' }), keyless);
    expect([refused.status, refused.text]).toEqual([503, expect.stringContaining('set MEETFLOW_SECRETS_KEY')]);
    const [kept] = (await call('viewer', 'GET', '/api/mailboxes', undefined, keyless)).body as Array<{ id: string }>;
    expect((await call('admin', 'POST', `/api/mailboxes/${kept!.id}/test`, undefined, keyless)).status).toBe(503);
  });

  it('a password saved under another key is refused by Test connection with a 409 saying to enter it again', async () => {
    const rekeyed = await serveMailboxes(secretsBox(randomBytes(32)));
    const [kept] = (await call('viewer', 'GET', '/api/mailboxes')).body as Array<{ id: string; fromAddress: string }>;
    const answer = await call('admin', 'POST', `/api/mailboxes/${kept!.id}/test`, undefined, rekeyed);
    expect([answer.status, answer.text]).toEqual([409, expect.stringMatching(/another MEETFLOW_SECRETS_KEY .*: enter it again\.$/)]);
  });

  it('keep IMAP settings (null turns reading off), and answer Check replies now with 503 where no Temporal classifies replies', async () => {
    const reader = await created({ fromAddress: 'reader@acme.example', imap: { host: '127.0.0.1', port: closedPort, tls: 'none' } });
    expect(reader).toMatchObject({ imap: { host: '127.0.0.1', port: closedPort, tls: 'none' }, inbox: null });
    const check = await call('sales-ops', 'POST', `/api/mailboxes/${reader.id}/check-inbox`);
    expect(check).toMatchObject({ status: 503, body: expect.stringContaining('without Temporal') });
    const off = await call('admin', 'PATCH', `/api/mailboxes/${reader.id}`, { imap: null });
    expect(off.body).toMatchObject({ imap: null });
    expect((await call('admin', 'PATCH', `/api/mailboxes/${reader.id}`, { imap: { host: 'imap.acme.example' } })).status).toBe(400);
    expect((await call('viewer', 'POST', `/api/mailboxes/${reader.id}/check-inbox`)).status).toBe(403);
  });

  it('never write a password to the logs', () => {
    const logged = logLines.join('\n');
    for (const secret of [SMTP_PASSWORD, WRONG_PASSWORD, Buffer.from(SMTP_PASSWORD).toString('base64')])
      expect(logged).not.toContain(secret);
  });
});
