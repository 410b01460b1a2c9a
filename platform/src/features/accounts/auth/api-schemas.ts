import { z } from 'zod';
import { emailAddress, nonBlank } from '../../../core/http/api-strings.ts';
import { ROLES } from './model.ts';
import { PASSWORD_LENGTH } from './passwords.ts';

const Email = emailAddress().describe('Sign-in email; case does not matter');
const Password = z
  .string()
  .min(PASSWORD_LENGTH.min, `must be at least ${PASSWORD_LENGTH.min} characters`)
  .max(PASSWORD_LENGTH.max, `must be at most ${PASSWORD_LENGTH.max} characters`)
  .describe(`${PASSWORD_LENGTH.min}–${PASSWORD_LENGTH.max} characters; stored only as an argon2id hash`);

export const SignUpBody = z.object({
  email: Email,
  password: Password,
  name: nonBlank(100, 'must not be blank').describe('Your name, as teammates see it'),
  workspaceName: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(100)
    .optional()
    .describe('Name of the workspace created for you ("<name>\'s workspace" when absent)'),
});

export const LogInBody = z.object({
  email: nonBlank(254, 'must not be blank').describe('Sign-in email'),
  password: z.string().min(1, 'must not be blank').max(PASSWORD_LENGTH.max),
});

export const AccountViewSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z
      .boolean()
      .describe('Whether the address is proven theirs (a verification or reset link): needed to accept an invitation bound to it'),
    mustChangePassword: z
      .boolean()
      .describe(
        'True for a password someone else chose (the demo owner): until they set their own, only POST /api/auth/password, GET /api/auth/me and sign-out answer',
      ),
  }),
  workspaces: z
    .array(z.object({ slug: z.string(), name: z.string(), role: z.enum(ROLES) }))
    .describe('Every workspace the user belongs to, with their role in it, oldest membership first'),
});

/** What a sign-up answers, the same for a new address and one that has an account (which gets an email saying so). */
export const SignUpAccepted = z.object({
  accepted: z.literal(true),
  email: z
    .string()
    .describe('The address: a verification link (24 hours, once) is on its way to it when it is new; sign in with it and the password'),
});

/** Signed in, current password required. */
export const ChangePasswordBody = z.object({
  currentPassword: z.string().min(1, 'must not be blank').max(PASSWORD_LENGTH.max).describe('The password in use now'),
  newPassword: Password,
});

export const PasswordResetRequestBody = z.object({ email: Email });

/** The same answer whether or not the address has an account. */
export const PasswordResetRequested = z.object({
  accepted: z.literal(true),
  email: z.string().describe('The address: if it has an account, a link (30 minutes, once) is on its way to it'),
});

const LinkToken = z.string().min(1, 'must not be blank').max(200).describe("The token of the emailed link (after its '#token=')");

export const PasswordResetBody = z.object({ token: LinkToken, password: Password });

export const PasswordResetDone = z.object({
  passwordChanged: z.literal(true),
  email: z.string().describe('The account: sign in with it and the new password (every session of it was ended)'),
});

export const VerifyEmailBody = z.object({ token: LinkToken });

export const EmailVerified = z.object({ verified: z.literal(true), email: z.string() });

export const VerificationSent = z.object({ sent: z.literal(true), email: z.string() });
