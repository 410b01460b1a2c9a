import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './ports.ts';
import { provisionDevstack, RADICALE_VERSION } from './provision.ts';
import { calendarUrl, readCalDavAddress, startCalDavServer, writeCalDavAddress, type CalDavServer } from './radicale.ts';

const user = { username: 'demo@meetflow.local', password: 'pa ss' };
const basic = (password: string) => `Basic ${Buffer.from(`${user.username}:${password}`).toString('base64')}`;
let dataDir: string;
let server: CalDavServer;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'meetflow-radicale-'));
  server = await startCalDavServer({ dataDir, port: await freePort(), users: [user], authDelaySeconds: 0 });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the local CalDAV server', () => {
  it('is Radicale at the pinned version, from its own venv', async () => {
    const { radicalePython } = await provisionDevstack();
    const version = spawnSync(radicalePython, ['-m', 'radicale', '--version'], { encoding: 'utf8' });
    expect(version.stdout.trim()).toBe(RADICALE_VERSION);
  });

  it("makes a user's calendar once, lets them in with their password only, and keeps its files private", async () => {
    const url = await server.ensureCalendar(user, 'meetings', 'Meetings <demo>');
    expect(url).toBe(calendarUrl(server.url, user.username, 'meetings'));
    expect(url).toBe(`${server.url}demo%40meetflow.local/meetings/`);
    expect(await server.ensureCalendar(user, 'meetings', 'Meetings <demo>')).toBe(url);
    const ok = await fetch(url, { method: 'PROPFIND', headers: { authorization: basic(user.password), depth: '0' } });
    expect(ok.status).toBe(207);
    expect(await ok.text()).toContain('Meetings &lt;demo&gt;');
    const refused = await fetch(url, { method: 'PROPFIND', headers: { authorization: basic('wrong'), depth: '0' } });
    expect(refused.status).toBe(401);
    await refused.body?.cancel();
    for (const file of ['users', 'radicale.ini']) expect(statSync(join(dataDir, file)).mode & 0o777).toBe(0o600);
  });

  it('records where it answers for the next start, in a private file', () => {
    const address = { url: server.url, calendarUrl: `${server.url}x/`, username: user.username, password: user.password };
    writeCalDavAddress(dataDir, address);
    expect(readCalDavAddress(dataDir)).toEqual(address);
    expect(statSync(join(dataDir, 'run', 'caldav.json')).mode & 0o777).toBe(0o600);
    expect(readCalDavAddress(join(dataDir, 'nothing-here'))).toBeNull();
  });

  it('refuses a port that is taken, naming the variable to change', async () => {
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const other = mkdtempSync(join(tmpdir(), 'meetflow-radicale-'));
      await expect(startCalDavServer({ dataDir: other, port, users: [user], portVariable: 'MEETFLOW_CALDAV_PORT' })).rejects.toThrow(
        `port ${port} is already in use`,
      );
      await expect(startCalDavServer({ dataDir: other, port, users: [user], portVariable: 'MEETFLOW_CALDAV_PORT' })).rejects.toThrow(
        'MEETFLOW_CALDAV_PORT=<port>',
      );
      rmSync(other, { recursive: true, force: true });
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('refuses a login its users file could not hold', async () => {
    await expect(startCalDavServer({ dataDir, port: 1, users: [{ username: 'a:b', password: 'x' }] })).rejects.toThrow(
      'CalDAV user "a:b": a username of letters, digits',
    );
  });
});
