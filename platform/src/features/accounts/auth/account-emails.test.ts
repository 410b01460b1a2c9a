import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import { simpleParser } from 'mailparser';
import type mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveForTest } from '../../../../dev/testing/http.ts';
import { startTestMailServer, type TestMailServer } from '../../../../dev/testing/mail-server.ts';
import { createModels } from '../../models.ts';
import { authentication } from '../../../core/http/access-check.ts';
import { errorMiddleware } from '../../../core/http/error-middleware.ts';
import { createSystemMail, type SystemMail } from '../../../core/system-mail.ts';
import { invite } from '../members/members.ts';
import { membersRouter } from '../members/routes.ts';
import { sessionsAndTokens } from './authenticate.ts';
import { DEFAULT_LOGIN_LIMITS, LoginLimits } from './login-limits.ts';
import { RESET_LINK_NOT_VALID } from './password-reset.ts';
import { authRouter } from './routes.ts';
import { MUST_CHANGE_PASSWORD, SESSION_COOKIE } from './sessions.ts';
import { hashPassword } from './passwords.ts';

// The account emails end to end: sent through the product's own mail channel to a real mail
// server (GreenMail), read back over IMAP, and their links followed as a person would.

const PASSWORD = 'correct horse battery';
const PUBLIC_URL = 'https://meetflow.example';
const policy = { idleMs: 2 * 3_600_000, absoluteMs: 24 * 3_600_000 };

let connection: mongoose.Connection;
let db: ReturnType<typeof createModels>;
let mail: TestMailServer;
let systemMail: SystemMail;
let server: Awaited<ReturnType<typeof serveForTest>>;
let clock = new Date('2026-11-25T09:00:00Z');

beforeAll(async () => {
  [connection, mail] = await Promise.all([openTestDatabase('account-emails'), startTestMailServer()]);
  db = createModels(connection);
  await Promise.all(Object.values(db).map((model) => model.init()));
  const logger = pino({ level: 'silent' });
  systemMail = createSystemMail({ url: `smtp://${mail.host}:${mail.smtpPort}`, from: 'Meetflow <no-reply@meetflow.example>' }, logger);
  const app = new Koa();
  app.silent = true;
  app.use(errorMiddleware(logger));
  app.use(authentication(sessionsAndTokens(db, policy, () => clock)));
  app.use(bodyParser({ enableTypes: ['json'] }));
  const limits = new LoginLimits({ ...DEFAULT_LOGIN_LIMITS, signUpsPerHour: 1000, resetsPerHour: 1000 });
  for (const router of [
    authRouter({ db, limits, policy, now: () => clock, mail: systemMail, publicUrl: PUBLIC_URL, logger }),
    membersRouter(db),
  ])
    app.use(router.routes());
  server = await serveForTest(app);
});
afterAll(async () => {
  await server?.close();
  systemMail?.close();
  await mail?.close();
  await connection.dropDatabase();
  await connection.close();
});

const call = (method: string, path: string, body?: unknown, session?: string) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(session ? { cookie: `${SESSION_COOKIE}=${session}` } : {}) },
    body: body === undefined ? null : JSON.stringify(body),
  });
const sessionOf = (response: Response) =>
  (response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '')
    .split(';')[0]!
    .slice(SESSION_COOKIE.length + 1);
const signIn = async (email: string, password: string) => {
  const response = await call('POST', '/api/auth/login', { email, password });
  expect(response.status, await response.clone().text()).toBe(200);
  return sessionOf(response);
};
const signUp = async (email: string) => {
  const response = await call('POST', '/api/auth/signup', { email, password: PASSWORD, name: 'Ada Lane' });
  expect(response.status).toBe(202);
};

/** The `count`th email `address` received (waiting for it), parsed, with the link it holds. */
async function email(address: string, count = 1) {
  await expect.poll(async () => (await mail.inbox(address)).length).toBe(count);
  const parsed = await simpleParser((await mail.inbox(address))[count - 1]!);
  const link = /https:\/\/meetflow\.example(\/[\w-]+)#token=([\w-]+)/.exec(parsed.text ?? '');
  return { subject: parsed.subject, text: parsed.text ?? '', from: parsed.from?.text, page: link?.[1], token: link?.[2] ?? '' };
}

describe('resetting a forgotten password', () => {
  it('emails a single-use link; following it sets the password and ends every session', async () => {
    await signUp('reset@acme.example');
    const session = await signIn('reset@acme.example', PASSWORD);
    const requested = await call('POST', '/api/auth/password-reset', { email: 'Reset@Acme.example' });
    expect([requested.status, await requested.json()]).toEqual([202, { accepted: true, email: 'reset@acme.example' }]);
    const message = await email('reset@acme.example', 2); // the sign-up's verification came first
    expect(message).toMatchObject({
      subject: 'Reset your Meetflow password',
      from: '"Meetflow" <no-reply@meetflow.example>',
      page: '/reset-password',
    });
    expect(message.text).toContain('30 minutes');

    const done = await call('POST', '/api/auth/password-reset/confirm', { token: message.token, password: 'a brand new passphrase' });
    expect([done.status, await done.json()]).toEqual([200, { passwordChanged: true, email: 'reset@acme.example' }]);
    expect((await call('GET', '/api/auth/me', undefined, session)).status).toBe(401);
    expect((await call('POST', '/api/auth/login', { email: 'reset@acme.example', password: PASSWORD })).status).toBe(401);
    const fresh = await signIn('reset@acme.example', 'a brand new passphrase');
    // The link reached the address: it counts as verified.
    expect(await (await call('GET', '/api/auth/me', undefined, fresh)).json()).toMatchObject({ user: { emailVerified: true } });

    const again = await call('POST', '/api/auth/password-reset/confirm', { token: message.token, password: 'a third passphrase!' });
    expect([again.status, await again.text()]).toEqual([422, RESET_LINK_NOT_VALID]);
  });

  it('answers an address without an account exactly as one with, and emails it nothing', async () => {
    await signUp('known@acme.example');
    const answer = async (address: string) => {
      const response = await call('POST', '/api/auth/password-reset', { email: address });
      return [response.status, ((await response.json()) as { accepted: boolean }).accepted, response.headers.get('set-cookie')];
    };
    expect(await answer('nobody@acme.example')).toEqual(await answer('known@acme.example'));
    await email('known@acme.example', 2);
    expect(await mail.inbox('nobody@acme.example')).toEqual([]);
  });

  it('works for 30 minutes only, and a link followed twice at once sets one password', async () => {
    await signUp('late@acme.example');
    await call('POST', '/api/auth/password-reset', { email: 'late@acme.example' });
    const late = await email('late@acme.example', 2);
    await call('POST', '/api/auth/password-reset', { email: 'late@acme.example' });
    const twice = await email('late@acme.example', 3);
    const started = clock;
    clock = new Date(started.getTime() + 30 * 60_000);
    expect((await call('POST', '/api/auth/password-reset/confirm', { token: late.token, password: 'too late passphrase' })).status).toBe(
      422,
    );
    clock = new Date(started.getTime() + 29 * 60_000);
    const both = await Promise.all(
      ['first racer passphrase', 'second racer passphrase'].map((password) =>
        call('POST', '/api/auth/password-reset/confirm', { token: twice.token, password }),
      ),
    );
    expect(both.map((response) => response.status).sort()).toEqual([200, 422]);
    clock = started;
  });

  it('sends at most 3 reset emails an hour to one address, answering every request alike', async () => {
    await signUp('flooded@acme.example');
    for (let request = 0; request < 5; request += 1)
      expect((await call('POST', '/api/auth/password-reset', { email: 'flooded@acme.example' })).status).toBe(202);
    await email('flooded@acme.example', 4); // the verification and 3 reset links
    await signUp('marker@acme.example'); // any later email arrives after the ones above would have
    await email('marker@acme.example');
    expect(await mail.inbox('flooded@acme.example')).toHaveLength(4);
  });
});

describe('verifying the address at sign-up', () => {
  it('emails a link; until it is followed, an invitation bound to the address cannot be accepted', async () => {
    await db.workspaces.create({ slug: 'acme-verify', name: 'Acme' });
    const { token: invitation } = await invite(
      db,
      'acme-verify',
      { userId: null, role: 'owner' },
      { role: 'viewer', email: 'vera@acme.example' },
      new Date(),
    );
    await signUp('vera@acme.example');
    const session = await signIn('vera@acme.example', PASSWORD);
    const refused = await call('POST', '/api/invitations/accept', { token: invitation }, session);
    expect([refused.status, await refused.text()]).toEqual([403, expect.stringContaining('verify that address first')]);

    const message = await email('vera@acme.example');
    expect(message).toMatchObject({ subject: 'Confirm your email address for Meetflow', page: '/verify-email' });
    expect(message.text).toContain('24 hours');
    // Followed in any browser: no session needed.
    const verified = await call('POST', '/api/auth/verify-email', { token: message.token });
    expect([verified.status, await verified.json()]).toEqual([200, { verified: true, email: 'vera@acme.example' }]);
    expect((await call('POST', '/api/auth/verify-email', { token: message.token })).status).toBe(422); // once
    const accepted = await call('POST', '/api/invitations/accept', { token: invitation }, session);
    expect([accepted.status, await accepted.json()]).toEqual([200, { slug: 'acme-verify', name: 'Acme', role: 'viewer' }]);
  });

  it('tells the owner of an address that already has an account so, and makes no second one', async () => {
    await signUp('taken@acme.example');
    await email('taken@acme.example');
    const again = await call('POST', '/api/auth/signup', { email: 'taken@acme.example', password: 'not theirs at all', name: 'Mallory' });
    expect(again.status).toBe(202);
    const message = await email('taken@acme.example', 2);
    expect(message.subject).toBe('Confirm your email address for Meetflow');
    expect(message.text).toContain('you already have an account');
    expect(message.text).toContain(`${PUBLIC_URL}/forgot-password`);
    expect(message.token).toBe('');
    expect(await db.users.countDocuments({ email: 'taken@acme.example' })).toBe(1);
  });

  it('sends a new link on request, and says when there is nothing to do', async () => {
    await signUp('resend@acme.example');
    const session = await signIn('resend@acme.example', PASSWORD);
    const resent = await call('POST', '/api/auth/verify-email/resend', undefined, session);
    expect([resent.status, await resent.json()]).toEqual([202, { sent: true, email: 'resend@acme.example' }]);
    const second = await email('resend@acme.example', 2);
    clock = new Date(clock.getTime() + 24 * 3_600_000);
    expect((await call('POST', '/api/auth/verify-email', { token: second.token })).status).toBe(422); // a day later: expired
    clock = new Date(clock.getTime() - 24 * 3_600_000);
    const third = (await call('POST', '/api/auth/verify-email/resend', undefined, session), await email('resend@acme.example', 3));
    expect((await call('POST', '/api/auth/verify-email', { token: third.token })).status).toBe(200);
    const done = await call('POST', '/api/auth/verify-email/resend', undefined, session);
    expect([done.status, await done.text()]).toEqual([409, 'resend@acme.example is verified already.']);
  });
});

describe('changing the password', () => {
  it('needs the current one, ends every other session and gives this browser a fresh one', async () => {
    await signUp('change@acme.example');
    const [here, elsewhere] = [await signIn('change@acme.example', PASSWORD), await signIn('change@acme.example', PASSWORD)];
    const wrong = await call('POST', '/api/auth/password', { currentPassword: 'not it at all', newPassword: 'a new passphrase' }, here);
    expect([wrong.status, await wrong.text()]).toEqual([422, 'The current password is wrong.']);
    const same = await call('POST', '/api/auth/password', { currentPassword: PASSWORD, newPassword: PASSWORD }, here);
    expect(same.status).toBe(422);
    const changed = await call('POST', '/api/auth/password', { currentPassword: PASSWORD, newPassword: 'a new passphrase' }, here);
    expect(changed.status).toBe(200);
    const renewed = sessionOf(changed);
    expect(renewed).toMatch(/^[\w-]{43}$/);
    for (const ended of [here, elsewhere]) expect((await call('GET', '/api/auth/me', undefined, ended)).status).toBe(401);
    expect((await call('GET', '/api/auth/me', undefined, renewed)).status).toBe(200);
    await signIn('change@acme.example', 'a new passphrase');
  });

  it('is all a session of a one-time password may do, besides asking who it is and signing out', async () => {
    await db.users.create({
      email: 'demo@acme.example',
      name: 'Demo',
      passwordHash: await hashPassword('one-time-pass'),
      mustChangePassword: true,
    });
    const session = await signIn('demo@acme.example', 'one-time-pass');
    expect(await (await call('GET', '/api/auth/me', undefined, session)).json()).toMatchObject({ user: { mustChangePassword: true } });
    const blocked = await call('POST', '/api/auth/verify-email/resend', undefined, session);
    expect([blocked.status, await blocked.text()]).toEqual([403, MUST_CHANGE_PASSWORD]);
    const changed = await call(
      'POST',
      '/api/auth/password',
      { currentPassword: 'one-time-pass', newPassword: 'my very own passphrase' },
      session,
    );
    expect(await changed.json()).toMatchObject({ user: { mustChangePassword: false } });
    expect((await call('POST', '/api/auth/verify-email/resend', undefined, sessionOf(changed))).status).toBe(202);
  });
});
