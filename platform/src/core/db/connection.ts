import { setTimeout as sleep } from 'node:timers/promises';
import mongoose from 'mongoose';
import type { Logger } from '../logger.ts';

/** A mongoose connection that keeps trying to connect until it succeeds or is closed. */
export interface DatabaseHandle {
  connection: mongoose.Connection;
  /** Resolves once connected; never rejects (it stays pending if closed before connecting). */
  ready: Promise<void>;
  /** Stops retrying and closes the connection. */
  close(): Promise<void>;
}

/**
 * Opens a mongoose connection and keeps trying until the database answers, so an API that
 * starts before its database still comes up (and reports the database as down meanwhile).
 */
export function openDatabase(uri: string, logger: Logger): DatabaseHandle {
  const connection = mongoose.createConnection();
  const stop = new AbortController();
  const ready = (async () => {
    for (let attempt = 1; !stop.signal.aborted; attempt++) {
      try {
        await connection.openUri(uri, { serverSelectionTimeoutMS: 5_000 });
        logger.info({ attempt }, 'database connected');
        return;
      } catch (error) {
        if (stop.signal.aborted) break;
        logger.warn({ attempt, err: (error as Error).message }, 'database not reachable yet; retrying');
        await sleep(Math.min(500 * attempt, 5_000), undefined, { signal: stop.signal }).catch(() => {});
      }
    }
    await new Promise<never>(() => {}); // closed before it ever connected: nothing to wait for
  })();
  return {
    connection,
    ready,
    async close() {
      stop.abort();
      await connection.close();
    },
  };
}
