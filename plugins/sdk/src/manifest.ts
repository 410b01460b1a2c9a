import { z } from 'zod';
import type { ActivityContext, CollectionSchemas, PluginDeps } from './deps.ts';
import type { ActivityAccess } from './run-context.ts';
import type { DecisionPointDefinition } from './experiments/decision-points.ts';
import type { RevocationStyle } from './oauth/index.ts';

/** What a plugin is for: an agent of the product, a prospect source, a sending channel, a CRM, a calendar or a payment provider. */
export const PLUGIN_KINDS = ['agent', 'source', 'channel', 'crm', 'calendar', 'payments'] as const;
export type PluginKind = (typeof PLUGIN_KINDS)[number];

/** One activity a plugin provides: its contract, independent of its implementation. */
export interface ActivityDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** One line for the UI and the generated docs. */
  description: string;
  /**
   * Who may place it in a pipeline (see ActivityAccess): checked against the principal's role when
   * a pipeline is saved and each time it runs; `internal` ones are the platform's alone. The
   * workspace it acts in is never part of `input`: it comes with the context (`context.run`).
   */
  access: ActivityAccess;
  input: I;
  output: O;
  /** Start-to-close timeout the workflows use for it, e.g. '30 seconds' (default '1 minute'). */
  timeout?: string;
  /**
   * True when it runs long and heartbeats through its context: pipelines then give its step a
   * heartbeat timeout (1 minute), so an attempt that goes silent is retried without waiting out `timeout`.
   */
  heartbeats?: boolean;
  /**
   * True for a read the API may call in its own process, without a workflow: fast, no side
   * effects but reading the plugin's own collections, no HTTP, no language model (its deps get
   * none). It still runs on the worker too, like any activity.
   */
  service?: boolean;
  /**
   * True for an activity the platform calls only in its own process or inside one of its own
   * activities, never as a Temporal activity or a pipeline step: its input carries a secret (a
   * channel account's password), which must never be written to a workflow history. The worker
   * does not register it and pipelines cannot name it.
   */
  inProcess?: boolean;
}

/** One setting a source needs before it is called (an API key), or a field of a channel account (an SMTP host, a password). */
export interface SourceCredential {
  /** The field holding it: a string field of a source's config; a field of a channel's `account` input. */
  key: string;
  /** How a settings form labels it, e.g. "API key". */
  label: string;
  /** True for a secret: never shown or returned once set (the API says only whether it is set). */
  secret: boolean;
}

/**
 * What makes a plugin of kind `source` a prospect source (like an n8n node's credentials): the
 * name lists show, the credentials it needs, and how a credential is found wrong. Discovery lists
 * every installed source; one whose credentials are not all set is answered by the sample source
 * (`standIn`) instead, marked sample. Its `searchPeople` activity is what discovery calls.
 */
export interface SourceDefinition {
  /** The name lists and notes show, e.g. "Apollo.io". */
  displayName: string;
  credentials: SourceCredential[];
  /** How the credentials are tested, in one line: what a search with a wrong one answers. */
  credentialsTest: string;
  /**
   * True for a sample source (contracts/sample-source): it answers, marked sample, for every source
   * whose credentials are not set, and is never offered as a choice itself. Its searchPeople is a
   * service and it provides `prepare`. At most one is installed.
   */
  standIn?: boolean;
}

/** A field of one account a channel sends through (one mailbox's connection, say). */
export type ChannelCredential = SourceCredential;

/**
 * What makes a plugin of kind `channel` a way of sending (like an n8n credential type): the name
 * lists show, what it sends to, the fields of one connected account (a mailbox), and how a wrong
 * one shows. The platform keeps the accounts (secrets sealed), checks every guardrail, records
 * the intent to send, and calls the channel's `send` and `verify` in its own process with one
 * account's fields (see contracts/channel for their contract).
 */
export interface ChannelDefinition {
  /** The name lists and settings show, e.g. "Email over SMTP". */
  displayName: string;
  /** What a message goes to: an email address. */
  address: 'email';
  /** The fields of one account, each a field of the `account` object of `send` and `verify`. */
  credentials: ChannelCredential[];
  /** How the credentials are tested, in one line: what `verify` answers for a wrong one. */
  credentialsTest: string;
}

/** A field of one calendar account (a CalDAV server's URL, a username, a password). */
export type CalendarCredential = SourceCredential;

/**
 * What makes a plugin of kind `calendar` a rep's calendar (like a channel): the name lists show,
 * the fields of one connected account, and how a wrong one shows. The platform keeps the accounts
 * (secrets sealed, like a mailbox's password) and calls the activities (CALENDAR_ACTIVITIES, the
 * contract of contracts/calendar) in its own process with one account's fields.
 */
export interface CalendarDefinition {
  /** The name lists and settings show, e.g. "CalDAV (Apple, Fastmail, Nextcloud…)". */
  displayName: string;
  /** The fields of one account, each a field of the `account` object every calendar activity takes. */
  credentials: CalendarCredential[];
  /** How the credentials are tested, in one line: what a call with a wrong one fails with. */
  credentialsTest: string;
  /** Present for a calendar connected with OAuth 2.0 (Google, Microsoft) instead of a typed password. */
  oauth?: CalendarOAuthDefinition;
}

/**
 * How a calendar account connects with OAuth 2.0 (authorization code with PKCE, then refresh, with
 * `@meetflow/plugin-sdk/oauth`): the provider's endpoints and scopes, and the environment variables
 * that hold the deployment's client id and secret (the platform reads them and gives them to the
 * plugin as its config's `clientId` and `clientSecret`). The tokens are one account field,
 * `tokensField` (contracts/calendar's calendarTokensSchema, a secret credential); every activity
 * answers the tokens it refreshed as `refreshedTokens`. The same shape as a CRM's `oauth`.
 */
export interface CalendarOAuthDefinition {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  revocationEndpoint?: string;
  /** How the revocation endpoint is called: RFC 7009 (the default), or HubSpot's `DELETE <endpoint>/<refresh token>`. */
  revocationStyle?: RevocationStyle;
  scopes: readonly string[];
  /** Extra parameters of the authorization request, e.g. Google's access_type=offline (for a refresh token). */
  authorizationParams?: Readonly<Record<string, string>>;
  /** e.g. "MEETFLOW_GOOGLE_CLIENT_ID". */
  clientIdEnv: string;
  clientSecretEnv: string;
  /** The account field holding the tokens. */
  tokensField: string;
}

/** A field of one CRM account (an API token, a company domain, the OAuth tokens). */
export type CrmCredential = SourceCredential;

/**
 * How a CRM account connects with OAuth 2.0: the calendar's declaration, the same shape (endpoints,
 * scopes, the environment variables of the client id and secret, which the platform gives the
 * plugin as its server-only config fields `clientId` and `clientSecret`, and `tokensField`).
 */
export type CrmOAuthDefinition = CalendarOAuthDefinition;

/**
 * What makes a plugin of kind `crm` the sales team's CRM (like a calendar): the name lists show,
 * the fields of one connected account (an API token, or OAuth tokens), how a wrong one shows, and
 * how each write is made idempotent. The platform keeps the accounts (secrets sealed) and calls
 * the activities (CRM_ACTIVITIES, the contract of contracts/crm) in its own process.
 */
export interface CrmDefinition {
  /** The name lists and settings show, e.g. "HubSpot". */
  displayName: string;
  /** The fields of one account, each a field of the `account` object every CRM activity takes (a token is secret). */
  credentials: CrmCredential[];
  /** How the credentials are tested, in one line: what a call with a wrong one fails with. */
  credentialsTest: string;
  /** Present when an account may connect with OAuth instead of a pasted token. */
  oauth?: CrmOAuthDefinition;
  /** How each write finds the record it wrote before, in one line each (the key, and where the CRM stores it). */
  idempotency: { company: string; contact: string; activity: string };
}

/** The activities every CRM plugin provides, each inProcess and taking the account (see contracts/crm). */
export const CRM_ACTIVITIES = ['upsertCompanies', 'upsertContacts', 'logActivity', 'listExclusions'] as const;

/** A field of one payment provider account (a secret key, a client id and secret). */
export type PaymentsCredential = SourceCredential;

/**
 * What makes a plugin of kind `payments` a payment provider (Stripe, PayPal): the name lists show,
 * the fields of one connected account, how a wrong one shows, how its creates are made idempotent,
 * how its webhooks are verified, and the ways it collects an invoice. The platform keeps the
 * accounts (secrets sealed) and calls the activities (PAYMENT_ACTIVITIES, the contract of
 * contracts/payments) in its own process.
 */
export interface PaymentsDefinition {
  /** The name lists and settings show, e.g. "Stripe". */
  displayName: string;
  /** The fields of one account, each a field of the `account` object every payments activity takes (a key is secret). */
  credentials: PaymentsCredential[];
  /** How the credentials are tested, in one line: what a call with a wrong one fails with. */
  credentialsTest: string;
  /** How a create is sent once, in one line (the header carrying the key derived from the externalId). */
  idempotency: string;
  /** How a webhook is verified, in one line (the header, the scheme, the tolerance), and what `parseWebhook`'s secret is. */
  webhook: string;
  /** The ways it collects an invoice (contracts/payments' collect): charge the saved method, send the invoice, or both. */
  collect: ReadonlyArray<'charge' | 'send'>;
}

/** The activities every payments plugin provides, each inProcess and taking the account (see contracts/payments). */
export const PAYMENT_ACTIVITIES = [
  'ensureCustomer',
  'createSetupSession',
  'getPaymentMethod',
  'createInvoice',
  'finalizeAndCollect',
  'creditNote',
  'refund',
  'getInvoice',
  'parseWebhook',
] as const;

/** The activities every calendar plugin provides, each inProcess and taking the account (see contracts/calendar). */
export const CALENDAR_ACTIVITIES = ['freeBusy', 'createEvent', 'updateEvent', 'cancelEvent', 'changesSince'] as const;

/** The activities every channel plugin provides: sending one message, and checking an account's settings. */
export const CHANNEL_SEND_ACTIVITY = 'send';
export const CHANNEL_VERIFY_ACTIVITY = 'verify';

/** The activity every source plugin provides: people matching ICP criteria, a page at a time. */
export const SOURCE_SEARCH_ACTIVITY = 'searchPeople';

/** The activity a sample source provides to get its data ready; the platform runs it at start (idempotent, heartbeating). */
export const SOURCE_PREPARE_ACTIVITY = 'prepare';

/** The declarative half of a plugin: read by the host, the API and the UI without running anything. */
export interface PluginManifest<
  Config extends z.ZodObject = z.ZodObject,
  Activities extends Record<string, ActivityDefinition> = Record<string, ActivityDefinition>,
  Collections extends CollectionSchemas | undefined = CollectionSchemas | undefined,
> {
  /** kebab-case, unique; activities are registered as `<id>.<activity>`. */
  id: string;
  name: string;
  /** Semantic version of the plugin. */
  version: string;
  description: string;
  kind: PluginKind;
  /** How the UI shows it; `order` places it in lists (the product's pipeline order, the spec's source checklist), lowest first. */
  ui: { icon: string; color: string; category: string; order?: number };
  /** Required for kind `source`: its display name and credentials. */
  source?: SourceDefinition;
  /** Required for kind `channel`: its display name, address kind and account fields. */
  channel?: ChannelDefinition;
  /** Required for kind `calendar`: its display name and account fields. */
  calendar?: CalendarDefinition;
  /** Required for kind `crm`: its display name, account fields (or OAuth) and idempotency keys. */
  crm?: CrmDefinition;
  /** Required for kind `payments`: its display name, account fields, idempotency, webhook scheme and ways of collecting. */
  payments?: PaymentsDefinition;
  /** What its activities let an experiment decide per prospect (see experiments/decision-points.ts); none by default. */
  decisionPoints?: readonly DecisionPointDefinition[];
  /** Every field has a default and a `.describe()` doc line. */
  config: Config;
  activities: Activities;
  /** MongoDB collections the plugin owns; each document carries its workspace. */
  collections?: Collections;
}

/** The implementations of a manifest's activities. */
export type ActivityImplementations<A extends Record<string, ActivityDefinition>> = {
  [K in keyof A]: (input: z.output<A[K]['input']>, context: ActivityContext) => Promise<z.input<A[K]['output']>>;
};

/** A plugin: its manifest, and `register`, which builds its activities over injected dependencies. */
export interface Plugin<M extends PluginManifest = PluginManifest> {
  manifest: M;
  register(deps: PluginDeps<z.output<M['config']>, M['collections']>): ActivityImplementations<M['activities']>;
}

/**
 * Any plugin, whatever its config and activity types: what hosts and plugin lists hold.
 * (`never` parameters accept every concrete plugin's `register`.)
 */
export interface AnyPlugin {
  manifest: PluginManifest;
  register(deps: PluginDeps<never, never>): Record<string, (input: never, context: ActivityContext) => Promise<unknown>>;
}

/** Declares a manifest with its types kept (an identity function for inference). */
export function defineManifest<
  Config extends z.ZodObject,
  Activities extends Record<string, ActivityDefinition>,
  Collections extends CollectionSchemas | undefined = undefined,
>(manifest: PluginManifest<Config, Activities, Collections>): PluginManifest<Config, Activities, Collections> {
  return manifest;
}

/** Pairs a manifest with its `register` function. */
export function definePlugin<M extends PluginManifest>(manifest: M, register: Plugin<M>['register']): Plugin<M> {
  return { manifest, register };
}

/** The activities of a plugin under their namespaced names, as workflows see them. */
export type NamespacedActivities<P extends AnyPlugin> = {
  [K in keyof P['manifest']['activities'] & string as `${P['manifest']['id']}.${K}`]: (
    input: z.input<P['manifest']['activities'][K]['input']>,
  ) => Promise<z.output<P['manifest']['activities'][K]['output']>>;
};
