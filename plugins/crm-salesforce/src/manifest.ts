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

/** One Salesforce org: where its REST API is (the token answer's instance_url), and the OAuth tokens (Salesforce's API takes no other login). */
export const salesforceAccountSchema = z.object({
  instanceUrl: z.url({ protocol: /^https?$/ }),
  oauth: crmTokensSchema,
});
export type SalesforceAccount = z.input<typeof salesforceAccountSchema>;

export const salesforceConfig = z.object({
  instanceUrlPattern: serverOnly(
    z
      .string()
      .default('^https://[a-z0-9.-]+\\.(my\\.)?salesforce\\.com$')
      .describe("The account's instance URL must match this (a regular expression): the token is sent only to Salesforce."),
    'decides where the access token is sent',
  ),
  apiVersion: z
    .string()
    .regex(/^v\d+\.\d$/)
    .default('v62.0')
    .describe('The REST API version (sObject Collections upsert needs v46.0 or later).'),
  externalIdField: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]*__c$/)
    .default('Meetflow_Id__c')
    .describe("API name of the custom field, marked External ID, that holds Meetflow's id on Account, Contact, Task and Event."),
  oauthAuthorizeUrl: serverOnly(
    z
      .url({ protocol: /^https?$/ })
      .default('https://login.salesforce.com/services/oauth2/authorize')
      .describe('Salesforce OAuth authorization endpoint (test.salesforce.com for sandboxes).'),
    'decides where users are sent to connect',
  ),
  oauthTokenUrl: serverOnly(
    z
      .url({ protocol: /^https?$/ })
      .default('https://login.salesforce.com/services/oauth2/token')
      .describe('Salesforce OAuth token endpoint (refresh).'),
    'decides where the client secret is sent',
  ),
  oauthRevokeUrl: serverOnly(
    z
      .url({ protocol: /^https?$/ })
      .default('https://login.salesforce.com/services/oauth2/revoke')
      .describe('Salesforce OAuth revocation endpoint: disconnecting revokes the refresh token there (test.salesforce.com for sandboxes).'),
    'decides where the refresh token is sent',
  ),
  clientId: serverOnly(
    z.string().default('').describe("The connected app's consumer key (MEETFLOW_SALESFORCE_CLIENT_ID); empty: no connections."),
    'names the OAuth client the platform connects as',
  ),
  clientSecret: serverOnly(
    z.string().default('').describe("The connected app's consumer secret (MEETFLOW_SALESFORCE_CLIENT_SECRET)."),
    'holds a secret',
  ),
  sessionSeconds: z
    .number()
    .int()
    .min(300)
    .max(86_400)
    .default(3600)
    .describe(
      "How long an access token is taken to last (Salesforce's token answer has no expires_in; the org's session timeout decides).",
    ),
  timeoutSeconds: z.number().int().min(1).max(120).default(20).describe('Seconds one request may take before it counts as unavailable.'),
  attempts: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(3)
    .describe('Tries of one request (a 429, a limit reached, a 5xx or a timeout each use one) before it fails as CrmUnavailable.'),
  maxRetryAfterSeconds: z
    .number()
    .int()
    .min(0)
    .max(300)
    .default(30)
    .describe('On 429, wait what Retry-After asks up to this many seconds and try again; a longer wait fails at once, retryable after it.'),
});
export type SalesforceConfig = z.output<typeof salesforceConfig>;

const account = salesforceAccountSchema;

/** Salesforce's REST API over plain fetch: Account, Contact, Task and Event upserted by an External ID field; customers and open opportunities read with SOQL. */
export const manifest = defineManifest({
  id: 'crm-salesforce',
  name: 'Salesforce CRM',
  version: '0.1.0',
  description:
    'Writes the companies, contacts, emails and meetings Meetflow works on into Salesforce (upserts by the Meetflow_Id__c external ID field), and reads Accounts of type Customer and open Opportunities so discovery leaves them alone.',
  kind: 'crm',
  ui: { icon: 'database', color: '#00a1e0', category: 'CRMs', order: 420 },
  crm: {
    displayName: 'Salesforce',
    credentials: [
      { key: 'instanceUrl', label: 'Instance URL (from the connection)', secret: false },
      { key: 'oauth', label: 'Salesforce connection (OAuth)', secret: true },
    ],
    credentialsTest:
      'A call whose session expired is refreshed once and retried; a refresh token Salesforce refuses (revoked, expired) fails with CrmAuthRefused ("reconnect the account").',
    oauth: {
      authorizationEndpoint: 'https://login.salesforce.com/services/oauth2/authorize',
      tokenEndpoint: 'https://login.salesforce.com/services/oauth2/token',
      revocationEndpoint: 'https://login.salesforce.com/services/oauth2/revoke',
      scopes: ['api', 'refresh_token'],
      clientIdEnv: 'MEETFLOW_SALESFORCE_CLIENT_ID',
      clientSecretEnv: 'MEETFLOW_SALESFORCE_CLIENT_SECRET',
      tokensField: 'oauth',
    },
    idempotency: {
      company: 'sObject Collections upsert of Account by the Meetflow_Id__c external ID field',
      contact:
        'sObject Collections upsert of Contact by Meetflow_Id__c; a Contact with the same email and no Meetflow_Id__c is claimed (its Meetflow_Id__c set) first',
      activity: 'upsert of Task (an email) or Event (a meeting) by Meetflow_Id__c, read first so a logged one is never written again',
    },
  },
  config: salesforceConfig,
  activities: {
    upsertCompanies: {
      description:
        'Creates or updates up to 100 companies as Accounts in one sObject Collections upsert by Meetflow_Id__c; fields a user filled are left as they are.',
      access: 'internal',
      input: upsertCompaniesInput.extend({ account }),
      output: crmUpsertsSchema,
      timeout: '2 minutes',
      inProcess: true,
    },
    upsertContacts: {
      description:
        'Creates or updates up to 100 contacts as Contacts in one sObject Collections upsert by Meetflow_Id__c, each linked to its Account by that Account’s Meetflow_Id__c.',
      access: 'internal',
      input: upsertContactsInput.extend({ account }),
      output: crmUpsertsSchema,
      timeout: '2 minutes',
      inProcess: true,
    },
    logActivity: {
      description: 'Puts an email (a completed Task) or a meeting (an Event) on the Contact, once, by Meetflow_Id__c.',
      access: 'internal',
      input: logActivityInput.extend({ account }),
      output: crmLoggedSchema,
      timeout: '1 minute',
      inProcess: true,
    },
    listExclusions: {
      description: 'A page of Accounts of type Customer, then of open Opportunities with their Account, read with SOQL.',
      access: 'internal',
      input: listExclusionsInput.extend({ account }),
      output: crmExclusionsSchema,
      timeout: '1 minute',
      inProcess: true,
    },
  },
});
