import { Types } from 'mongoose';
import { ForbiddenError } from '../../../core/errors.ts';
import { accessOf } from '../../../core/http/access-check.ts';
import { route } from '../../../core/http/api-route.ts';
import { changePassword, normalEmail } from './accounts.ts';
import { accountDepsOf, type AuthDeps } from './account-deps.ts';
import {
  AccountViewSchema,
  ChangePasswordBody,
  PasswordResetBody,
  PasswordResetDone,
  PasswordResetRequestBody,
  PasswordResetRequested,
} from './api-schemas.ts';
import { completePasswordReset, requestPasswordReset, RESET_LINK_NOT_VALID } from './password-reset.ts';
import { startSession } from './session-cookies.ts';
import { DEVICE_COOKIE } from './trusted-devices.ts';

const tags = ['auth'];
const TOKEN_IS_NO_ACCOUNT = 'An API token has no password: sign in as the user to change theirs.';

/** Changing a password (signed in) and resetting a forgotten one (by an emailed link). */
export const passwordRoutes = [
  route<AuthDeps>(
    {
      method: 'post',
      path: '/api/auth/password',
      // Signed in, any user: it changes only the caller's own password, and asks for the current one.
      access: 'signed-in',
      tags,
      body: ChangePasswordBody,
      summary:
        'Change your password, giving the current one: every session of the account ends, and this browser gets a fresh one (the only call, with me and sign-out, a session that must set a new password may make)',
      responses: {
        200: { description: 'The account, signed in again with the new password', schema: AccountViewSchema },
        400: { description: 'A blank current password, or a new one too short or too long (each field named)' },
        403: { description: TOKEN_IS_NO_ACCOUNT },
        422: { description: 'The current password is wrong, or the new one is the same (the field named)' },
        429: { description: 'Too many wrong passwords for this account or from this address: Retry-After says when to try again' },
      },
    },
    (deps) => async (ctx) => {
      const input = ChangePasswordBody.parse(ctx.request.body ?? {});
      const { principal } = accessOf(ctx);
      if (principal.kind !== 'user' || !principal.userId) throw new ForbiddenError(TOKEN_IS_NO_ACCOUNT);
      const userId = new Types.ObjectId(principal.userId);
      await changePassword(accountDepsOf(deps), userId, input, ctx.ip, ctx.cookies.get(DEVICE_COOKIE));
      await startSession(ctx, deps, userId, false);
    },
  ),
  route<AuthDeps>(
    {
      method: 'post',
      path: '/api/auth/password-reset',
      // Public: for a person who cannot sign in; it tells nothing about the address and is limited per client address.
      access: 'public',
      tags,
      body: PasswordResetRequestBody,
      summary:
        'Forgot your password: if the address has an account, a link to set a new one (30 minutes, once) is emailed to it. The answer is the same either way',
      responses: {
        202: { description: 'Accepted (the same whether or not the address has an account)', schema: PasswordResetRequested },
        400: { description: 'An invalid email (the field named)' },
        429: { description: 'Too many requests from this address (IPv4, or IPv6 /64) this hour: Retry-After says when to try again' },
      },
    },
    (deps) => async (ctx) => {
      const input = PasswordResetRequestBody.parse(ctx.request.body ?? {});
      await requestPasswordReset(accountDepsOf(deps), input, ctx.ip);
      ctx.status = 202;
      ctx.body = PasswordResetRequested.parse({ accepted: true, email: normalEmail(input.email) });
    },
  ),
  route<AuthDeps>(
    {
      method: 'post',
      path: '/api/auth/password-reset/confirm',
      // Public: the emailed link's token is the credential (single use, 30 minutes).
      access: 'public',
      tags,
      body: PasswordResetBody,
      summary:
        "Set a new password with the emailed link's token: the link is used up, every session of the account ends, and the address counts as verified; then sign in",
      responses: {
        200: { description: 'The password is set', schema: PasswordResetDone },
        400: { description: 'A blank token, or a password too short or too long (each field named)' },
        422: { description: RESET_LINK_NOT_VALID },
      },
    },
    (deps) => async (ctx) => {
      const input = PasswordResetBody.parse(ctx.request.body ?? {});
      const { email } = await completePasswordReset(accountDepsOf(deps), input);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = PasswordResetDone.parse({ passwordChanged: true, email });
    },
  ),
];
