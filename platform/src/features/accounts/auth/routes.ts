import { z } from 'zod';
import { UnauthorizedError } from '../../../core/errors.ts';
import { accessOf } from '../../../core/http/access-check.ts';
import { docsOf, route, routerOf } from '../../../core/http/api-route.ts';
import { Types } from 'mongoose';
import { accountView, logIn, normalEmail, signUp, WRONG_CREDENTIALS } from './accounts.ts';
import { accountDepsOf, type AuthDeps } from './account-deps.ts';
import { AccountViewSchema, LogInBody, SignUpAccepted, SignUpBody } from './api-schemas.ts';
import { passwordRoutes } from './password-routes.ts';
import { setDeviceCookie, setSessionCookie, startSession } from './session-cookies.ts';
import { endSession, SESSION_COOKIE } from './sessions.ts';
import { DEVICE_COOKIE } from './trusted-devices.ts';
import { verificationRoutes } from './verification-routes.ts';

export type { AuthDeps } from './account-deps.ts';

const NOT_SIGNED_IN = 'Not signed in.';
const SignedOut = z.object({ signedOut: z.literal(true) });

const invalid = (what: string) => ({ description: `${what} (each field named)` });

/** Sign up, sign in, sign out, and who is signed in. */
const sessionRoutes = [
  route<AuthDeps>(
    {
      method: 'post',
      path: '/api/auth/signup',
      // Public: how a person gets an account.
      access: 'public',
      tags: ['auth'],
      body: SignUpBody,
      summary:
        'Sign up: a new account and its own workspace (the user its owner), and an email with a link that verifies the address; then sign in. ' +
        'An address that has an account already gets the same answer, and an email saying so instead, so the answer never tells which addresses have accounts',
      responses: {
        202: { description: 'Accepted (the same for a new address and one that has an account)', schema: SignUpAccepted },
        400: invalid('An invalid email, a password too short or too long, a blank name'),
        429: { description: 'Too many sign-ups from this address (IPv4, or IPv6 /64) this hour: Retry-After says when to try again' },
      },
    },
    (deps) => async (ctx) => {
      const input = SignUpBody.parse(ctx.request.body ?? {});
      await signUp(accountDepsOf(deps), input, ctx.ip);
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 202;
      ctx.body = SignUpAccepted.parse({ accepted: true, email: normalEmail(input.email) });
    },
  ),
  route<AuthDeps>(
    {
      method: 'post',
      path: '/api/auth/login',
      // Public: how a person gets a session.
      access: 'public',
      tags: ['auth'],
      body: LogInBody,
      summary:
        'Sign in with email and password: a new session cookie every time (any earlier session of this browser ends), and a device cookie ' +
        "that keeps this browser's later attempts apart from strangers' failed ones",
      responses: {
        200: {
          description: 'The account, signed in (`mustChangePassword`: it must set a new password before anything else)',
          schema: AccountViewSchema,
        },
        400: invalid('A blank email or password'),
        401: { description: `${WRONG_CREDENTIALS} (the same for an unknown email and a wrong password)` },
        429: {
          description:
            "The account's next attempt must wait (after 5 failures, 2^failures seconds, at most 15 minutes), or this address (IPv4, or IPv6 /64) failed 20 times in 15 minutes: Retry-After says when to try again",
        },
      },
    },
    (deps) => async (ctx) => {
      const input = LogInBody.parse(ctx.request.body ?? {});
      const signedIn = await logIn(accountDepsOf(deps), input, ctx.ip, ctx.cookies.get(DEVICE_COOKIE));
      await startSession(ctx, deps, signedIn.userId, signedIn.mustChangePassword);
      setDeviceCookie(ctx, signedIn.deviceToken);
    },
  ),
  route<AuthDeps>(
    {
      method: 'post',
      path: '/api/auth/logout',
      // Public: ends whatever session the cookie holds, if any.
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

/** /api/auth: accounts, sessions, passwords and address verification. */
export const authRoutes = [...sessionRoutes, ...passwordRoutes, ...verificationRoutes];

export const authRouter = (deps: AuthDeps) => routerOf(authRoutes, deps);
export const authRouteDocs = docsOf(authRoutes);
