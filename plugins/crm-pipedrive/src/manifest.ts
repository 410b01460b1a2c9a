import {
  crmExclusionsSchema,
  crmLoggedSchema,
  crmTokensSchema,
  crmUpsertsSchema,
  defineManifest,
  listExclusionsInput,
  logActivityInput,
  serverOnly,
  upsertCompaniesInput,
  upsertContactsInput,
} from '@meetflow/plugin-sdk';
import { z } from 'zod';

const customFieldKey = z
  .string()
  .regex(/^[a-z0-9_]{1,64}$/, "a custom field's API key (Settings → Data fields → the field → Copy API key)");

/**
 * One Pipedrive account: the company's API address, an API token (Personal preferences → API) or
 * the tokens of an OAuth connection (exactly one), and the API keys of two organization custom
 * fields (text) that hold Meetflow's id of the company and its domain (Pipedrive has no domain field).
 */
export const pipedriveAccountSchema = z
  .object({
    /** e.g. https://acme.pipedrive.com (OAuth answers it as api_domain). */
    apiDomain: z.url({ protocol: /^https?$/ }),
    apiToken: z.string().min(1).optional(),
    oauth: crmTokensSchema.optional(),
    organizationIdField: customFieldKey,
    organizationDomainField: customFieldKey,
  })
  .refine(({ apiToken, oauth }) => (apiToken === undefined) !== (oauth === undefined), {
    message: 'give either apiToken or oauth, not both',
    path: ['apiToken'],
  });
export type PipedriveAccount = z.input<typeof pipedriveAccountSchema>;

export const pipedriveConfig = z.object({
  apiDomainPattern: serverOnly(
    z
      .string()
      .default('^https://[a-z0-9-]+\\.pipedrive\\.com$')
      .describe("The account's API address must match this (a regular expression): the token is sent only to Pipedrive."),
    'decides where the API token is sent',
  ),
  oauthAuthorizeUrl: serverOnly(
    z
      .url({ protocol: /^https?$/ })
      .default('https://oauth.pipedrive.com/oauth/authorize')
      .describe('Pipedrive OAuth authorization endpoint.'),
    'decides where users are sent to connect',
  ),
  oauthTokenUrl: serverOnly(
    z
      .url({ protocol: /^https?$/ })
      .default('https://oauth.pipedrive.com/oauth/token')
      .describe('Pipedrive OAuth token endpoint (refresh).'),
    'decides where the client secret is sent',
  ),
  oauthRevokeUrl: serverOnly(
    z
      .url({ protocol: /^https?$/ })
      .default('https://oauth.pipedrive.com/oauth/revoke')
      .describe('Pipedrive OAuth revocation endpoint (disconnecting revokes the refresh token there).'),
    'decides where the client secret is sent',
  ),
  oauthClientAuthentication: serverOnly(
    z
      .enum(['client_secret_basic', 'client_secret_post'])
      .default('client_secret_basic')
      .describe("How the client authenticates at the token endpoint: Pipedrive's reference sends it as HTTP Basic."),
    'decides how the client secret is sent',
  ),
  clientId: serverOnly(
    z.string().default('').describe("The Marketplace app's client id (MEETFLOW_PIPEDRIVE_CLIENT_ID); empty: no OAuth connections."),
    'names the OAuth client the platform connects as',
  ),
  clientSecret: serverOnly(
    z.string().default('').describe("The Marketplace app's client secret (MEETFLOW_PIPEDRIVE_CLIENT_SECRET)."),
    'holds a secret',
  ),
  timeoutSeconds: z.number().int().min(1).max(120).default(20).describe('Seconds one request may take before it counts as unavailable.'),
  attempts: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(3)
    .describe('Tries of one request (a 429, a 5xx or a timeout each use one) before it fails as CrmUnavailable.'),
  maxRetryAfterSeconds: z
    .number()
    .int()
    .min(0)
    .max(300)
    .default(30)
    .describe('On 429, wait what Retry-After asks up to this many seconds and try again; a longer wait fails at once, retryable after it.'),
  pageSize: z.number().int().min(1).max(500).default(100).describe('Deals per page of exclusions (Pipedrive lists at most 500).'),
});
export type PipedriveConfig = z.output<typeof pipedriveConfig>;

const account = pipedriveAccountSchema;

/** Pipedrive's API v2 over plain fetch: organizations, persons and activities written; won and open deals read. */
export const manifest = defineManifest({
  id: 'crm-pipedrive',
  name: 'Pipedrive CRM',
  version: '0.1.0',
  description:
    "Writes the companies, people, emails and meetings Meetflow works on into Pipedrive (found first by Meetflow's id or email, so a second sync writes nothing twice), and reads the organizations and people of won and open deals so discovery leaves them alone.",
  kind: 'crm',
  ui: { icon: 'database', color: '#017737', category: 'CRMs', order: 410 },
  crm: {
    displayName: 'Pipedrive',
    credentials: [
      { key: 'apiDomain', label: 'Company address (https://yourcompany.pipedrive.com)', secret: false },
      { key: 'apiToken', label: 'API token', secret: true },
      { key: 'oauth', label: 'Pipedrive connection (OAuth)', secret: true },
      { key: 'organizationIdField', label: 'API key of the organization field "Meetflow ID"', secret: false },
      { key: 'organizationDomainField', label: 'API key of the organization field "Domain"', secret: false },
    ],
    credentialsTest:
      'Any call with a wrong API token fails with CrmAuthRefused ("reconnect the account"); an expired OAuth token is refreshed once first.',
    oauth: {
      authorizationEndpoint: 'https://oauth.pipedrive.com/oauth/authorize',
      tokenEndpoint: 'https://oauth.pipedrive.com/oauth/token',
      // RFC 7009's form (token, token_type_hint) with the client as HTTP Basic: https://developers.pipedrive.com/docs/api/v1/Oauth
      revocationEndpoint: 'https://oauth.pipedrive.com/oauth/revoke',
      scopes: ['deals:read', 'contacts:full', 'activities:full', 'search:read'],
      clientIdEnv: 'MEETFLOW_PIPEDRIVE_CLIENT_ID',
      clientSecretEnv: 'MEETFLOW_PIPEDRIVE_CLIENT_SECRET',
      tokensField: 'oauth',
    },
    idempotency: {
      company: "the organization whose Meetflow ID custom field is the company's id (exact-match search), else a new one",
      contact: 'the person with that email (exact-match search on email), else a new one',
      activity: "the person's activity whose note carries the marker <!-- meetflow:<id> -->, else a new one",
    },
  },
  config: pipedriveConfig,
  activities: {
    upsertCompanies: {
      description:
        "Creates or updates companies as organizations, found by Meetflow's id in a custom field; only empty fields are filled (Pipedrive has no batch write, so one by one).",
      access: 'internal',
      input: upsertCompaniesInput.extend({ account }),
      output: crmUpsertsSchema,
      timeout: '5 minutes',
      inProcess: true,
    },
    upsertContacts: {
      description: 'Creates or updates contacts as persons, found by email, linked to their organization; only empty fields are filled.',
      access: 'internal',
      input: upsertContactsInput.extend({ account }),
      output: crmUpsertsSchema,
      timeout: '5 minutes',
      inProcess: true,
    },
    logActivity: {
      description:
        "Puts an email or a meeting on the person's activities, once: a second call with the same id finds the first by its marker.",
      access: 'internal',
      input: logActivityInput.extend({ account }),
      output: crmLoggedSchema,
      timeout: '1 minute',
      inProcess: true,
    },
    listExclusions: {
      description: 'A page of the organizations and people of open deals, then of won deals (customers).',
      access: 'internal',
      input: listExclusionsInput.extend({ account }),
      output: crmExclusionsSchema,
      timeout: '1 minute',
      inProcess: true,
    },
  },
});
