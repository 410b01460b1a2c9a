// What the app and the worker build for the features: the contexts a feature's routes and
// activities are built over, and `defineFeature` bound to them. (core/feature.ts knows the shape
// of a declaration; this file knows the product's contexts; features/index.ts lists them all.)
import type { ActivityAccess, BoundActivity } from '@meetflow/plugin-sdk';
import type { CalendarReadBack, CloseMonthResult } from '@meetflow/workflows';
import type { Client } from '@temporalio/client';
import type mongoose from 'mongoose';
import type { Authenticator } from '../core/access.ts';
import type { Feature } from '../core/feature.ts';
import type { Logger } from '../core/logger.ts';
import type { Secrets } from '../core/secrets-key.ts';
import type { SystemMail } from '../core/system-mail.ts';
import type { TemporalClient } from '../core/temporal/client.ts';
import type { AgentSettingsDeps } from './insights/agents/settings-routes.ts';
import type { SocialProof } from './insights/landing-page/social-proof.ts';
import type { Models } from './models.ts';
import type { PipelineRunner } from './runs/pipelines/runs.ts';
import type { ActivityOptions } from './runs/pipelines/definition.ts';
import type { InProcessChannel, PluginHost, StepActivities } from './runs/plugins/host.ts';

/** What the HTTP app is built over. */
export interface AppDeps {
  logger: Logger;
  database: mongoose.Connection;
  temporal: TemporalClient;
  plugins: PluginHost;
  /** Who makes a request (sessions and API tokens; see features/accounts/auth/authenticate.ts); every route's access check asks it. */
  authenticator: Authenticator;
  /** Models and the pipeline runner, for the product routes; left out by tests of the bare platform. */
  product?: ProductDeps;
  /** Folder of the built UI (ui/dist); leave out for an API-only app. */
  uiDir?: string;
  /** Behind one reverse proxy: take the client's address from the last X-Forwarded-For entry (the one the proxy set), the scheme from X-Forwarded-Proto. */
  trustProxy?: boolean;
}

/** What the product's routes need beyond the platform's. */
export interface ProductDeps {
  db: Models;
  runner: PipelineRunner;
  samplesUrl?: string | null;
  llm?: AgentSettingsDeps['llm'];
  /** Where secrets such as mailbox passwords are sealed (core/secrets-key.ts); left out, the mailbox routes that need it answer 503. */
  secrets?: Secrets;
  /** Where this Meetflow is reached from outside (the inbound webhook's address); default http://localhost:3000. */
  publicUrl?: string;
  /** Seconds between two reads of the mailboxes' IMAP inboxes (default 30). */
  imapPollSeconds?: number;
  /** Milliseconds between two checks that a live run event stream's caller still has access (default 10 s); tests shorten it. */
  runEventsRecheckMs?: number;
  /** The product's own mail channel (password-reset and verification emails); left out, none is sent (and each is logged as not sent). */
  systemMail?: SystemMail;
  /** Sign-ups allowed per client address per hour (MEETFLOW_SIGNUPS_PER_HOUR; default 10). */
  signUpsPerHour?: number;
  /** Mail servers mailboxes may use despite the address policy (MEETFLOW_MAIL_ALLOW_HOSTS); default none. */
  mailAllowHosts?: readonly string[];
  /** Hosts a connected calendar's server may be on despite the address policy (MEETFLOW_HTTP_ALLOW_HOSTS, npm start's Radicale among them); default none. */
  httpAllowHosts?: readonly string[];
  /** The secret key of the Stripe account workspaces are invoiced through (MEETFLOW_STRIPE_SECRET_KEY); left out, issuing an invoice answers 503 naming it. */
  stripeSecretKey?: string | null;
  /** The PayPal REST app workspaces may be invoiced through (MEETFLOW_PAYPAL_CLIENT_ID / _SECRET); left out, issuing through PayPal answers 503 naming them. */
  paypal?: { clientId: string; clientSecret: string } | null;
  /** The landing page's testimonials, logos and figures the deployer supplied (MEETFLOW_SOCIAL_PROOF); default none. */
  socialProof?: SocialProof;
}

/** A collection of the database map (models.ts), by its key. */
export type Collection = keyof Models;

/** `db` with only the collections `uses` names: what a feature is given. */
export function collectionsOf<K extends Collection>(db: Models, uses: readonly K[]): Pick<Models, K> {
  return Object.fromEntries(uses.map((key) => [key, db[key]])) as Pick<Models, K>;
}

/**
 * What a feature's platform routers are built over (mounted even without the product): the app's
 * dependencies, and the product's without its models, so no router reaches a collection through them.
 */
export type PlatformContext = Omit<AppDeps, 'product'> & { product?: Omit<ProductDeps, 'db'> };

/** The product's dependencies without its models: what a platform router sees of them. */
export function withoutModels({ db: _models, ...rest }: ProductDeps): Omit<ProductDeps, 'db'> {
  return rest;
}

/**
 * What a product feature's router is built over: the app's dependencies (without the product's
 * models) and the product's, with only the collections the feature declares it uses.
 */
export interface ProductContext<K extends Collection = Collection> {
  app: Omit<AppDeps, 'product'>;
  product: Omit<ProductDeps, 'db'> & { db: Pick<Models, K> };
}

/** The context a feature's product routers and start-up work are built over: the app, and the product with only the collections `uses` names. */
export function productContextOf<K extends Collection>(
  { product, ...app }: AppDeps & { product: ProductDeps },
  uses: readonly K[],
): ProductContext<K> {
  return { app, product: { ...product, db: collectionsOf(product.db, uses) } };
}

/** What a feature's worker activities are built over (with only the collections it declares it uses). */
export interface WorkerContext<K extends Collection = Collection> {
  db: Pick<Models, K>;
  /** The activities a pipeline step may run, by name: the plugins' (`<plugin>.<activity>`) and the built-in steps'. */
  plugins: Record<string, BoundActivity>;
  /** The plugins' activities bound with a pipeline step's own config (PluginHost.stepActivities); without it such a step fails. */
  stepActivities?: StepActivities;
  versions?: Record<string, string>;
  /** Who may place each installed activity: a step its run's principal may not place fails for good. */
  declared: ReadonlyMap<string, { access: ActivityAccess }>;
  /** Opens mailbox passwords and signs unsubscribe links; when unavailable nothing is sent (the emails wait, saying why). */
  secrets: Secrets;
  /** The base of the links in sent emails. */
  publicUrl: string;
  /** The email channel plugin that moves the messages, bound in-process (PluginHost.channel); without it nothing is sent. */
  channel?: InProcessChannel | null;
  /** Where replies read over IMAP are classified (a plugin run) and told to their sequence; without it no inbox is read. */
  inbox?: { temporal: Client; taskQueue: string };
  /** Mail servers allowed despite the address policy (MEETFLOW_MAIL_ALLOW_HOSTS). */
  mailAllowHosts: readonly string[];
  /** The prospect's public booking link, for the email that offers a meeting (revenue's booking links, composed by the worker); null: none. */
  bookingLink?: (workspaceId: string, prospectId: number) => Promise<string | null>;
  /** The busy times of the workspace's connected calendar over the booking horizon (revenue's calendars, composed by the worker); none without one. */
  calendarBusy?: (workspaceId: string) => Promise<Array<{ start: string; end: string }>>;
  /** The installed CRM plugins, bound in the worker's own process (PluginHost.crm) for the CRM sync; without it no CRM is synced. */
  crm?: Pick<PluginHost, 'crm' | 'crmIds'>;
  /** One read-back of a workspace's connected calendar at the workflow's time `at` (revenue's calendars, composed by the worker); without it none is read back. */
  calendarReadBack?: (workspaceId: string, at: Date) => Promise<CalendarReadBack>;
  /** Closes a workspace's month: its true-up and the next month's pre-pay (revenue's billing, composed by the worker); without it none is closed. */
  billingClose?: (workspaceId: string, month: string) => Promise<CloseMonthResult>;
}

/** The settings only start-up work reads. */
export interface StartSettings {
  /** How many sample companies the sample source plugin prepares (MEETFLOW_SAMPLE_COMPANIES; 0: none). */
  sampleCompanies: number;
  /** The local mail server `npm start` gives the demo workspace a mailbox on; null everywhere else. */
  demoMailServer: { host: string; smtpPort: number; imapPort: number } | null;
}

/** What a feature's start-up work is run with: its routers' context and the start-up settings. */
export type StartContext<K extends Collection = Collection> = ProductContext<K> & { settings: StartSettings };

/** Everything a feature may declare, over the app's and the worker's contexts. */
export type MeetflowFeature<K extends Collection = Collection> = Feature<
  PlatformContext,
  ProductContext<K>,
  WorkerContext<K>,
  ActivityOptions,
  object,
  StartContext<K>
> & {
  /**
   * The collections its routes and activities are given, and no other: those it owns that it
   * reads or writes, and those of other features it needs (each use of another's data is named here).
   */
  uses: readonly K[];
};

/** Declares a platform feature (see core/feature.ts); a function so the collections it uses are inferred from `uses`. */
export function defineFeature<K extends Collection = never>(feature: MeetflowFeature<K>): MeetflowFeature<K> {
  return feature;
}

/** The Temporal client and task queue a feature starts workflows and schedules with. */
export const schedulesOf = ({ product }: Pick<ProductContext<never>, 'product'>) => ({
  client: product.runner.temporal,
  taskQueue: product.runner.taskQueue,
});

/**
 * What a feature calls plugins with: the host, the connection and where their activities run; and
 * the secrets box and the calendar address policy's exceptions, with which a calendar plugin is
 * called for the workspace's connected calendar (revenue/calendars).
 */
export const viaPlugins = ({ app, product }: ProductContext<never>) => ({
  host: app.plugins,
  connection: app.database,
  temporal: product.runner.temporal,
  taskQueue: product.runner.taskQueue,
  secrets: product.secrets,
  httpAllowHosts: product.httpAllowHosts ?? [],
});

/** When the server was started without a secrets key: what the routes that need one say. */
export const NO_SECRETS: Secrets = {
  unavailable: 'Mailboxes are off: this server was started without a secrets key (MEETFLOW_SECRETS_KEY).',
};
