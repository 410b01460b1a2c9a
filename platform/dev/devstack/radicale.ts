import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PRIVATE_FILE_MODE, privateDir } from '../../src/core/private-files.ts';
import { ManagedProcess } from './managed-process.ts';
import { provisionDevstack } from './provision.ts';
import { claimPort, DevstackError, waitUntilReady } from './supervisor.ts';

/** One login of the local CalDAV server. */
export interface CalDavUser {
  username: string;
  password: string;
}

/** Where and how to run the local CalDAV server. */
export interface CalDavServerOptions {
  /** Folder for its config, its users file, its calendars (`collections/`), its log and pid file. */
  dataDir: string;
  host?: string;
  port: number;
  /** Who may log in (htpasswd, plain: Radicale 3.9 reads it without extra packages); each sees only their own calendars. */
  users: CalDavUser[];
  /** Env variable name to suggest when the port is taken. */
  portVariable?: string;
  /** Seconds Radicale waits before answering a wrong password (its default is 1; tests use 0). */
  authDelaySeconds?: number;
  readyTimeoutMs?: number;
}

/** A running Radicale: CalDAV over plain HTTP on loopback. */
export interface CalDavServer {
  /** http://host:port/ */
  url: string;
  host: string;
  port: number;
  process: ManagedProcess;
  /**
   * Makes a calendar (MKCALENDAR) at `/<username>/<slug>/` for a user, unless it exists already,
   * and answers its URL.
   */
  ensureCalendar(user: CalDavUser, slug: string, displayName: string): Promise<string>;
  stop(): Promise<void>;
}

const basic = (user: CalDavUser) => `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;

/** The URL of a user's calendar on a local CalDAV server. */
export function calendarUrl(serverUrl: string, username: string, slug: string): string {
  return new URL(`${encodeURIComponent(username)}/${encodeURIComponent(slug)}/`, serverUrl).href;
}

/**
 * Starts Radicale 3.9 (provisioned from PyPI into .devstack/radicale) with its own config and
 * data folder: htpasswd logins (plain), each user owning only their own collections
 * (`owner_only`), calendars stored as files under `<dataDir>/collections`, so they outlive a restart.
 */
export async function startCalDavServer(input: CalDavServerOptions): Promise<CalDavServer> {
  const options = { host: '127.0.0.1', ...input, dataDir: resolve(input.dataDir) };
  for (const dir of ['', 'run', 'logs', 'collections']) privateDir(join(options.dataDir, dir));
  for (const user of options.users) {
    if (!/^[\w.@+-]+$/.test(user.username) || /[\r\n:]/.test(user.password))
      throw new DevstackError(
        `CalDAV user "${user.username}": a username of letters, digits and . @ + - _, a password without ":" or line breaks`,
      );
  }
  const tools = await provisionDevstack();
  const pidFile = join(options.dataDir, 'run', 'radicale.pid');
  await claimPort('the CalDAV server (Radicale)', options.host, options.port, pidFile, options.portVariable ?? 'the CalDAV port');
  const usersFile = join(options.dataDir, 'users');
  writeFileSync(usersFile, options.users.map((user) => `${user.username}:${user.password}\n`).join(''), { mode: PRIVATE_FILE_MODE });
  const configFile = join(options.dataDir, 'radicale.ini');
  writeFileSync(
    configFile,
    [
      '[server]',
      `hosts = ${options.host}:${options.port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${usersFile}`,
      'htpasswd_encryption = plain',
      `delay = ${options.authDelaySeconds ?? 1}`,
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${join(options.dataDir, 'collections')}`,
      '[web]',
      'type = none',
      '[logging]',
      'level = warning',
      'mask_passwords = True',
      '',
    ].join('\n'),
    { mode: PRIVATE_FILE_MODE },
  );
  const server = await ManagedProcess.start({
    name: 'CalDAV server (Radicale)',
    command: tools.radicalePython,
    args: ['-m', 'radicale', '--config', configFile],
    logFile: join(options.dataDir, 'logs', 'radicale.log'),
    pidFile,
  });
  const url = `http://${options.host}:${options.port}/`;
  // Ready once it answers HTTP at all (an anonymous request is refused with 401).
  await waitUntilReady(
    server,
    async () => {
      const response = await fetch(url, { method: 'OPTIONS', signal: AbortSignal.timeout(1_000) });
      await response.body?.cancel();
    },
    options.readyTimeoutMs ?? 30_000,
  );
  return {
    url,
    host: options.host,
    port: options.port,
    process: server,
    async ensureCalendar(user, slug, displayName) {
      const target = calendarUrl(url, user.username, slug);
      const exists = await fetch(target, { method: 'PROPFIND', headers: { authorization: basic(user), depth: '0' } });
      await exists.body?.cancel();
      if (exists.status === 207) return target;
      const made = await fetch(target, {
        method: 'MKCALENDAR',
        headers: { authorization: basic(user), 'content-type': 'application/xml; charset=utf-8' },
        body:
          '<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">' +
          `<D:set><D:prop><D:displayname>${escapeXml(displayName)}</D:displayname>` +
          '<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>' +
          '</D:prop></D:set></C:mkcalendar>',
      });
      await made.body?.cancel();
      if (made.status !== 201) throw new DevstackError(`could not make the calendar ${target}: Radicale answered ${made.status}`);
      return target;
    },
    stop: () => server.stop(),
  };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Where `npm start`'s CalDAV server answers and the demo owner's calendar on it. */
export interface CalDavAddress {
  url: string;
  calendarUrl: string;
  username: string;
  password: string;
}

const addressFile = (dataDir: string) => join(resolve(dataDir), 'run', 'caldav.json');

/** Records where `npm start`'s CalDAV server answers, with the demo calendar's login (a private file, like the mail server's). */
export function writeCalDavAddress(dataDir: string, address: CalDavAddress): void {
  writeFileSync(addressFile(dataDir), JSON.stringify(address), { mode: PRIVATE_FILE_MODE });
}

/** Where the CalDAV server of the last `npm start` answers, or null when none was started. */
export function readCalDavAddress(dataDir: string): CalDavAddress | null {
  try {
    return JSON.parse(readFileSync(addressFile(dataDir), 'utf8')) as CalDavAddress;
  } catch {
    return null;
  }
}
