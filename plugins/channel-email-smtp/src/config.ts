import { z } from 'zod';

/** The SMTP channel's settings: how long it waits for a server. */
export const emailSmtpConfig = z.object({
  stepTimeoutSeconds: z
    .number()
    .int()
    .min(1)
    .max(120)
    .default(20)
    .describe('Seconds a send waits for each answer of the server (connect, greeting, each reply) before giving up.'),
  verifyTimeoutSeconds: z
    .number()
    .int()
    .min(1)
    .max(60)
    .default(10)
    .describe('Seconds Test connection waits in all for the server to accept the settings.'),
});

/** Parsed SMTP channel settings. */
export type EmailSmtpConfig = z.output<typeof emailSmtpConfig>;
