import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

export type { Logger };

/**
 * The process's logger, one `name` per process (api, worker). JSON lines for machines; on a
 * terminal (`npm start`), readable single lines instead.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, name: string): Logger {
  const options = { name, level: config.logLevel };
  if (!process.stdout.isTTY) return pino(options);
  return pino(options, pretty({ sync: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss' }));
}

/**
 * Ends a process that could not start or run: the reason goes to the log and, in plain words,
 * to stderr (where a person starting it looks), then the process exits with code 1.
 */
export function exitWithError(logger: Logger, what: string, error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  logger.fatal({ err: error }, `${what}: ${message}`);
  console.error(`${what}: ${message}`);
  process.exit(1);
}
