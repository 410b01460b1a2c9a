import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Connection } from '@temporalio/client';
import mongoose from 'mongoose';
import { privateDir } from '../../src/core/private-files.ts';
import { ManagedProcess, stopOrphan } from './managed-process.ts';
import { freePort, isPortOpen } from './ports.ts';
import { provisionDevstack, type Toolchain } from './provision.ts';

/** What the supervisor starts, and where. */
export interface DevstackOptions {
  /** Folder for the servers' data, logs and pid files; survives restarts. */
  dataDir: string;
  host?: string;
  mongoPort: number;
  temporalPort: number;
  /** Port of the Temporal Web UI; leave it out to run the server headless. */
  temporalUiPort?: number;
  /** An external database (MONGODB_URI): when given, no local database is started. */
  mongoUri?: string;
  /** An external Temporal (TEMPORAL_ADDRESS): when given, no local server is started. */
  temporalAddress?: string;
  /** Env variable names to suggest when a port is taken. */
  portVariables?: { mongo: string; temporal: string };
  readyTimeoutMs?: number;
  log?: (message: string) => void;
}

/** The running local infrastructure. */
export interface Devstack {
  mongoUri: string;
  temporalAddress: string;
  temporalUiUrl?: string;
  /** The local servers this supervisor started (none for external ones). */
  processes: { mongo?: ManagedProcess; temporal?: ManagedProcess };
  /** Starts a local server again on its port and data (for a supervisor to call once it has crashed). */
  restart: { mongo?: () => Promise<ManagedProcess>; temporal?: () => Promise<ManagedProcess> };
  /** Stops the servers this supervisor started; their data stays in dataDir. */
  stop(): Promise<void>;
}

/** A server that did not start or did not become ready, with the end of its log. */
export class DevstackError extends Error {
  override name = 'DevstackError';
}

/**
 * True when a server could not start because its port was taken after it was chosen: the OS gave
 * the port as free, and another process (the Temporal dev server's own random ports) bound it first.
 * Whoever chose the port may choose again.
 */
export const portTakenAtStart = (error: unknown): boolean =>
  error instanceof DevstackError && /port in use|already in use|BindException/i.test(error.message);

/**
 * The database and Temporal on ports the OS called free, in a new temporary folder named after
 * `prefix` (a test run's, a bench's). Both start at once, so the Temporal dev server's own random
 * ports (or another process) can take the database's before the JVM binds it: then, and only then,
 * both start again on new ports in a new folder (three tries).
 */
export async function startOnFreePorts(prefix: string): Promise<{ devstack: Devstack; dataDir: string }> {
  for (let attempt = 1; ; attempt++) {
    const dataDir = mkdtempSync(join(tmpdir(), prefix));
    const [mongoPort, temporalPort] = [await freePort(), await freePort()];
    try {
      return { devstack: await startDevstack({ dataDir, mongoPort, temporalPort }), dataDir };
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      if (attempt === 3 || !portTakenAtStart(error)) throw error;
    }
  }
}

/** Polls `probe` until it succeeds, failing early if the process exits (and stopping it when time runs out). */
export async function waitUntilReady(server: ManagedProcess, probe: () => Promise<void>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (!server.isRunning) {
      throw new DevstackError(`${server.name} exited during start-up:\n${server.logTail()}`);
    }
    try {
      await probe();
      return;
    } catch (error) {
      lastError = error;
      await sleep(200);
    }
  }
  await server.stop();
  throw new DevstackError(
    `${server.name} was not ready after ${timeoutMs / 1000} s ` +
      `(${lastError instanceof Error ? lastError.message : String(lastError)}):\n${server.logTail()}`,
  );
}

/** Succeeds when the database at `uri` answers a ping. */
export async function pingDatabase(uri: string, timeoutMs = 1_000): Promise<void> {
  const client = new mongoose.mongo.MongoClient(uri, { serverSelectionTimeoutMS: timeoutMs, connectTimeoutMS: timeoutMs });
  try {
    await client.connect();
    await client.db().command({ ping: 1 });
  } finally {
    await client.close();
  }
}

/** Succeeds when Temporal at `address` answers and its default namespace is registered. */
export async function pingTemporal(address: string, timeoutMs = 1_000): Promise<void> {
  // lazy + close in finally: a failed connect() would leave its gRPC channel open.
  const connection = Connection.lazy({ address, connectTimeout: timeoutMs });
  try {
    await connection.ensureConnected();
    await connection.withDeadline(Date.now() + timeoutMs, () => connection.workflowService.describeNamespace({ namespace: 'default' }));
  } finally {
    await connection.close();
  }
}

type ResolvedOptions = DevstackOptions & { host: string };

/** Stops an orphan recorded in pidFile, then fails naming `variable` if the port is still taken. */
export async function claimPort(name: string, host: string, port: number, pidFile: string, variable: string): Promise<void> {
  await stopOrphan(pidFile);
  if (await isPortOpen(host, port)) {
    throw new DevstackError(
      `cannot start ${name}: port ${port} is already in use ` +
        `(another \`npm start\`?). Stop that process or choose another port with ${variable}=<port>.`,
    );
  }
}

async function startMongo(tools: Toolchain, options: ResolvedOptions) {
  const runDir = join(options.dataDir, 'run');
  const pidFile = join(runDir, 'mongo.pid');
  await claimPort('the database', options.host, options.mongoPort, pidFile, options.portVariables?.mongo ?? 'the mongo port');
  const server = await ManagedProcess.start({
    name: 'database (mongo-java-server)',
    command: tools.java,
    // The heap otherwise grows past 1.5 GB. Its page cache (96 MB, MeetflowMongoServer.java) counts a
    // document by its BSON size, and a decoded document takes several times that, so a full cache
    // holds a few hundred MB: at 512 MB a 10,000-prospect batch ran out of heap, and H2 then closes
    // its store for good ("This store is closed" to every later call). On running out of heap the
    // server exits instead, and is started again (supervised.ts) with every acknowledged write kept.
    args: [
      '-Xmx1g',
      '-XX:+ExitOnOutOfMemoryError',
      '-cp',
      tools.mongoClasspath,
      'MeetflowMongoServer',
      options.host,
      String(options.mongoPort),
      join(options.dataDir, 'meetflow.mv'),
    ],
    logFile: join(options.dataDir, 'logs', 'mongo.log'),
    pidFile,
  });
  const uri = `mongodb://${options.host}:${options.mongoPort}/meetflow`;
  await waitUntilReady(server, () => pingDatabase(uri), options.readyTimeoutMs ?? 60_000);
  return { server, uri };
}

async function startTemporal(tools: Toolchain, options: ResolvedOptions) {
  const runDir = join(options.dataDir, 'run');
  const pidFile = join(runDir, 'temporal.pid');
  await claimPort('Temporal', options.host, options.temporalPort, pidFile, options.portVariables?.temporal ?? 'the temporal port');
  const ui = options.temporalUiPort === undefined ? ['--headless'] : ['--ui-port', String(options.temporalUiPort), '--ui-ip', options.host];
  const server = await ManagedProcess.start({
    name: 'Temporal dev server',
    command: tools.temporal,
    args: [
      'server',
      'start-dev',
      '--db-filename',
      join(options.dataDir, 'temporal.db'),
      '--ip',
      options.host,
      '--port',
      String(options.temporalPort),
      ...ui,
      '--log-level',
      'warn',
      // Its SQLite store in WAL mode, synced at checkpoints rather than at every commit (SQLite's
      // default journal synced each commit): bare Temporal ran 25 -> 50 one-activity workflows/s
      // (`npm run bench -- batch`, README). A commit survives the server's crash or kill either way
      // (SQLite: durable across application crashes whatever the setting); only a power loss or an
      // operating system crash may take back the last ones.
      '--sqlite-pragma',
      'journal_mode=wal',
      '--sqlite-pragma',
      'synchronous=normal',
    ],
    logFile: join(options.dataDir, 'logs', 'temporal.log'),
    pidFile,
  });
  const address = `${options.host}:${options.temporalPort}`;
  await waitUntilReady(server, () => pingTemporal(address), options.readyTimeoutMs ?? 60_000);
  return { server, address };
}

/**
 * Provisions (once) and starts the local database and Temporal dev server, waits until both
 * answer, and returns their addresses. An external database or Temporal given in the options
 * is used as it is and nothing is started for it.
 */
export async function startDevstack(input: DevstackOptions): Promise<Devstack> {
  const options = { host: '127.0.0.1', ...input, dataDir: resolve(input.dataDir) };
  const log = options.log ?? (() => {});
  for (const dir of ['', 'run', 'logs']) privateDir(join(options.dataDir, dir));
  const needsLocal = !options.mongoUri || !options.temporalAddress;
  const tools = needsLocal ? await provisionDevstack(log) : undefined;

  const started: ManagedProcess[] = [];
  const stop = async () => {
    await Promise.all(started.map((server) => server.stop()));
  };
  const track = <T extends { server: ManagedProcess }>(result: T) => (started.push(result.server), result);
  // Settle both before deciding, so a failure of one never leaves the other running unowned.
  const [mongo, temporal] = await Promise.allSettled([
    options.mongoUri || !tools ? undefined : startMongo(tools, options).then(track),
    options.temporalAddress || !tools ? undefined : startTemporal(tools, options).then(track),
  ]);
  if (mongo.status === 'rejected' || temporal.status === 'rejected') {
    await stop();
    throw mongo.status === 'rejected' ? mongo.reason : (temporal as PromiseRejectedResult).reason;
  }
  return {
    mongoUri: options.mongoUri ?? mongo.value!.uri,
    temporalAddress: options.temporalAddress ?? temporal.value!.address,
    temporalUiUrl: temporal.value && options.temporalUiPort !== undefined ? `http://localhost:${options.temporalUiPort}` : undefined,
    processes: { mongo: mongo.value?.server, temporal: temporal.value?.server },
    restart: {
      ...(mongo.value && tools ? { mongo: async () => (await startMongo(tools, options)).server } : {}),
      ...(temporal.value && tools ? { temporal: async () => (await startTemporal(tools, options)).server } : {}),
    },
    stop,
  };
}
