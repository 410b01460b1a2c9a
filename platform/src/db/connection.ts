import { setTimeout as sleep } from 'node:timers/promises';
import mongoose from 'mongoose';
import type { Logger } from '../logger.ts';

/**
 * Opens a mongoose connection and keeps trying until the database answers, so an API that
 * starts before its database still comes up (and reports the database as down meanwhile).
 * `ready` resolves once connected; it never rejects.
 */
export function openDatabase(uri: string, logger: Logger): { connection: mongoose.Connection; ready: Promise<void> } {
  const connection = mongoose.createConnection();
  const ready = (async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        await connection.openUri(uri, { serverSelectionTimeoutMS: 5_000 });
        logger.info({ attempt }, 'database connected');
        return;
      } catch (error) {
        if (connection.readyState === mongoose.ConnectionStates.disconnecting) return;
        logger.warn({ attempt, err: (error as Error).message }, 'database not reachable yet; retrying');
        await sleep(Math.min(500 * attempt, 5_000));
      }
    }
  })();
  return { connection, ready };
}
