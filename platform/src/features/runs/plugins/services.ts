import { createGuardedHttpClient, createOpenAiCompatibleClient } from '@meetflow/plugin-sdk';
import type { Connection } from 'mongoose';
import type { Config } from '../../../core/config.ts';
import type { Logger } from '../../../core/logger.ts';
import type { HostServices } from './host.ts';

/** The real dependencies the worker injects into plugins, from the parsed configuration. */
export function createHostServices(config: Config, connection: Connection, logger: Logger): HostServices {
  return {
    connection,
    http: createGuardedHttpClient({ allowHosts: config.httpAllowHosts }),
    logger,
    clock: { now: () => new Date() },
    llm: config.llm ? createOpenAiCompatibleClient(config.llm) : null,
  };
}
