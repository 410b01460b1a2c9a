import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ManagedProcess } from '../../dev/devstack/managed-process.ts';
import { privateDir } from './private-files.ts';

const root = mkdtempSync(join(tmpdir(), 'meetflow-private-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the data folder', () => {
  it('is made open to its owner only (0700), and an older, open one is closed', () => {
    privateDir(join(root, 'new', '.data'));
    expect(modeOf(join(root, 'new', '.data'))).toBe(0o700);
    const older = join(root, 'older');
    mkdirSync(older);
    chmodSync(older, 0o755);
    privateDir(older);
    expect(modeOf(older)).toBe(0o700);
  });

  it("keeps a server's pid file and log readable by their owner only (0600)", async () => {
    const dir = join(root, 'run');
    privateDir(dir);
    const server = await ManagedProcess.start({
      name: 'a short-lived child',
      command: process.execPath,
      args: ['-e', 'setTimeout(() => {}, 10_000)'],
      logFile: join(dir, 'child.log'),
      pidFile: join(dir, 'child.pid'),
    });
    try {
      expect([modeOf(join(dir, 'child.pid')), modeOf(join(dir, 'child.log'))]).toEqual([0o600, 0o600]);
    } finally {
      await server.stop();
    }
  });
});
