// The API process: `node --import tsx platform/src/api/main.ts`.
import { loadConfigOrExit } from '../core/config.ts';
import { createLogger, exitWithError } from '../core/logger.ts';
import { startApi } from './server.ts';

const config = loadConfigOrExit();
const logger = createLogger(config, 'api');

try {
  const api = await startApi(config, logger);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'api stopping');
    api.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'api did not stop cleanly');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  exitWithError(logger, 'api could not start', error);
}
