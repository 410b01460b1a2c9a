import { serverOnly } from '@meetflow/plugin-sdk';
import { z } from 'zod';

/** The Crunchbase source's settings. */
export const crunchbaseConfig = z.object({
  apiKey: z
    .string()
    .default('')
    .describe(
      'Crunchbase API user key (Account settings → Integrations → Crunchbase API; Enterprise or Applications licence), sent as X-cb-user-key; empty means not configured.',
    ),
  baseUrl: serverOnly(
    z
      .url({ protocol: /^https?$/ })
      .default('https://api.crunchbase.com/api/v4')
      .describe('Base URL of the Crunchbase API v4; change only to point at a proxy or a test server.'),
    'decides where the API key is sent',
  ),
  requestsPerMinute: z
    .number()
    .int()
    .min(1)
    .max(6000)
    .default(200)
    .describe('Requests sent per minute at most, spaced evenly (Crunchbase documents 200 calls per minute); one search makes two calls.'),
  maxRetryAfterSeconds: z
    .number()
    .int()
    .min(0)
    .max(300)
    .default(30)
    .describe(
      'On HTTP 429, wait what Retry-After asks (60 s when absent: Crunchbase sends none) up to this many seconds, then fail retryably.',
    ),
  maxOrganizations: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(200)
    .describe('Companies matching the industry/size/revenue criteria whose people are searched (top ones by Crunchbase rank).'),
});

/** Parsed Crunchbase settings. */
export type CrunchbaseConfig = z.output<typeof crunchbaseConfig>;
