import { Writable } from 'node:stream';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import type mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveForTest } from '../../../../dev/testing/http.ts';
import { createModels } from '../../models.ts';
import { authentication, NOT_SIGNED_IN } from '../../../core/http/access-check.ts';
import { errorMiddleware } from '../../../core/http/error-middleware.ts';
import { sessionsAndTokens } from './authenticate.ts';
import { DEFAULT_LOGIN_LIMITS, LoginLimits, type LoginLimitPolicy } from './login-limits.ts';
import { authRouter } from './routes.ts';
import { SESSION_COOKIE } from './sessions.ts';
import { DEVICE_COOKIE } from './trusted-devices.ts';

const PASSWORD = 'correct horse battery';

/**
 * The sign-in routes in the app's order (error mapping, JSON bodies), with a logger that records
 * everything it is given; behind a "proxy", so a test names the client's address in X-Forwarded-For.
 */
function serveAuth(limits: Partial<LoginLimitPolicy> = {}) {
  const logger = pino({ level: 'trace' }, new Writable({ write: (chunk, _, done) => done(void logLines.push(String(chunk))) }));
  const app = new Koa();
  app.silent = true;
  app.proxy = true;
  app.use(errorMiddleware(logger));
  app.use(authentication(sessionsAndTokens(db, policy, () => clock)));
  app.use(bodyParser({ enableTypes: ['json'] }));
  const router = authRouter({ db, limits: new LoginLimits({ ...DEFAULT_LOGIN_LIMITS, ...limits }), policy, now: () => clock, logger });
  app.use(router.routes()).use(router.allowedMethods());
  return serveForTest(app);
}
const HOUR = 3_600_000;
const policy = { idleMs: 2 * HOUR, absoluteMs: 24 * HOUR };

let connection: mongoose.Connection;
let server: Awaited<ReturnType<typeof serveForTest>>;
let db: ReturnType<typeof createModels>;
let clock = new Date('2026-11-25T09:00:00Z');
const logLines: string[] = [];

beforeAll(async () => {
  connection = await openTestDatabase('auth');
  db = createModels(connection);
  await Promise.all(Object.values(db).map((model) => model.init()));
  server = await serveAuth({ perAddress: 1000, signUpsPerHour: 1000 });
});
afterAll(async () => {
  await server.close();
  await connection.dropDatabase();
  await connection.close();
});

const post = (path: string, body: unknown, cookie?: string, headers: Record<string, string> = {}, url = server.url) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
const me = (cookie?: string) => fetch(`${server.url}/api/auth/me`, { headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {} });
/** The session token a response sets, and the cookie's attributes. */
const sessionCookie = (response: Response) => {
  const header = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  return { token: header.slice(SESSION_COOKIE.length + 1).split(';')[0] ?? '', attributes: header.toLowerCase() };
};
const logIn = (email: string, password: string, cookie?: string, headers: Record<string, string> = {}) =>
  post('/api/auth/login', { email, password }, cookie, headers);
/** Signs up (202, no session) and then in: the session token. */
const signUp = async (email: string, extra: object = {}) => {
  const response = await post('/api/auth/signup', { email, password: PASSWORD, name: 'Ada Lane', ...extra });
  expect(response.status, await response.clone().text()).toBe(202);
  const signedIn = await logIn(email, PASSWORD);
  expect(signedIn.status, await signedIn.clone().text()).toBe(200);
  return sessionCookie(signedIn).token;
};

describe('sign up and who is signed in', () => {
  it('creates the account and its own workspace with the user as owner; signing in then sets an HttpOnly, SameSite=Lax cookie', async () => {
    const response = await post('/api/auth/signup', {
      email: 'Ada@Acme.example',
      password: PASSWORD,
      name: 'Ada Lane',
      workspaceName: 'Acme Sales',
    });
    expect([response.status, await response.json()]).toEqual([202, { accepted: true, email: 'ada@acme.example' }]);
    expect(sessionCookie(response).token).toBe(''); // a sign-up signs nobody in
    const signedIn = await logIn('ada@acme.example', PASSWORD);
    expect(signedIn.status).toBe(200);
    const body = (await signedIn.json()) as {
      user: { email: string; name: string };
      workspaces: Array<{ slug: string; name: string; role: string }>;
    };
    expect(body.user).toMatchObject({ email: 'ada@acme.example', name: 'Ada Lane', emailVerified: false, mustChangePassword: false });
    expect(body.workspaces).toEqual([{ slug: expect.stringMatching(/^acme-sales-[0-9a-f]{6}$/), name: 'Acme Sales', role: 'owner' }]);
    const { token, attributes } = sessionCookie(signedIn);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes).not.toContain('secure'); // served over plain HTTP here
    const who = await me(token);
    expect(who.status).toBe(200);
    expect(await who.json()).toEqual(body);
  });

  it('answers a sign-up with an email that has an account exactly as a new one, whatever its case, and makes nothing', async () => {
    const answer = async (email: string) => {
      const response = await post('/api/auth/signup', { email, password: 'another passphrase', name: 'Someone' });
      const headers = [...response.headers.entries()].filter(([name]) => !['date', 'content-length'].includes(name));
      return { status: response.status, body: ((await response.json()) as { email: string }).email === email.toLowerCase(), headers };
    };
    const workspaces = await db.workspaces.countDocuments();
    const taken = await answer('ADA@acme.example');
    expect(await db.workspaces.countDocuments()).toBe(workspaces);
    expect(taken).toEqual(await answer('someone-new@acme.example'));
    expect((await logIn('ada@acme.example', 'another passphrase')).status).toBe(401); // the account kept its password
  });

  it('names each invalid field, and creates nothing', async () => {
    const response = await post('/api/auth/signup', { email: 'not-an-email', password: 'short', name: ' ' });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain('email: must be an email address');
    expect(text).toContain('password: must be at least 10 characters');
    expect(text).toContain('name: must not be blank');
    expect(await db.users.countDocuments({ email: 'not-an-email' })).toBe(0);
  });

  it('answers 401 without a session, or with a token it never issued', async () => {
    expect((await me()).status).toBe(401);
    const forged = await me('x'.repeat(43));
    expect(forged.status).toBe(401);
    expect(await forged.text()).toBe(NOT_SIGNED_IN);
  });
});

describe('signing in', () => {
  it('gives the same answer for an unknown email and a wrong password', async () => {
    await signUp('grace@acme.example');
    const wrong = await logIn('grace@acme.example', 'not the password');
    const unknown = await logIn('nobody@acme.example', 'not the password');
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.text()).toBe(await unknown.text());
    expect(sessionCookie(wrong).token).toBe('');
  });

  it('issues a new token at every sign-in and ends the one the browser brought (no session fixation)', async () => {
    const first = await signUp('lin@acme.example');
    const planted = 'attacker-chosen-value-0123456789abcdefghijk';
    const signedIn = await logIn('LIN@acme.example', PASSWORD, planted);
    expect(signedIn.status).toBe(200);
    const second = sessionCookie(signedIn).token;
    expect(second).not.toBe(planted);
    expect((await me(planted)).status).toBe(401);
    // Signing in again from a signed-in browser rotates its token too: the old one is ended.
    const again = await logIn('lin@acme.example', PASSWORD, second);
    const third = sessionCookie(again).token;
    expect(new Set([first, second, third]).size).toBe(3);
    expect((await me(second)).status).toBe(401);
    expect((await me(third)).status).toBe(200);
  });
});

describe('sessions end', () => {
  it('after the idle time without a request', async () => {
    const token = await signUp('idle@acme.example');
    clock = new Date(clock.getTime() + policy.idleMs - 60_000);
    expect((await me(token)).status).toBe(200); // and this request moves the idle deadline on
    clock = new Date(clock.getTime() + policy.idleMs - 60_000);
    expect((await me(token)).status).toBe(200);
    clock = new Date(clock.getTime() + policy.idleMs);
    expect((await me(token)).status).toBe(401);
  });

  it('at the absolute limit, however active', async () => {
    const token = await signUp('busy@acme.example');
    for (let hours = 1; hours < 24; hours += 1) {
      clock = new Date(clock.getTime() + HOUR);
      expect((await me(token)).status, `after ${hours} h`).toBe(200);
    }
    clock = new Date(clock.getTime() + HOUR);
    expect((await me(token)).status).toBe(401);
  });

  it('at sign-out, which also clears the cookie', async () => {
    const token = await signUp('leaving@acme.example');
    const out = await post('/api/auth/logout', {}, token);
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ signedOut: true });
    expect(sessionCookie(out).token).toBe('');
    expect(sessionCookie(out).attributes).toContain('expires=thu, 01 jan 1970');
    expect((await me(token)).status).toBe(401);
    expect((await post('/api/auth/logout', {})).status).toBe(200); // signed out already: nothing to do
  });
});

describe('brute force', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const retryAfter = (response: Response) => Number(response.headers.get('retry-after'));

  it('slows an account down instead of locking it: after 5 failures each attempt waits 2^failures seconds, at most 15 minutes', async () => {
    await signUp('target@acme.example');
    for (let attempt = 1; attempt <= 5; attempt += 1)
      expect((await logIn('target@acme.example', 'guess number one', undefined, from('198.51.100.7'))).status).toBe(401);
    // Even the right password waits, from any address: the count is the account's.
    const refused = await logIn('target@acme.example', PASSWORD, undefined, from('203.0.113.9'));
    expect([refused.status, retryAfter(refused), await refused.text()]).toEqual([
      429,
      32,
      'Too many failed sign-in attempts. Try again in 32 seconds.',
    ]);
    clock = new Date(clock.getTime() + 31_000);
    expect(retryAfter(await logIn('target@acme.example', PASSWORD))).toBe(1);
    clock = new Date(clock.getTime() + 1_000);
    expect((await logIn('target@acme.example', 'guess number six')).status).toBe(401);
    expect(retryAfter(await logIn('target@acme.example', PASSWORD))).toBe(64);
    // The wait doubles, then stays at 15 minutes however long the guessing goes on.
    const waits = [];
    for (let failures = 6; failures < 12; failures += 1) {
      clock = new Date(clock.getTime() + 900_000);
      expect((await logIn('target@acme.example', 'another guess')).status).toBe(401);
      waits.push(retryAfter(await logIn('target@acme.example', PASSWORD)));
    }
    expect(waits).toEqual([128, 256, 512, 900, 900, 900]);
    // The owner gets in once the wait is over, and that clears the count.
    clock = new Date(clock.getTime() + 900_000);
    expect((await logIn('target@acme.example', PASSWORD)).status).toBe(200);
    expect((await logIn('target@acme.example', 'a slip')).status).toBe(401);
    expect((await logIn('target@acme.example', PASSWORD)).status).toBe(200);
  });

  it("keeps a browser the account signed in from before apart: a stranger's failures never make its owner wait", async () => {
    await signUp('owner@acme.example');
    const signedIn = await logIn('owner@acme.example', PASSWORD);
    const device = signedIn.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${DEVICE_COOKIE}=`))!
      .split(';')[0]!;
    expect(device).toMatch(new RegExp(`^${DEVICE_COOKIE}=[\\w-]{43}$`));
    for (let attempt = 0; attempt < 6; attempt += 1)
      await logIn('owner@acme.example', 'a stranger guessing', undefined, from('192.0.2.66'));
    expect((await logIn('owner@acme.example', PASSWORD)).status).toBe(429); // a new browser waits
    const own = await post('/api/auth/login', { email: 'owner@acme.example', password: PASSWORD }, undefined, { cookie: device });
    expect(own.status).toBe(200);
    // A stolen device cookie buys no more guesses than the account has: it is counted on its own.
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await post('/api/auth/login', { email: 'owner@acme.example', password: 'x' }, undefined, { cookie: device })).status).toBe(
        401,
      );
    expect((await post('/api/auth/login', { email: 'owner@acme.example', password: PASSWORD }, undefined, { cookie: device })).status).toBe(
      429,
    );
  });

  it('refuses an address that tries many accounts, one attempt each: IPv4 by address, IPv6 by its /64', async () => {
    const app = await serveAuth({ perAddress: 4 });
    try {
      const attempt = (email: string, ip: string) =>
        post('/api/auth/login', { email, password: 'guess number one' }, undefined, from(ip), app.url);
      const tried = [];
      for (const [index, ip] of ['2001:db8:1:2::1', '2001:db8:1:2::ffff', '2001:db8:1:2:aaaa::7', '2001:db8:1:2:0:0:0:9'].entries())
        tried.push((await attempt(`v6-${index}@x.example`, ip)).status);
      expect(tried).toEqual([401, 401, 401, 401]);
      // The same /64, written another way: refused.
      expect((await attempt('v6-5@x.example', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).status).toBe(429);
      // The next /64 is another subscriber; an IPv4 address counts whole.
      expect((await attempt('v6-6@x.example', '2001:db8:1:3::1')).status).toBe(401);
      expect((await attempt('v4@x.example', '198.51.100.1')).status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('limits sign-ups per address per hour, answering 429 with when to try again', async () => {
    const app = await serveAuth({ signUpsPerHour: 2 });
    try {
      const signUpFrom = (ip: string, email: string) =>
        post('/api/auth/signup', { email, password: PASSWORD, name: 'Many' }, undefined, from(ip), app.url);
      expect((await signUpFrom('2001:db8:9::1', 'many-1@acme.example')).status).toBe(202);
      expect((await signUpFrom('2001:db8:9::2', 'many-2@acme.example')).status).toBe(202);
      const refused = await signUpFrom('2001:db8:9::3', 'many-3@acme.example');
      expect([refused.status, retryAfter(refused)]).toEqual([429, 3600]);
      expect(await db.users.countDocuments({ email: 'many-3@acme.example' })).toBe(0);
      clock = new Date(clock.getTime() + 3_600_000);
      expect((await signUpFrom('2001:db8:9::3', 'many-3@acme.example')).status).toBe(202);
    } finally {
      await app.close();
    }
  });
});

describe('without a mail server (MEETFLOW_SYSTEM_MAIL_URL unset)', () => {
  it('still signs up and answers reset requests as ever, logs that nothing was sent, and says so when asked for a verification link', async () => {
    const notSent = () => logLines.filter((line) => line.includes('system mail is not configured')).length;
    const before = notSent();
    const token = await signUp('unmailed@acme.example');
    const reset = await post('/api/auth/password-reset', { email: 'unmailed@acme.example' });
    expect([reset.status, await reset.json()]).toEqual([202, { accepted: true, email: 'unmailed@acme.example' }]);
    await expect.poll(notSent).toBe(before + 2); // the verification link and the reset link
    const resend = await post('/api/auth/verify-email/resend', undefined, token);
    expect([resend.status, await resend.text()]).toEqual([503, expect.stringContaining('MEETFLOW_SYSTEM_MAIL_URL is not set')]);
    expect(await (await me(token)).json()).toMatchObject({ user: { emailVerified: false } });
  });
});

describe('secrets at rest and in logs', () => {
  it('stores only the argon2id hash and the token hash, and neither the password nor a token appears in a response, document or log line', async () => {
    const signup = await post('/api/auth/signup', { email: 'secret@acme.example', password: PASSWORD, name: 'Keeper' });
    const signedIn = await logIn('secret@acme.example', PASSWORD);
    const token = sessionCookie(signedIn).token;
    const answers = [
      await signup.text(),
      await signedIn.text(),
      await (await me(token)).text(),
      await (await logIn('secret@acme.example', `${PASSWORD}!`)).text(),
    ];
    const users = await connection.collection('users').find({}).toArray();
    const sessions = await connection.collection('sessions').find({}).toArray();
    const stored = JSON.stringify([users, sessions]);
    expect(users.every((user) => /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/.test(String(user.passwordHash)))).toBe(true);
    expect(sessions.every((session) => /^[0-9a-f]{64}$/.test(String(session._id)))).toBe(true);
    for (const text of [...answers, stored, logLines.join('\n')]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(token);
    }
    expect(answers.join('\n')).not.toContain('argon2');
  });
});
