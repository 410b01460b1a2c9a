import type { Context } from 'koa';
import type { Types } from 'mongoose';
import { accountView } from './accounts.ts';
import { accountDepsOf, type AuthDeps } from './account-deps.ts';
import { AccountViewSchema } from './api-schemas.ts';
import { createSession, endSession, SESSION_COOKIE, type SessionPolicy } from './sessions.ts';
import { DEVICE_COOKIE, DEVICE_TRUSTED_MS } from './trusted-devices.ts';

/** Sets the session cookie (null clears it): HttpOnly, SameSite=Lax, Secure when the request came over TLS, living as long as the session may. */
export function setSessionCookie(ctx: Context, token: string | null, policy: SessionPolicy): void {
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    ...(token === null ? {} : { maxAge: policy.absoluteMs }),
    overwrite: true,
  });
}

/** Sets the device cookie (trusted-devices.ts), kept across sign-outs: it only says this browser signed in before. */
export function setDeviceCookie(ctx: Context, token: string): void {
  ctx.cookies.set(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/api/auth',
    maxAge: DEVICE_TRUSTED_MS,
    overwrite: true,
  });
}

/**
 * Starts a fresh session (a new token: any session the browser had is ended first, so a planted
 * cookie never signs anyone in) and answers with the account.
 */
export async function startSession(ctx: Context, deps: AuthDeps, userId: Types.ObjectId, mustChangePassword: boolean): Promise<void> {
  await endSession(deps.db, ctx.cookies.get(SESSION_COOKIE));
  const token = await createSession(deps.db, userId, accountDepsOf(deps).now(), deps.policy, mustChangePassword);
  setSessionCookie(ctx, token, deps.policy);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = AccountViewSchema.parse(await accountView(deps.db, userId));
}
