import type { Context } from 'koa';
import { z } from 'zod';
import { UnauthorizedError } from '../../core/errors.ts';
import { accessOf } from '../../core/http/access-check.ts';
import { docsOf, route, routerOf } from '../../core/http/api-route.ts';
import { Types } from 'mongoose';
import { accountView, logIn, signUp, WRONG_CREDENTIALS, type AccountsDb } from './accounts.ts';
import { AccountViewSchema, LogInBody, SignUpBody } from './api-schemas.ts';
import type { LoginLimits } from './login-limits.ts';
import { createSession, endSession, SESSION_COOKIE, type SessionPolicy } from './sessions.ts';

/** What the sign-in routes need: the accounts, the failed-login counter, how long sessions live, the time. */
export interface AuthDeps {
  db: AccountsDb;
  limits: LoginLimits;
  policy: SessionPolicy;
  now?: () => Date;
}

const NOT_SIGNED_IN = 'Not signed in.';
const SignedOut = z.object({ signedOut: z.literal(true) });
const nowOf = (deps: AuthDeps) => deps.now?.() ?? new Date();

/** Sets the session cookie (null clears it): HttpOnly, SameSite=Lax, Secure when the request came over TLS, living as long as the session may. */
function setSessionCookie(ctx: Context, token: string | null, policy: SessionPolicy) {
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    ...(token === null ? {} : { maxAge: policy.absoluteMs }),
    overwrite: true,
  });
}

/** Starts a fresh session (a new token: any session the browser had is ended first, so a planted cookie never signs anyone in) and answers with the account. */
async function startSession(ctx: Context, deps: AuthDeps, userId: Parameters<typeof createSession>[1]) {
  await endSession(deps.db, ctx.cookies.get(SESSION_COOKIE));
  setSessionCookie(ctx, await createSession(deps.db, userId, nowOf(deps), deps.policy), deps.policy);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = AccountViewSchema.parse(await accountView(deps.db, userId));
}

const invalid = (what: string) => ({ description: `${what} (each field named)` });

/** /api/auth: sign up, sign in, sign out, and who is signed in. */
export const authRoutes = [
  route<AuthDeps>(
    {
      method: 'post',
      path: '/api/auth/signup',
      access: 'public',
      tags: ['auth'],
      body: SignUpBody,
      summary: 'Create an account and its own workspace (the user its owner), and sign in: sets the session cookie',
      responses: {
        201: { description: 'The new account, signed in', schema: AccountViewSchema },
        400: invalid('An invalid email, a password too short or too long, a blank name'),
        409: { description: 'An account with this email already exists' },
      },
    },
    (deps) => async (ctx) => {
      const input = SignUpBody.parse(ctx.request.body ?? {});
      const userId = await signUp(deps.db, input);
      await startSession(ctx, deps, userId);
      ctx.status = 201;
    },
  ),
  route<AuthDeps>(
    {
      method: 'post',
      path: '/api/auth/login',
      access: 'public',
      tags: ['auth'],
      body: LogInBody,
      summary: 'Sign in with email and password: a new session cookie every time (any earlier session of this browser ends)',
      responses: {
        200: { description: 'The account, signed in', schema: AccountViewSchema },
        400: invalid('A blank email or password'),
        401: { description: `${WRONG_CREDENTIALS} (the same for an unknown email and a wrong password)` },
        429: { description: 'Too many failed attempts for this account or from this address: Retry-After says when to try again' },
      },
    },
    (deps) => async (ctx) => {
      const input = LogInBody.parse(ctx.request.body ?? {});
      const userId = await logIn(deps.db, deps.limits, input, ctx.ip);
      await startSession(ctx, deps, userId);
    },
  ),
  route<AuthDeps>(
    {
      method: 'post',
      path: '/api/auth/logout',
      access: 'public',
      tags: ['auth'],
      summary: 'Sign out: ends the session and clears its cookie (nothing to do when not signed in)',
      responses: { 200: { description: 'Signed out (also when no one was signed in)', schema: SignedOut } },
    },
    (deps) => async (ctx) => {
      await endSession(deps.db, ctx.cookies.get(SESSION_COOKIE));
      setSessionCookie(ctx, null, deps.policy);
      ctx.body = SignedOut.parse({ signedOut: true });
    },
  ),
  route<AuthDeps>(
    {
      method: 'get',
      path: '/api/auth/me',
      access: 'signed-in',
      tags: ['auth'],
      summary: 'Who is signed in, and their workspaces and roles',
      responses: {
        200: { description: 'The signed-in account', schema: AccountViewSchema },
        401: { description: `${NOT_SIGNED_IN} (no session cookie, or its session ended or expired; an API token is no account)` },
      },
    },
    (deps) => async (ctx) => {
      const { principal } = accessOf(ctx);
      const view = principal.kind === 'user' && principal.userId ? await accountView(deps.db, new Types.ObjectId(principal.userId)) : null;
      if (!view) throw new UnauthorizedError(NOT_SIGNED_IN);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = AccountViewSchema.parse(view);
    },
  ),
];

export const authRouter = (deps: AuthDeps) => routerOf(authRoutes, deps);
export const authRouteDocs = docsOf(authRoutes);
