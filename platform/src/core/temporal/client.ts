import { Client, Connection } from '@temporalio/client';
import type { Config } from '../config.ts';

/** A Temporal client whose connection is made on first use, so the API starts even while Temporal is down. */
export function createTemporalClient(config: Pick<Config, 'temporalAddress' | 'temporalNamespace'>) {
  const connection = Connection.lazy({ address: config.temporalAddress });
  return { connection, client: new Client({ connection, namespace: config.temporalNamespace }) };
}

export type TemporalClient = ReturnType<typeof createTemporalClient>;
