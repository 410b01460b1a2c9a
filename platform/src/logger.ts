import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

/** The process's logger: JSON lines on stdout, one `name` per process (api, worker, start). */
export function createLogger(config: Pick<Config, 'logLevel'>, name: string): Logger {
  return pino({ name, level: config.logLevel });
}
