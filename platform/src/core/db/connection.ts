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

export interface DatabaseOptions {
  /** How long the driver may take to connect (its hello included) before giving up: its monitor's checks end within it. */
  connectTimeoutMs?: number;
  /** A monitor check still running after this long has hung: the connection is opened again (see watchMonitor). */
  stuckCheckMs?: number;
  /** How often the watch looks (tests shorten it). */
  watchEveryMs?: number;
  /** How often the driver's monitor checks the server (its default, 10 s, unless a test shortens it). */
  heartbeatFrequencyMs?: number;
}

const DEFAULTS = {
  connectTimeoutMs: 30_000,
  stuckCheckMs: 75_000,
  watchEveryMs: 5_000,
  heartbeatFrequencyMs: 10_000,
} satisfies Required<DatabaseOptions>;

/**
 * Opens a mongoose connection and keeps trying until the database answers, so an API that
 * starts before its database still comes up (and reports the database as down meanwhile); and
 * watches the driver's server monitor once connected (watchMonitor).
 */
export function openDatabase(uri: string, logger: Logger, options: DatabaseOptions = {}): DatabaseHandle {
  const settings = { ...DEFAULTS, ...options };
  const connection = mongoose.createConnection();
  const stop = new AbortController();
  const open = () =>
    connection.openUri(uri, {
      serverSelectionTimeoutMS: 5_000,
      connectTimeoutMS: settings.connectTimeoutMs,
      heartbeatFrequencyMS: settings.heartbeatFrequencyMs,
    });
  const ready = (async () => {
    const attempt = await openWithRetries(open, logger, stop.signal);
    if (attempt !== null) {
      logger.info({ attempt }, 'database connected');
      watchMonitor(connection, open, settings, logger, stop.signal);
      return;
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

/**
 * Opens the connection, trying again (half a second longer each time, 5 s at most) until it opens
 * or `signal` aborts: the attempt that opened it, or null once aborted.
 */
async function openWithRetries(open: () => Promise<unknown>, logger: Logger, signal: AbortSignal): Promise<number | null> {
  for (let attempt = 1; !signal.aborted; attempt++) {
    try {
      await open();
      return attempt;
    } catch (error) {
      if (signal.aborted) break;
      logger.warn({ attempt, err: (error as Error).message }, 'database not reachable yet; retrying');
      await sleep(Math.min(500 * attempt, 5_000), undefined, { signal }).catch(() => {});
    }
  }
  return null;
}

/**
 * The MongoDB driver learns that its server is back only from its monitor, which checks the
 * server every 10 s over a connection of its own; until a check succeeds, every operation fails
 * server selection. A check that started just as the database was stopped never ended (driver
 * 7.8, the embedded database stopped under load: "heartbeat started", then neither success nor
 * failure), and the monitor then never checked again: the worker failed every operation for
 * minutes after the database was back, until the outage fault test's deadline.
 * A check ends within twice the connect timeout (a new connection's connect, then its hello),
 * answered or not; one running past `stuckCheckMs` (75 s against 2 x 30 s) has hung, and the
 * connection is opened again: a new client, with a new monitor. Operations in flight fail and
 * are retried as any database failure is (activities by Temporal, requests by the caller);
 * those made meanwhile wait for the new client (mongoose buffers them).
 */
function watchMonitor(
  connection: mongoose.Connection,
  open: () => Promise<unknown>,
  settings: Required<DatabaseOptions>,
  logger: Logger,
  signal: AbortSignal,
) {
  let checkStartedAt: number | null = null;
  let watched: ReturnType<mongoose.Connection['getClient']> | null = null;
  const listen = () => {
    const client = connection.getClient();
    if (client === watched) return;
    watched = client;
    checkStartedAt = null;
    client.on('serverHeartbeatStarted', () => (checkStartedAt ??= Date.now()));
    client.on('serverHeartbeatSucceeded', () => (checkStartedAt = null));
    client.on('serverHeartbeatFailed', () => (checkStartedAt = null));
  };
  listen();
  let reopening = false;
  const timer = setInterval(() => {
    if (reopening || checkStartedAt === null || Date.now() - checkStartedAt < settings.stuckCheckMs) return;
    reopening = true;
    logger.warn({ stuckForMs: Date.now() - checkStartedAt }, "the database driver's server check hung: opening the connection again");
    void (async () => {
      try {
        await connection.close().catch((error: Error) => logger.warn({ err: error.message }, 'closing the hung connection failed'));
        const attempt = await openWithRetries(open, logger, signal);
        if (signal.aborted)
          await connection.close().catch(() => {}); // closed while it opened: stays closed
        else logger.info({ attempt }, 'database connection opened again');
      } finally {
        if (!signal.aborted) listen();
        reopening = false;
      }
    })();
  }, settings.watchEveryMs).unref();
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
}
