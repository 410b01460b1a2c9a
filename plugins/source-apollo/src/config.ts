import { serverOnly } from '@meetflow/plugin-sdk';
import { z } from 'zod';

/** The Apollo source's settings. */
export const apolloConfig = z.object({
  apiKey: z
    .string()
    .default('')
    .describe('Apollo API key (Settings → Integrations → API in Apollo), sent as x-api-key; empty means not configured.'),
  baseUrl: serverOnly(
    z
      .url({ protocol: /^https?$/ })
      .default('https://api.apollo.io/api/v1')
      .describe('Base URL of the Apollo REST API; change only to point at a proxy or a test server.'),
    'decides where the API key is sent',
  ),
  requestsPerMinute: z
    .number()
    .int()
    .min(1)
    .max(6000)
    .default(50)
    .describe('Requests sent per minute at most, spaced evenly (Apollo allows 50/min for search on the free plan, 200 on paid plans).'),
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

/** Parsed Apollo settings. */
export type ApolloConfig = z.output<typeof apolloConfig>;
