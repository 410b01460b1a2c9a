import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import Koa from 'koa';
import type mongoose from 'mongoose';
import { InputError } from '../errors.ts';
import type { Models } from '../db/models.ts';
import type { CyclesModel } from '../../features/learning/cycles.ts';
import { LLM_DEFAULTS } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { PipelineRunner } from '../../features/pipelines/runs.ts';
import type { PluginHost } from '../../features/plugins/host.ts';
import type { TemporalClient } from '../temporal/client.ts';
import { TEMPLATES } from '@meetflow/plugin-outreach';
import { activityRouter } from '../../features/learning/activity-routes.ts';
import { agentSettingsRouter, type AgentSettingsDeps } from '../../features/agents/settings-routes.ts';
import { agentsRouter } from '../../features/agents/routes.ts';
import { batchesRouter } from '../../features/pipelines/batches-routes.ts';
import { campaignRunsRouter, campaignsRouter } from '../../features/campaigns/routes.ts';
import { configRouter } from '../../features/workspace-config/routes.ts';
import { learningSettingsChanged } from '../../features/learning/settings.ts';
import { dashboardRouter } from '../../features/dashboard/routes.ts';
import { discoveryRouter } from '../../features/discovery/routes.ts';
import { errorMiddleware } from './error-middleware.ts';
import { healthRouter } from '../../features/health/routes.ts';
import { icpRouter } from '../../features/icp/routes.ts';
import { learningRouter } from '../../features/learning/routes.ts';
import { meetingsRouter } from '../../features/meetings/routes.ts';
import { openapiRouter } from './openapi.ts';
import { pipelinesRouter } from '../../features/pipelines/routes.ts';
import { pluginsRouter } from '../../features/plugins/routes.ts';
import { pricingRouter } from '../../features/pricing/routes.ts';
import { processProspectRouter } from '../../features/superagent/routes.ts';
import { prospectsImportRouter } from '../../features/prospects/import-routes.ts';
import { prospectProfileRouter, prospectsRouter } from '../../features/prospects/routes.ts';
import { repliesRouter } from '../../features/replies/routes.ts';
import { allRouteDocs } from './route-docs.ts';
import { runsRouter } from '../../features/pipelines/runs-routes.ts';
import { templatesRouter } from '../../features/templates/routes.ts';
import { uiMiddleware } from './ui.ts';

/** What the HTTP app is built over. */
export interface AppDeps {
  logger: Logger;
  database: mongoose.Connection;
  temporal: TemporalClient;
  plugins: PluginHost;
  /** Models and the pipeline runner, for the product routes; left out by tests of the bare platform. */
  product?: { db: Models; runner: PipelineRunner; samplesUrl?: string | null; llm?: AgentSettingsDeps['llm'] };
  /** Folder of the built UI (ui/dist); leave out for an API-only app. */
  uiDir?: string;
}

/** A body that cannot be read is the client's mistake: 413 when too large, else a 400 saying why. */
function rejectBody(error: Error & { status?: number; expose?: boolean }): never {
  if (error.expose && error.status && error.status !== 400) throw error;
  throw new InputError(`The request body is not valid JSON: ${error.message}`);
}

/** The learning engine's stored cycles, when it is installed. */
function learningCycles(deps: AppDeps): CyclesModel | undefined {
  const installed = deps.plugins.plugins.some((plugin) => plugin.manifest.id === 'learning-engine');
  return installed ? deps.plugins.models('learning-engine', deps.database).cycles as CyclesModel : undefined;
}

/** The learning engine's minimum sample size, or its default when it is not installed. */
function minSampleSize(deps: AppDeps): number {
  const config = deps.plugins.plugins.some((plugin) => plugin.manifest.id === 'learning-engine') ? deps.plugins.config('learning-engine') : null;
  const value = (config as { minSampleSize?: unknown } | null)?.minSampleSize;
  return typeof value === 'number' ? value : DEFAULT_MIN_SAMPLE_SIZE;
}
const DEFAULT_MIN_SAMPLE_SIZE = 100;

/** Every API router the app mounts, in order (the OpenAPI test enumerates their routes). */
export function apiRouters(deps: AppDeps): Router[] {
  const { db, runner, samplesUrl, llm = { configured: false, settings: LLM_DEFAULTS } } = deps.product ?? {};
  if (!db || !runner) return [healthRouter(deps.database, deps.temporal), pluginsRouter(deps.plugins), openapiRouter(allRouteDocs)];
  const schedules = { client: runner.temporal, taskQueue: runner.taskQueue };
  const viaPlugins = { host: deps.plugins, connection: deps.database, temporal: runner.temporal, taskQueue: runner.taskQueue };
  const product = [
    agentsRouter(deps.plugins, db.agentActivity, db.dashboardRollups), agentSettingsRouter({ host: deps.plugins, llm }), pipelinesRouter(db, runner), runsRouter(db, runner), batchesRouter(db, runner),
    prospectsImportRouter(db), prospectsRouter(db), prospectProfileRouter(db, runner.temporal), campaignsRouter(db), campaignRunsRouter(db, runner), templatesRouter({ templateCopy: TEMPLATES, config: db, outcomes: db }),
    meetingsRouter(viaPlugins), pricingRouter(viaPlugins),
    icpRouter({ ...viaPlugins, db, samplesUrl }), discoveryRouter({ ...viaPlugins, db, samplesUrl }), processProspectRouter(db, runner, deps.logger),
    repliesRouter({ db, temporal: runner.temporal, taskQueue: runner.taskQueue }), activityRouter(db),
    configRouter(db, learningSettingsChanged(schedules)),
    learningRouter({ ...schedules, db, cycles: learningCycles(deps), minSampleSize: minSampleSize(deps) }),
    dashboardRouter({ db, cycles: learningCycles(deps) }),
  ];
  return [healthRouter(deps.database, deps.temporal), pluginsRouter(deps.plugins), ...product, openapiRouter(allRouteDocs)];
}

/** Builds the Koa app: error mapping first, then the API routes, then the UI. */
export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  app.silent = true; // errors are logged once, by the error middleware
  app.use(errorMiddleware(deps.logger));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', onError: rejectBody }));
  for (const router of apiRouters(deps)) {
    app.use(router.routes()).use(router.allowedMethods());
  }
  for (const middleware of deps.uiDir ? uiMiddleware(deps.uiDir) : []) app.use(middleware);
  return app;
}
