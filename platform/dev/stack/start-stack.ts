import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Connection } from '@temporalio/client';
import type { Config } from '../../src/core/config.ts';
import { ManagedProcess } from '../devstack/managed-process.ts';
import { freePort } from '../devstack/ports.ts';
import { startMailServer, writeMailAddress, type MailServer } from '../devstack/mail-server.ts';
import { readCalDavAddress, startCalDavServer, writeCalDavAddress, type CalDavAddress, type CalDavServer } from '../devstack/radicale.ts';
import { claimPort, DevstackError, startDevstack } from '../devstack/supervisor.ts';
import { Supervised } from '../devstack/supervised.ts';
import { repoRoot } from '../../src/core/paths.ts';
import { WORKER_ENV, WORKER_NODE_FLAGS } from '../../src/worker/node-flags.ts';
import { startSampleSitesServer, type SampleSitesServer } from '../samples/server.ts';
import { DEMO_EMAIL, ensureDemoOwnerAt, type DemoSignIn } from '../seed/demo-owner.ts';
import { ensureUiBuilt } from './ui-build.ts';

/** The whole app running: database, Temporal, worker, API and UI. */
export interface RunningStack {
  appUrl: string;
  temporalUiUrl?: string;
  /** The bundled sample customer sites, to paste into the ICP builder. */
  samplesUrl?: string;
  /** The local mail server the demo mailbox sends to and reads replies from; undefined with MEETFLOW_MAIL=off. */
  mail?: { host: string; smtpPort: number; imapPort: number };
  /** The local CalDAV server (Radicale) and the demo owner's calendar on it, with its login; undefined with MEETFLOW_CALDAV_PORT=off. */
  caldav?: CalDavAddress;
  mongoUri: string;
  /** The demo owner's sign-in (its one-time password until they set their own); null with MEETFLOW_DEMO=off. */
  demo: DemoSignIn | null;
  temporalAddress: string;
  /**
   * The processes kept running: the database and Temporal (when local), the worker and the API.
   * One that exits on its own is started again after a back-off while the rest stays up.
   */
  supervised: Supervised[];
  /** Stops the API, then the worker, then the local servers; data stays. */
  stop(): Promise<void>;
}

async function waitFor(what: string, child: ManagedProcess, probe: () => Promise<boolean>, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!child.isRunning) throw new DevstackError(`${what} exited during start-up (its output is above)`);
    if (await probe().catch(() => false)) return;
    await sleep(250);
  }
  throw new DevstackError(`${what} was not ready after ${timeoutMs / 1000} s`);
}

async function workerIsPolling(address: string, namespace: string, taskQueue: string): Promise<boolean> {
  const connection = Connection.lazy({ address });
  try {
    const { pollers } = await connection.workflowService.describeTaskQueue({
      namespace,
      taskQueue: { name: taskQueue },
      taskQueueType: 1, // workflow task queue
    });
    return pollers.length > 0;
  } finally {
    await connection.close();
  }
}

/**
 * Starts everything `npm start` runs, in order, each only once the one before answers:
 * the local servers (unless external ones are configured), the UI build, the local mail server
 * (unless MEETFLOW_MAIL=off), the local CalDAV server with the demo owner's calendar (unless
 * MEETFLOW_CALDAV_PORT=off), the worker and the API.
 * The worker and the API are given `environment` (the one `config` was loaded from), so they read
 * the same settings.
 */
export async function startStack(
  config: Config,
  log: (message: string) => void,
  environment: NodeJS.ProcessEnv = process.env,
): Promise<RunningStack> {
  const dataDir = resolve(repoRoot, config.devstack.dataDir);
  const devstack = await startDevstack({
    dataDir,
    mongoPort: config.devstack.mongoPort,
    temporalPort: config.devstack.temporalPort,
    temporalUiPort: config.devstack.temporalUiPort,
    mongoUri: config.externalMongo ? config.mongoUri : undefined,
    temporalAddress: config.externalTemporal ? config.temporalAddress : undefined,
    portVariables: { mongo: 'MEETFLOW_MONGO_PORT', temporal: 'MEETFLOW_TEMPORAL_PORT' },
    log,
  });
  const services: ManagedProcess[] = [];
  const supervised: Supervised[] = [];
  let samples: SampleSitesServer | undefined;
  let mail: MailServer | undefined;
  let caldav: CalDavServer | undefined;
  let caldavAddress: CalDavAddress | undefined;
  // Once started, the local database and Temporal are restarted when they crash (kill -9 included).
  const servers = (['mongo', 'temporal'] as const).flatMap((which) => {
    const first = devstack.processes[which];
    const restart = devstack.restart[which];
    return first && restart ? [new Supervised(first.name, first, restart, log)] : [];
  });
  const stop = async () => {
    for (const service of [...supervised].reverse()) await service.stop();
    for (const service of services.reverse()) await service.stop();
    await samples?.close();
    await mail?.stop();
    await caldav?.stop();
    await Promise.all(servers.map((server) => server.stop()));
  };
  try {
    ensureUiBuilt(log, config.uiDir);
    if (config.devstack.samplesPort !== undefined) {
      samples = await startSampleSitesServer({ host: '127.0.0.1', port: config.devstack.samplesPort }).catch((error: unknown) => {
        throw new DevstackError(
          `cannot serve the sample sites on port ${config.devstack.samplesPort} (${(error as Error).message}); ` +
            'choose another with MEETFLOW_SAMPLES_PORT=<port>, or MEETFLOW_SAMPLES_PORT=off',
        );
      });
    }
    if (config.devstack.mail) {
      const ports = config.devstack.mail;
      mail = await startMailServer({
        dataDir,
        smtpPort: ports.smtpPort || (await freePort()),
        imapPort: ports.imapPort || (await freePort()),
        apiPort: ports.apiPort || (await freePort()),
        portVariables: { smtp: 'MEETFLOW_MAIL_SMTP_PORT', imap: 'MEETFLOW_MAIL_IMAP_PORT', api: 'MEETFLOW_MAIL_API_PORT' },
      });
      writeMailAddress(dataDir, mail);
    }
    if (config.devstack.caldavPort !== undefined) {
      // The demo owner's login keeps its password from one start to the next (the calendar's events stay in the data folder too).
      const demoUser = { username: DEMO_EMAIL, password: readCalDavAddress(dataDir)?.password ?? randomBytes(12).toString('base64url') };
      caldav = await startCalDavServer({
        dataDir: join(dataDir, 'caldav'),
        port: config.devstack.caldavPort || (await freePort()),
        users: [demoUser],
        portVariable: 'MEETFLOW_CALDAV_PORT',
      });
      const demoCalendar = await caldav.ensureCalendar(demoUser, 'meetings', 'Demo owner: meetings');
      caldavAddress = { url: caldav.url, calendarUrl: demoCalendar, ...demoUser };
      writeCalDavAddress(dataDir, caldavAddress);
    }
    // The SSRF guard refuses local addresses; the sample sites' own port is the one exception npm start makes.
    // So does a connected calendar's address policy: the local CalDAV server is the exception there, for the demo calendar.
    const allowHosts = [
      ...config.httpAllowHosts,
      ...(samples ? [new URL(samples.url).host] : []),
      ...(caldavAddress ? [new URL(caldavAddress.url).host] : []),
    ];
    // So does the mailboxes' address policy; the exception is the local mail server's SMTP and IMAP ports.
    const localMail = mail ? [`${mail.host}:${mail.smtpPort}`, `${mail.host}:${mail.imapPort}`] : [];
    const mailAllowHosts = [...config.mailAllowHosts, ...localMail];
    // The worker and the API read the environment the config came from, plus where the stack put things.
    const env = {
      ...environment,
      MONGODB_URI: devstack.mongoUri,
      TEMPORAL_ADDRESS: devstack.temporalAddress,
      HOST: config.host,
      MEETFLOW_HTTP_ALLOW_HOSTS: allowHosts.join(','),
      MEETFLOW_MAIL_ALLOW_HOSTS: mailAllowHosts.join(','),
      ...(samples ? { MEETFLOW_SAMPLES_URL: samples.url } : {}),
      ...(mail ? { MEETFLOW_DEMO_MAIL_SERVER: `${mail.host}:${mail.smtpPort}:${mail.imapPort}` } : {}),
      // The product's own emails (password resets, address verification) go to the local mail server too, unless one is configured.
      ...(mail && !environment.MEETFLOW_SYSTEM_MAIL_URL ? { MEETFLOW_SYSTEM_MAIL_URL: `smtp://${mail.host}:${mail.smtpPort}` } : {}),
    };
    const spawnService = (name: string, entry: string, own: NodeJS.ProcessEnv = {}, nodeFlags: readonly string[] = []) =>
      ManagedProcess.start({
        name,
        command: process.execPath,
        args: [...nodeFlags, '--import', 'tsx', join(repoRoot, entry)],
        pidFile: join(dataDir, 'run', `${name}.pid`),
        env: { ...env, ...own },
      });

    const startWorker = async () => {
      const worker = await spawnService('worker', 'platform/src/worker/main.ts', WORKER_ENV, WORKER_NODE_FLAGS);
      try {
        await waitFor('the worker', worker, () => workerIsPolling(devstack.temporalAddress, config.temporalNamespace, config.taskQueue));
      } catch (error) {
        await worker.stop();
        throw error;
      }
      return worker;
    };
    supervised.push(new Supervised('the worker', await startWorker(), startWorker, log));

    // PORT=0 is chosen only now, once the servers above hold their own ports, so none of them can take it first.
    const apiPort = config.port === 0 ? await freePort(config.host) : config.port;
    const appUrl = `http://localhost:${apiPort}`;
    const healthUrl = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${apiPort}/api/health`;
    let apiStarted = false;
    const startApi = async () => {
      await claimPort('the API', config.host, apiPort, join(dataDir, 'run', 'api.pid'), 'PORT');
      const api = await spawnService('api', 'platform/src/api/main.ts', { PORT: String(apiPort) });
      // At first every dependency must answer; on a restart listening is enough, as health may
      // rightly say that a dependency is down meanwhile.
      const ready = apiStarted ? async () => (await fetch(healthUrl)).status > 0 : async () => (await fetch(healthUrl)).ok;
      try {
        await waitFor('the API', api, ready);
      } catch (error) {
        await api.stop();
        throw error;
      }
      apiStarted = true;
      return api;
    };
    supervised.push(new Supervised('the API', await startApi(), startApi, log));
    // The default workspace's owner, so a newcomer can sign in at once (MEETFLOW_DEMO=off: none).
    const demo = config.demo ? await ensureDemoOwnerAt(devstack.mongoUri) : null;
    // Then, on a first start, the seed fills the default workspace with sample prospects and exits
    // (it waits for the API to generate the sample database). Its exit, whatever the code, stops nothing.
    if (samples) services.push(await spawnService('seed', 'platform/dev/seed/main.ts'));

    return {
      appUrl,
      demo,
      temporalUiUrl: devstack.temporalUiUrl,
      samplesUrl: samples?.url,
      mail: mail ? { host: mail.host, smtpPort: mail.smtpPort, imapPort: mail.imapPort } : undefined,
      caldav: caldavAddress,
      mongoUri: devstack.mongoUri,
      temporalAddress: devstack.temporalAddress,
      supervised: [...servers, ...supervised],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
