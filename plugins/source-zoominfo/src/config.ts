import { serverOnly } from '@meetflow/plugin-sdk';
import { z } from 'zod';

/** The ZoomInfo source's settings (username and password authentication of the ZoomInfo API). */
export const zoominfoConfig = z.object({
  username: z
    .string()
    .default('')
    .describe('ZoomInfo API username (the user ZoomInfo provisioned for API access); empty means not configured.'),
  apiKey: z
    .string()
    .default('')
    .describe('Password of that API user, exchanged at POST /authenticate for a one-hour JWT; empty means not configured.'),
  baseUrl: serverOnly(
    z
      .url({ protocol: /^https?$/ })
      .default('https://api.zoominfo.com')
      .describe('Base URL of the ZoomInfo API; change only to point at a proxy or a test server.'),
    'decides where the username and password are sent',
  ),
  requestsPerMinute: z
    .number()
    .int()
    .min(1)
    .max(6000)
    .default(300)
    .describe(
      'Requests sent per minute at most, spaced evenly (ZoomInfo allows 5 per second on its smallest API package; raise it to your contract).',
    ),
  maxRetryAfterSeconds: z
    .number()
    .int()
    .min(0)
    .max(300)
    .default(30)
    .describe(
      'On HTTP 429, wait what Retry-After asks up to this many seconds, then fail retryably (Temporal retries after the rest of the wait).',
    ),
});

/** Parsed ZoomInfo settings. */
export type ZoominfoConfig = z.output<typeof zoominfoConfig>;
