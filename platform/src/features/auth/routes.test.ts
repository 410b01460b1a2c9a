import { Writable } from 'node:stream';
import { bodyParser } from '@koa/bodyparser';
import Koa from 'koa';
import type mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../dev/testing/database.ts';
import { serveForTest } from '../../../dev/testing/http.ts';
import { createModels } from '../../core/db/models.ts';
import { authentication, NOT_SIGNED_IN } from '../../core/http/access-check.ts';
import { errorMiddleware } from '../../core/http/error-middleware.ts';
import { sessionsAndTokens } from './authenticate.ts';
import { LoginLimits } from './login-limits.ts';
import { authRouter } from './routes.ts';
import { SESSION_COOKIE } from './sessions.ts';

const PASSWORD = 'correct horse battery';

/** The sign-in routes in the app's order (error mapping, JSON bodies), with a logger that records everything it is given. */
function serveAuth(limits: LoginLimits) {
  const logger = pino({ level: 'trace' }, new Writable({ write: (chunk, _, done) => done(void logLines.push(String(chunk))) }));
  const app = new Koa();
  app.silent = true;
  app.use(errorMiddleware(logger));
  app.use(authentication(sessionsAndTokens(db, policy, () => clock)));
  app.use(bodyParser({ enableTypes: ['json'] }));
  const router = authRouter({ db, limits, policy, now: () => clock });
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
  await Promise.all([db.users.init(), db.memberships.init(), db.workspaces.init()]);
  server = await serveAuth(new LoginLimits({ perAccount: 3, perAddress: 100, windowSeconds: 60 }));
});
afterAll(async () => {
  await server.close();
  await connection.dropDatabase();
  await connection.close();
});

const post = (path: string, body: unknown, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}) },
    body: JSON.stringify(body),
  });
const me = (cookie?: string) => fetch(`${server.url}/api/auth/me`, { headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {} });
/** The session token a response sets, and the cookie's attributes. */
const sessionCookie = (response: Response) => {
  const header = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  return { token: header.slice(SESSION_COOKIE.length + 1).split(';')[0] ?? '', attributes: header.toLowerCase() };
};
const signUp = async (email: string, extra: object = {}) => {
  const response = await post('/api/auth/signup', { email, password: PASSWORD, name: 'Ada Lane', ...extra });
  expect(response.status, await response.clone().text()).toBe(201);
  return sessionCookie(response).token;
};
const logIn = (email: string, password: string, cookie?: string) => post('/api/auth/login', { email, password }, cookie);

describe('sign up and who is signed in', () => {
  it('creates the account and its own workspace with the user as owner, signed in by an HttpOnly, SameSite=Lax cookie', async () => {
    const response = await post('/api/auth/signup', {
      email: 'Ada@Acme.example',
      password: PASSWORD,
      name: 'Ada Lane',
      workspaceName: 'Acme Sales',
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      user: { email: string; name: string };
      workspaces: Array<{ slug: string; name: string; role: string }>;
    };
    expect(body.user).toMatchObject({ email: 'ada@acme.example', name: 'Ada Lane' });
    expect(body.workspaces).toEqual([{ slug: expect.stringMatching(/^acme-sales-[0-9a-f]{6}$/), name: 'Acme Sales', role: 'owner' }]);
    const { token, attributes } = sessionCookie(response);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes).not.toContain('secure'); // served over plain HTTP here
    const who = await me(token);
    expect(who.status).toBe(200);
    expect(await who.json()).toEqual(body);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const response = await post('/api/auth/signup', { email: 'ADA@acme.example', password: PASSWORD, name: 'Someone' });
    expect(response.status).toBe(409);
    expect(await response.text()).toBe('An account with this email already exists: sign in instead.');
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
  it('refuses an account with 429 after its failed attempts, even the right password, saying when to retry', async () => {
    await signUp('target@acme.example');
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await logIn('target@acme.example', 'guess number one')).status).toBe(401);
    const refused = await logIn('target@acme.example', PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/^Too many failed sign-in attempts\. Try again in 1 minute\.$/);
  });

  it('refuses an address that tries many accounts, one attempt each', async () => {
    const app = await serveAuth(new LoginLimits({ perAccount: 3, perAddress: 4, windowSeconds: 60 }));
    try {
      const attempt = (email: string) =>
        fetch(`${app.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'guess number one' }),
        });
      for (const email of ['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example']) expect((await attempt(email)).status).toBe(401);
      expect((await attempt('e@x.example')).status).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('secrets at rest and in logs', () => {
  it('stores only the argon2id hash and the token hash, and neither the password nor a token appears in a response, document or log line', async () => {
    const signup = await post('/api/auth/signup', { email: 'secret@acme.example', password: PASSWORD, name: 'Keeper' });
    const token = sessionCookie(signup).token;
    const answers = [
      await signup.text(),
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
