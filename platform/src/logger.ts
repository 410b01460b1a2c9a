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
