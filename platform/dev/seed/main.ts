// The first-start seed, as a process of its own: `node --import tsx platform/dev/seed/main.ts`.
// `npm start` runs it once the API answers, and docker compose as a one-off service. It fills the
// default workspace with sample prospects by running the product on the sample data (see
// seed-workspace.ts), then exits; a seed a stop cut short resumes at the next start.
import { loadConfigOrExit } from '../../src/core/config.ts';
import { openDatabase } from '../../src/core/db/connection.ts';
import { createLogger, exitWithError } from '../../src/core/logger.ts';
import { createTemporalClient } from '../../src/core/temporal/client.ts';
import { prepareSampleSource } from '../../src/features/prospecting/discovery/sample-source.ts';
import { PluginHost } from '../../src/features/runs/plugins/host.ts';
import { installedPlugins } from '../../src/features/runs/plugins/installed.ts';
import { BUILTIN_ACTIVITIES } from '../../src/features/steps.ts';
import { DEFAULT_WORKSPACE, ensureDefaultWorkspace } from '../../src/features/accounts/workspaces/model.ts';
import { demoSignInLines, ensureDemoOwner } from './demo-owner.ts';
import { seedModels, seedWorkspace } from './seed-workspace.ts';
import { BUILT_IN_PIPELINES } from '../../src/features/built-in-pipelines.ts';

const config = loadConfigOrExit();
const logger = createLogger(config, 'seed');
// Nothing is lost by stopping: the next start resumes the seed where it was.
process.once('SIGINT', () => process.exit(0)).once('SIGTERM', () => process.exit(0));

const seed = config.seed;
if (!seed) {
  logger.info('no first-start seed: it needs MEETFLOW_SAMPLES_URL, MEETFLOW_SAMPLE_COMPANIES > 0 and MEETFLOW_SEED=on');
  process.exit(0);
}
try {
  const host = PluginHost.load(installedPlugins, config.plugins);
  const database = openDatabase(config.mongoUri, logger);
  await database.ready;
  const temporal = createTemporalClient(config);
  const db = seedModels(database.connection);
  await ensureDefaultWorkspace(db.workspaces);
  // Under docker compose this process makes the demo owner (npm start does it itself, before the seed).
  if (process.env.MEETFLOW_DEMO_OWNER_BY_SEED === 'on' && config.demo) {
    // Straight to stdout, as npm start's banner: `docker compose logs seed` shows it; never through the logger.
    console.log(['', '  Meetflow demo workspace', ...demoSignInLines(await ensureDemoOwner(database.connection)), ''].join('\n'));
  }
  // The API prepares the sample prospect database at start; this joins that run and waits for it.
  await prepareSampleSource(
    { host, connection: database.connection, temporal: temporal.client, taskQueue: config.taskQueue },
    config.sampleCompanies,
  );
  const runner = {
    db,
    temporal: temporal.client,
    taskQueue: config.taskQueue,
    activities: host.activityIndex(BUILTIN_ACTIVITIES),
    builtIns: BUILT_IN_PIPELINES,
  };
  const result = await seedWorkspace(
    {
      db,
      runner,
      logger,
      samplesUrl: seed.samplesUrl,
      host,
      connection: database.connection,
      temporal: temporal.client,
      taskQueue: config.taskQueue,
    },
    DEFAULT_WORKSPACE.slug,
  );
  if (result.status === 'done') logger.info(result, 'default workspace seeded with sample prospects');
  await temporal.connection.close();
  await database.close();
  process.exit(result.status === 'failed' ? 1 : 0);
} catch (error) {
  exitWithError(logger, 'could not seed the default workspace', error);
}
