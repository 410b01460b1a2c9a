import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../devstack/ports.ts';
import { startCalDavServer, type CalDavServer, type CalDavUser } from '../devstack/radicale.ts';

/** http://127.0.0.1:<port>/ where nothing listens (a free port, just released): a CalDAV server that is down. */
export async function unusedLocalUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}/`;
}

/** A Radicale for one test file, on a free loopback port, in a temporary folder. */
export interface TestCalDavServer {
  url: string;
  server: CalDavServer;
  /** Makes a calendar for a user (MKCALENDAR) and answers its URL. */
  calendar(user: CalDavUser, slug: string): Promise<string>;
  /** Sends one request as `user`, as another CalDAV client would (a raw PUT of an event, a DELETE). */
  request(user: CalDavUser, url: string, init: { method: string; body?: string; headers?: Record<string, string> }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Starts Radicale (provisioned like the other local servers) with `users`; a wrong password is
 * answered at once (no delay). Throws, saying why, when it cannot start: a test using it fails.
 */
export async function startTestCalDavServer(users: CalDavUser[]): Promise<TestCalDavServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-caldav-'));
  const server = await startCalDavServer({ dataDir, port: await freePort(), users, authDelaySeconds: 0 });
  return {
    url: server.url,
    server,
    calendar: (user, slug) => server.ensureCalendar(user, slug, slug),
    request: (user, url, init) =>
      fetch(url, {
        method: init.method,
        body: init.body,
        headers: { authorization: `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`, ...init.headers },
      }),
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
