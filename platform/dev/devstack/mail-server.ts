import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PRIVATE_FILE_MODE, privateDir } from '../../src/core/private-files.ts';
import { ManagedProcess } from './managed-process.ts';
import { isPortOpen } from './ports.ts';
import { provisionDevstack } from './provision.ts';
import { claimPort, waitUntilReady } from './supervisor.ts';

/** Where to run the local mail server. */
export interface MailServerOptions {
  /** Folder for its log and pid file. */
  dataDir: string;
  host?: string;
  smtpPort: number;
  imapPort: number;
  /** Port of GreenMail's REST API (its users and a reset); left out: none. */
  apiPort?: number;
  /** Only these may log in (the address is the login), refusing any other password; left out: any login is accepted. */
  users?: Array<{ email: string; password: string }>;
  /** Env variable names to suggest when a port is taken. */
  portVariables?: { smtp: string; imap: string; api?: string };
  readyTimeoutMs?: number;
}

/** A running GreenMail: SMTP and IMAP on loopback, no TLS, any login accepted. */
export interface MailServer {
  host: string;
  smtpPort: number;
  imapPort: number;
  /** http://host:port of its REST API, when one was asked for. */
  apiUrl?: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/**
 * Starts GreenMail standalone, a real SMTP + IMAP server in one JVM, provisioned from Maven
 * Central. Every address that receives mail gets a mailbox of its own, and any login is accepted
 * (its login is the address), so a demo or a test reads what was sent to anyone and answers it.
 * Mail is kept in memory: it is gone after a restart.
 */
export async function startMailServer(input: MailServerOptions): Promise<MailServer> {
  const options = { host: '127.0.0.1', ...input, dataDir: resolve(input.dataDir) };
  for (const dir of ['', 'run', 'logs']) privateDir(join(options.dataDir, dir));
  const tools = await provisionDevstack();
  const pidFile = join(options.dataDir, 'run', 'mail.pid');
  const variables = options.portVariables ?? { smtp: 'the SMTP port', imap: 'the IMAP port', api: 'the mail API port' };
  await claimPort('the mail server (SMTP)', options.host, options.smtpPort, pidFile, variables.smtp);
  await claimPort('the mail server (IMAP)', options.host, options.imapPort, pidFile, variables.imap);
  if (options.apiPort !== undefined) {
    await claimPort('the mail server (API)', options.host, options.apiPort, pidFile, variables.api ?? 'the mail API port');
  }
  const property = (name: string, value: string | number) => `-Dgreenmail.${name}=${value}`;
  const server = await ManagedProcess.start({
    name: 'mail server (GreenMail)',
    command: tools.java,
    args: [
      '-Xmx128m',
      property('smtp.hostname', options.host),
      property('smtp.port', options.smtpPort),
      property('imap.hostname', options.host),
      property('imap.port', options.imapPort),
      ...(options.users
        ? [
            property(
              'users',
              options.users.map((user) => `${user.email.split('@')[0]}:${user.password}@${user.email.split('@')[1]}`).join(','),
            ),
            property('users.login', 'email'),
          ]
        : ['-Dgreenmail.auth.disabled']),
      ...(options.apiPort === undefined ? [] : [property('api.hostname', options.host), property('api.port', options.apiPort)]),
      '-jar',
      tools.greenmailJar,
    ],
    logFile: join(options.dataDir, 'logs', 'mail.log'),
    pidFile,
  });
  const ports = [options.smtpPort, options.imapPort, ...(options.apiPort === undefined ? [] : [options.apiPort])];
  await waitUntilReady(
    server,
    async () => {
      const open = await Promise.all(ports.map((port) => isPortOpen(options.host, port)));
      if (!open.every(Boolean)) throw new Error(`not listening on ${ports.join(', ')} yet`);
    },
    options.readyTimeoutMs ?? 60_000,
  );
  return {
    host: options.host,
    smtpPort: options.smtpPort,
    imapPort: options.imapPort,
    apiUrl: options.apiPort === undefined ? undefined : `http://${options.host}:${options.apiPort}`,
    process: server,
    stop: () => server.stop(),
  };
}

/** Where a running mail server answers, as `npm run mail` finds it. */
export interface MailAddress {
  host: string;
  smtpPort: number;
  imapPort: number;
  apiUrl: string;
}

const addressFile = (dataDir: string) => join(resolve(dataDir), 'run', 'mail.json');

/** Records where `npm start`'s mail server answers (its ports may have been chosen at start), for `npm run mail`. */
export function writeMailAddress(dataDir: string, server: MailServer): void {
  const address: MailAddress = { host: server.host, smtpPort: server.smtpPort, imapPort: server.imapPort, apiUrl: server.apiUrl ?? '' };
  writeFileSync(addressFile(dataDir), JSON.stringify(address), { mode: PRIVATE_FILE_MODE });
}

/** Where the mail server of the last `npm start` answers, or null when none was started. */
export function readMailAddress(dataDir: string): MailAddress | null {
  try {
    return JSON.parse(readFileSync(addressFile(dataDir), 'utf8')) as MailAddress;
  } catch {
    return null;
  }
}
