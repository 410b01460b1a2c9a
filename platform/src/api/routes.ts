// The API: every feature's routes, each listed once with what it is built over. The app mounts
// them in this order and the OpenAPI document describes exactly these (a test compares the two).
import { LEARNING_ENGINE } from '@meetflow/plugin-sdk/contracts/agents';
import type Router from '@koa/router';
import type mongoose from 'mongoose';
import { LLM_DEFAULTS } from '../config.ts';
import type { Authenticator } from '../access.ts';
import type { Models } from '../db/models.ts';
import type { Logger } from '../logger.ts';
import type { TemporalClient } from '../temporal/client.ts';
import { docsOf, type ApiRoute } from './api-route.ts';
import { openapiRouter, openapiRoutes } from './openapi.ts';
import type { RouteDoc } from './route-doc.ts';
import { agentsRouter, agentsRoutes } from '../../features/insights/agents/routes.ts';
import { authRouter, authRoutes } from '../../features/accounts/auth/routes.ts';
import { tokenRouter, tokenRoutes } from '../../features/accounts/auth/token-routes.ts';
import { workspacesRouter, workspacesRoutes } from '../../features/accounts/workspaces/routes.ts';
import { membersRouter, membersRoutes } from '../../features/accounts/members/routes.ts';
import { auditRouter, auditRoutes } from '../../features/accounts/audit/routes.ts';
import { auditTrail } from '../../features/accounts/audit/trail.ts';
import type { Middleware } from 'koa';
import { DEFAULT_LOGIN_LIMITS, LoginLimits } from '../../features/accounts/auth/login-limits.ts';
import { createSystemMail, type SystemMail } from '../system-mail.ts';
import { DEFAULT_SESSION_POLICY } from '../../features/accounts/auth/sessions.ts';
import { agentSettingsRouter, agentSettingsRoutes, type AgentSettingsDeps } from '../../features/insights/agents/settings-routes.ts';
import { campaignRunsRouter, campaignRunsRoutes, campaignsRouter, campaignsRoutes } from '../../features/prospecting/campaigns/routes.ts';
import { dashboardRouter, dashboardRoutes } from '../../features/insights/dashboard/routes.ts';
import { discoveryRouter, discoveryRoutes } from '../../features/prospecting/discovery/routes.ts';
import { healthRouter, healthRoutes } from '../../features/runs/health/routes.ts';
import { icpRouter, icpRoutes } from '../../features/prospecting/icp/routes.ts';
import { activityRouter, activityRoutes } from '../../features/insights/learning/activity-routes.ts';
import type { CyclesModel } from '../../features/insights/learning/cycles.ts';
import { learningRouter, learningRoutes } from '../../features/insights/learning/routes.ts';
import { learningSettingsChanged } from '../../features/insights/learning/settings.ts';
import { meetingsRouter, meetingsRoutes } from '../../features/revenue/meetings/routes.ts';
import { batchesRouter, batchesRoutes } from '../../features/runs/pipelines/batches-routes.ts';
import { pipelinesRouter, pipelinesRoutes } from '../../features/runs/pipelines/routes.ts';
import { pipelineEditorRouter, pipelineEditorRoutes } from '../../features/runs/pipelines/editor-routes.ts';
import type { PipelineRunner } from '../../features/runs/pipelines/runs.ts';
import { runsRouter, runsRoutes } from '../../features/runs/pipelines/runs-routes.ts';
import type { PluginHost } from '../../features/runs/plugins/host.ts';
import { pluginsRouter, pluginsRoutes } from '../../features/runs/plugins/routes.ts';
import { pricingRouter, pricingRoutes } from '../../features/revenue/pricing/routes.ts';
import { prospectsImportRouter, prospectsImportRoutes } from '../../features/prospecting/prospects/import-routes.ts';
import {
  prospectProfileRouter,
  prospectProfileRoutes,
  prospectsRouter,
  prospectsRoutes,
} from '../../features/prospecting/prospects/routes.ts';
import { repliesRouter, repliesRoutes } from '../../features/email/replies/routes.ts';
import { processProspectRouter, processProspectRoutes } from '../../features/prospecting/superagent/routes.ts';
import { templatesRouter, templatesRoutes } from '../../features/email/templates/routes.ts';
import { outreachTemplateCopy } from '../../features/email/templates/templates.ts';
import { configRouter, configRoutes } from '../../features/accounts/workspace-config/routes.ts';
import { offerRouter, offerRoutes } from '../../features/prospecting/offer/routes.ts';
import { mailboxesRouter, mailboxesRoutes } from '../../features/email/mailboxes/routes.ts';
import { inboundRouter, inboundRoutes } from '../../features/email/inbound/routes.ts';
import { outboxRouter, outboxRoutes } from '../../features/email/outbox/routes.ts';
import { suppressionsRouter, suppressionsRoutes } from '../../features/email/suppressions/routes.ts';
import { unsubscribeRouter, unsubscribeRoutes } from '../../features/email/sending/unsubscribe-routes.ts';
import { openTrackingRouter, openTrackingRoutes } from '../../features/email/sending/open-routes.ts';
import type { Secrets } from '../secrets-key.ts';

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
}
const NO_SECRETS: Secrets = { unavailable: 'Mailboxes are off: this server was started without a secrets key (MEETFLOW_SECRETS_KEY).' };

/** The learning engine's stored cycles, when it is installed. */
function learningCycles(deps: AppDeps): CyclesModel | undefined {
  const installed = deps.plugins.plugins.some((plugin) => plugin.manifest.id === LEARNING_ENGINE.plugin);
  return installed ? (deps.plugins.models(LEARNING_ENGINE.plugin, deps.database).cycles as CyclesModel) : undefined;
}

/** The learning engine's minimum sample size, or its default when it is not installed. */
function minSampleSize(deps: AppDeps): number {
  const config = deps.plugins.plugins.some((plugin) => plugin.manifest.id === LEARNING_ENGINE.plugin)
    ? deps.plugins.config(LEARNING_ENGINE.plugin)
    : null;
  const value = (config as { minSampleSize?: unknown } | null)?.minSampleSize;
  return typeof value === 'number' ? value : DEFAULT_MIN_SAMPLE_SIZE;
}
const DEFAULT_MIN_SAMPLE_SIZE = 100;

/** One feature's routes and how its router is built: over the platform alone, or over the product too. */
type FeatureApi =
  | { routes: ReadonlyArray<ApiRoute<never>>; platform: (deps: AppDeps) => Router }
  | {
      routes: ReadonlyArray<ApiRoute<never>>;
      product: (deps: AppDeps, product: Required<Pick<ProductDeps, 'db' | 'runner'>> & ProductDeps) => Router;
    };

const viaPlugins = (deps: AppDeps, { runner }: { runner: PipelineRunner }) => ({
  host: deps.plugins,
  connection: deps.database,
  temporal: runner.temporal,
  taskQueue: runner.taskQueue,
});
const schedules = ({ runner }: { runner: PipelineRunner }) => ({ client: runner.temporal, taskQueue: runner.taskQueue });

/** Every feature's routes, in the order the app mounts them (the OpenAPI document's route comes last). */
const FEATURES: FeatureApi[] = [
  { routes: healthRoutes, platform: (deps) => healthRouter(deps.database, deps.temporal, deps.product?.runner.taskQueue) },
  { routes: pluginsRoutes, platform: (deps) => pluginsRouter(deps.plugins) },
  {
    routes: authRoutes,
    product: (deps, { db, systemMail, publicUrl = 'http://localhost:3000', signUpsPerHour }) =>
      authRouter({
        db,
        limits: new LoginLimits({ ...DEFAULT_LOGIN_LIMITS, ...(signUpsPerHour ? { signUpsPerHour } : {}) }, db),
        policy: DEFAULT_SESSION_POLICY,
        mail: systemMail ?? createSystemMail(null, deps.logger),
        publicUrl,
        logger: deps.logger,
      }),
  },
  { routes: tokenRoutes, product: (_, { db }) => tokenRouter(db) },
  { routes: workspacesRoutes, product: (_, { db }) => workspacesRouter(db) },
  { routes: membersRoutes, product: (_, { db }) => membersRouter(db) },
  { routes: auditRoutes, product: (_, { db }) => auditRouter(db) },
  { routes: agentsRoutes, product: (deps, { db }) => agentsRouter(deps.plugins, db.agentActivity, db.dashboardRollups) },
  {
    routes: agentSettingsRoutes,
    product: (deps, { llm = { configured: false, settings: LLM_DEFAULTS } }) => agentSettingsRouter({ host: deps.plugins, llm }),
  },
  { routes: pipelinesRoutes, product: (_, { db, runner }) => pipelinesRouter(db, runner) },
  { routes: pipelineEditorRoutes, product: (_, { db, runner }) => pipelineEditorRouter(db, runner) },
  { routes: runsRoutes, product: (_, { db, runner, runEventsRecheckMs }) => runsRouter(db, runner, runEventsRecheckMs) },
  { routes: batchesRoutes, product: (_, { db, runner }) => batchesRouter(db, runner) },
  { routes: prospectsImportRoutes, product: (_, { db }) => prospectsImportRouter(db) },
  { routes: prospectsRoutes, product: (_, { db }) => prospectsRouter(db) },
  { routes: prospectProfileRoutes, product: (_, { db, runner }) => prospectProfileRouter(db, runner.temporal) },
  { routes: campaignsRoutes, product: (_, { db }) => campaignsRouter(db) },
  { routes: campaignRunsRoutes, product: (_, { db, runner }) => campaignRunsRouter(db, runner) },
  {
    routes: templatesRoutes,
    product: (deps, product) =>
      templatesRouter({ templateCopy: outreachTemplateCopy(viaPlugins(deps, product)), config: product.db, outcomes: product.db }),
  },
  { routes: meetingsRoutes, product: (deps, product) => meetingsRouter(viaPlugins(deps, product)) },
  { routes: pricingRoutes, product: (deps, product) => pricingRouter(viaPlugins(deps, product)) },
  {
    routes: icpRoutes,
    product: (deps, product) => icpRouter({ ...viaPlugins(deps, product), db: product.db, samplesUrl: product.samplesUrl }),
  },
  {
    routes: discoveryRoutes,
    product: (deps, product) => discoveryRouter({ ...viaPlugins(deps, product), db: product.db, samplesUrl: product.samplesUrl }),
  },
  { routes: processProspectRoutes, product: (deps, { db, runner }) => processProspectRouter(db, runner, deps.logger) },
  { routes: repliesRoutes, product: (_, { db, runner }) => repliesRouter({ db, temporal: runner.temporal, taskQueue: runner.taskQueue }) },
  { routes: activityRoutes, product: (_, { db }) => activityRouter(db) },
  { routes: configRoutes, product: (_, product) => configRouter(product.db, learningSettingsChanged(schedules(product))) },
  { routes: offerRoutes, product: (_, { db }) => offerRouter(db) },
  {
    routes: mailboxesRoutes,
    product: (deps, { db, runner, secrets = NO_SECRETS, imapPollSeconds = 30, mailAllowHosts = [] }) =>
      mailboxesRouter({
        db,
        secrets,
        mailAllowHosts,
        channel: deps.plugins.channel('email', deps.logger),
        polling: { temporal: runner.temporal, taskQueue: runner.taskQueue, intervalSeconds: imapPollSeconds },
      }),
  },
  { routes: outboxRoutes, product: (_, { db, runner }) => outboxRouter({ db, temporal: runner.temporal }) },
  { routes: suppressionsRoutes, product: (_, { db }) => suppressionsRouter({ db }) },
  {
    routes: unsubscribeRoutes,
    product: (_, { db, runner, secrets = NO_SECRETS }) => unsubscribeRouter({ db, temporal: runner.temporal, secrets }),
  },
  { routes: openTrackingRoutes, product: (_, { db, secrets = NO_SECRETS }) => openTrackingRouter({ db, secrets }) },
  {
    routes: inboundRoutes,
    product: (_, { db, runner, secrets = NO_SECRETS, publicUrl = 'http://localhost:3000' }) =>
      inboundRouter({ db, temporal: runner.temporal, taskQueue: runner.taskQueue, secrets, publicUrl }),
  },
  {
    routes: learningRoutes,
    product: (deps, product) =>
      learningRouter({ ...schedules(product), db: product.db, cycles: learningCycles(deps), minSampleSize: minSampleSize(deps) }),
  },
  { routes: dashboardRoutes, product: (deps, { db }) => dashboardRouter({ db, cycles: learningCycles(deps) }) },
];

/** Every route the API serves, described for GET /api/openapi.json. */
export const allRouteDocs: RouteDoc[] = [...FEATURES.flatMap((feature) => docsOf(feature.routes)), ...docsOf(openapiRoutes)];

/** The audit trail of the product's state-changing calls (none for the bare platform, which has no product models). */
export function auditMiddleware(deps: AppDeps): Middleware | null {
  return deps.product?.db ? auditTrail(deps.product.db, allRouteDocs, deps.logger) : null;
}

/** Every API router the app mounts, in order: the platform's, the product's when it has its models and runner, then the document. */
export function apiRouters(deps: AppDeps): Router[] {
  const { db, runner } = deps.product ?? {};
  const product = db && runner ? { ...deps.product, db, runner } : undefined;
  const routers = FEATURES.flatMap((feature) => {
    if ('platform' in feature) return [feature.platform(deps)];
    return product ? [feature.product(deps, product)] : [];
  });
  return [...routers, openapiRouter(allRouteDocs)];
}
