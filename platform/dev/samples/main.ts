// The sample sites as a process of their own (docker-compose's `samples` service): the bundled
// customer sites and the sample companies' sites, on HOST:MEETFLOW_SAMPLES_PORT. `npm start`
// serves them inside its own process instead.
import { loadConfigOrExit } from '../../src/core/config.ts';
import { createLogger, exitWithError } from '../../src/core/logger.ts';
import { startSampleSitesServer } from './server.ts';

const config = loadConfigOrExit();
const logger = createLogger(config, 'samples');
const port = config.devstack.samplesPort;

if (port === undefined) {
  exitWithError(logger, 'samples not started', new Error('MEETFLOW_SAMPLES_PORT is "off"'));
} else {
  try {
    const samples = await startSampleSitesServer({ host: config.host, port });
    logger.info({ url: samples.url }, 'sample sites listening');
    const stop = () => void samples.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    exitWithError(logger, 'samples could not start', error);
  }
}
