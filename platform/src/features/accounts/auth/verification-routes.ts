import { Types } from 'mongoose';
import { ForbiddenError } from '../../../core/errors.ts';
import { accessOf } from '../../../core/http/access-check.ts';
import { route } from '../../../core/http/api-route.ts';
import { accountDepsOf, type AuthDeps } from './account-deps.ts';
import { EmailVerified, VerificationSent, VerifyEmailBody } from './api-schemas.ts';
import { resendVerification, VERIFICATION_LINK_NOT_VALID, verifyEmail } from './email-verification.ts';

const tags = ['auth'];
const TOKEN_HAS_NO_ADDRESS = 'An API token has no email address: sign in as the user to verify theirs.';

/** Proving an account's email address: following the emailed link, and asking for a new one. */
export const verificationRoutes = [
  route<AuthDeps>(
    {
      method: 'post',
      path: '/api/auth/verify-email',
      // Public: the emailed link's token is the credential (single use, 24 hours); it may be opened in a browser not signed in.
      access: 'public',
      tags,
      body: VerifyEmailBody,
      summary: "Verify an account's email address with the emailed link's token (the link is used up)",
      responses: {
        200: { description: 'The address is verified', schema: EmailVerified },
        400: { description: 'A blank token' },
        422: { description: VERIFICATION_LINK_NOT_VALID },
      },
    },
    (deps) => async (ctx) => {
      const { token } = VerifyEmailBody.parse(ctx.request.body ?? {});
      ctx.body = EmailVerified.parse({ verified: true, ...(await verifyEmail(accountDepsOf(deps), token)) });
    },
  ),
  route<AuthDeps>(
    {
      method: 'post',
      path: '/api/auth/verify-email/resend',
      // Signed in, any user: it emails only the caller's own address.
      access: 'signed-in',
      tags,
      summary: "Email a new link to verify the signed-in user's address (24 hours, once; at most 3 an hour)",
      responses: {
        202: { description: 'The link is on its way', schema: VerificationSent },
        403: { description: TOKEN_HAS_NO_ADDRESS },
        409: { description: 'The address is verified already' },
        429: { description: 'Three verification emails went to this address in the last hour: Retry-After says when another may' },
        503: { description: 'This server sends no email (MEETFLOW_SYSTEM_MAIL_URL is not set)' },
      },
    },
    (deps) => async (ctx) => {
      const { principal } = accessOf(ctx);
      if (principal.kind !== 'user' || !principal.userId) throw new ForbiddenError(TOKEN_HAS_NO_ADDRESS);
      const { email } = await resendVerification(accountDepsOf(deps), new Types.ObjectId(principal.userId));
      ctx.status = 202;
      ctx.body = VerificationSent.parse({ sent: true, email });
    },
  ),
];
