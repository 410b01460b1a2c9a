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

/**
 * One HubSpot account: a private app's access token (Settings → Integrations → Private apps), or
 * the tokens of an OAuth connection (a public app installed by the user). Exactly one.
 */
export const hubSpotAccountSchema = z
  .object({
    privateAppToken: z.string().min(1).optional(),
    oauth: crmTokensSchema.optional(),
  })
  .refine(({ privateAppToken, oauth }) => (privateAppToken === undefined) !== (oauth === undefined), {
    message: 'give either privateAppToken or oauth, not both',
    path: ['privateAppToken'],
  });
export type HubSpotAccount = z.input<typeof hubSpotAccountSchema>;

export const hubSpotConfig = z.object({
  baseUrl: serverOnly(
    z
      .url({ protocol: /^https?$/ })
      .default('https://api.hubapi.com')
      .describe('Base URL of the HubSpot API; change only to point at a proxy or a test server.'),
    'decides where the token is sent',
  ),
  oauthAuthorizeUrl: serverOnly(
    z
      .url({ protocol: /^https?$/ })
      .default('https://app.hubspot.com/oauth/authorize')
      .describe('HubSpot OAuth authorization endpoint.'),
    'decides where users are sent to connect',
  ),
  oauthTokenUrl: serverOnly(
    z
      .url({ protocol: /^https?$/ })
      .default('https://api.hubapi.com/oauth/v1/token')
      .describe('HubSpot OAuth token endpoint (refresh).'),
    'decides where the client secret is sent',
  ),
  oauthRevokeUrl: serverOnly(
    z
      .url({ protocol: /^https?$/ })
      .default('https://api.hubapi.com/oauth/v1/refresh-tokens')
      .describe('Where a refresh token is deleted on disconnect (a DELETE of this address followed by the refresh token).'),
    'decides where the refresh token is sent',
  ),
  clientId: serverOnly(
    z.string().default('').describe("The public app's client id (MEETFLOW_HUBSPOT_CLIENT_ID); empty: no OAuth connections."),
    'names the OAuth client the platform connects as',
  ),
  clientSecret: serverOnly(
    z.string().default('').describe("The public app's client secret (MEETFLOW_HUBSPOT_CLIENT_SECRET)."),
    'holds a secret',
  ),
  idProperty: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/)
    .default('meetflow_id')
    .describe(
      "Internal name of the custom property holding Meetflow's id: a single-line text property on companies and contacts (unique values) and on emails and meetings.",
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
  pageSize: z.number().int().min(1).max(200).default(100).describe('Records per page of exclusions (HubSpot search takes at most 200).'),
});
export type HubSpotConfig = z.output<typeof hubSpotConfig>;

const account = hubSpotAccountSchema;

/** HubSpot's CRM v3 objects over plain fetch: companies, contacts, emails and meetings written; customers and open deals read. */
export const manifest = defineManifest({
  id: 'crm-hubspot',
  name: 'HubSpot CRM',
  version: '0.1.0',
  description:
    "Writes the companies, contacts, emails and meetings Meetflow works on into HubSpot (batch upserts keyed by Meetflow's id), and reads its customers and companies with open deals so discovery leaves them alone.",
  kind: 'crm',
  ui: { icon: 'database', color: '#ff7a59', category: 'CRMs', order: 400 },
  crm: {
    displayName: 'HubSpot',
    credentials: [
      { key: 'privateAppToken', label: 'Private app access token', secret: true },
      { key: 'oauth', label: 'HubSpot connection (OAuth)', secret: true },
    ],
    credentialsTest:
      'Any call with a wrong or revoked token fails with CrmAuthRefused ("reconnect the account"); an OAuth token that expired is refreshed once first.',
    oauth: {
      authorizationEndpoint: 'https://app.hubspot.com/oauth/authorize',
      tokenEndpoint: 'https://api.hubapi.com/oauth/v1/token',
      // Not RFC 7009: HubSpot deletes a refresh token with DELETE /oauth/v1/refresh-tokens/{token}.
      revocationEndpoint: 'https://api.hubapi.com/oauth/v1/refresh-tokens',
      revocationStyle: 'delete-refresh-token',
      scopes: [
        'crm.objects.companies.read',
        'crm.objects.companies.write',
        'crm.objects.contacts.read',
        'crm.objects.contacts.write',
        'crm.objects.deals.read',
      ],
      clientIdEnv: 'MEETFLOW_HUBSPOT_CLIENT_ID',
      clientSecretEnv: 'MEETFLOW_HUBSPOT_CLIENT_SECRET',
      tokensField: 'oauth',
    },
    idempotency: {
      company: 'batch upsert with idProperty = the meetflow_id custom property (unique values) of companies',
      contact: 'batch upsert with idProperty = email (HubSpot keys contacts by email); meetflow_id is set too',
      activity: 'the email or meeting whose meetflow_id is the activity id is searched first, and created only when there is none',
    },
  },
  config: hubSpotConfig,
  activities: {
    upsertCompanies: {
      description:
        "Creates or updates up to 100 companies in one batch upsert keyed by Meetflow's id; fields a user filled in HubSpot are left as they are.",
      access: 'internal',
      input: upsertCompaniesInput.extend({ account }),
      output: crmUpsertsSchema,
      timeout: '2 minutes',
      inProcess: true,
    },
    upsertContacts: {
      description:
        'Creates or updates up to 100 contacts in one batch upsert keyed by email, and associates each with its company; fields a user filled are left as they are.',
      access: 'internal',
      input: upsertContactsInput.extend({ account }),
      output: crmUpsertsSchema,
      timeout: '2 minutes',
      inProcess: true,
    },
    logActivity: {
      description: "Puts an email or a meeting on the contact's timeline, once: a second call with the same id finds the first.",
      access: 'internal',
      input: logActivityInput.extend({ account }),
      output: crmLoggedSchema,
      timeout: '1 minute',
      inProcess: true,
    },
    listExclusions: {
      description: 'A page of customers (lifecycle stage customer) and companies with open deals, by domain and email.',
      access: 'internal',
      input: listExclusionsInput.extend({ account }),
      output: crmExclusionsSchema,
      timeout: '1 minute',
      inProcess: true,
    },
  },
});
