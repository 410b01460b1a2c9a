import { Client, Connection, defaultGrpcRetryOptions, makeGrpcRetryInterceptor } from '@temporalio/client';
import type { Config } from '../config.ts';

/**
 * A Temporal client whose connection is made on first use, so the API starts even while Temporal is
 * down. A call Temporal does not answer is retried for about 3 s (the SDK's default is about 20 s),
 * so a request then gets its 503 while its user still waits for it.
 */
export function createTemporalClient(config: Pick<Config, 'temporalAddress' | 'temporalNamespace'>) {
  const connection = Connection.lazy({
    address: config.temporalAddress,
    connectTimeout: '2 seconds',
    interceptors: [makeGrpcRetryInterceptor(defaultGrpcRetryOptions({ maxAttempts: 6 }))],
  });
  return { connection, client: new Client({ connection, namespace: config.temporalNamespace }) };
}

export type TemporalClient = ReturnType<typeof createTemporalClient>;
