import { z } from 'zod';
import { emailAddress, nonBlank } from '../../core/http/api-strings.ts';
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
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  workspaces: z
    .array(z.object({ slug: z.string(), name: z.string(), role: z.enum(ROLES) }))
    .describe('Every workspace the user belongs to, with their role in it, oldest membership first'),
});
