import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ManagedProcess } from './managed-process.ts';
import { Supervised } from './supervised.ts';

const dir = mkdtempSync(join(tmpdir(), 'meetflow-supervised-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

/** A real child process that idles until killed. */
const idler = (name: string) => () =>
  ManagedProcess.start({ name, command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], pidFile: join(dir, `${name}.pid`) });

const QUICK = { firstMs: 100, maxMs: 400, stableMs: 60_000 };

describe('a supervised process', () => {
  it('is started again after a kill -9, with a longer wait after each quick crash, and never after stop()', async () => {
    const lines: string[] = [];
    const start = idler('crashy');
    const supervised = new Supervised('crashy', await start(), start, (line) => lines.push(line), QUICK);
    const first = supervised.current;
    await first.kill();
    await expect.poll(() => supervised.restarts === 1 && supervised.isRunning).toBe(true);
    expect(supervised.current.pid).not.toBe(first.pid);
    await supervised.current.kill();
    await expect.poll(() => supervised.restarts === 2 && supervised.isRunning).toBe(true);
    expect(lines).toEqual([
      'crashy exited with code null: restarting it in 0.1 s (the rest stays up)',
      'crashy restarted',
      'crashy exited with code null: restarting it in 0.2 s (the rest stays up)',
      'crashy restarted',
    ]);

    const last = supervised.current;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // a back-off begun from here would show as a timer
    await supervised.stop();
    expect(last.isRunning).toBe(false);
    expect(vi.getTimerCount()).toBe(0); // no restart waiting to happen
    expect(lines).toHaveLength(4);
    expect(supervised.restarts).toBe(2);
    expect(supervised.isRunning).toBe(false);
  });

  it('keeps trying when starting again fails, waiting longer each time', async () => {
    const lines: string[] = [];
    const start = idler('flaky');
    let refusals = 2;
    const flakyStart = async () => {
      if (refusals-- > 0) throw new Error('port 27017 is already in use\nmore detail');
      return start();
    };
    const supervised = new Supervised('flaky', await start(), flakyStart, (line) => lines.push(line), QUICK);
    await supervised.current.kill();
    await expect.poll(() => supervised.restarts).toBe(1);
    expect(lines).toEqual([
      'flaky exited with code null: restarting it in 0.1 s (the rest stays up)',
      'flaky did not start again (port 27017 is already in use): restarting it in 0.2 s (the rest stays up)',
      'flaky did not start again (port 27017 is already in use): restarting it in 0.4 s (the rest stays up)',
      'flaky restarted',
    ]);
    await supervised.stop();
    expect(supervised.isRunning).toBe(false);
  });

  it('stops a process it is starting again when stop() comes meanwhile', async () => {
    const start = idler('slow');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let begin!: () => void;
    const begun = new Promise<void>((resolve) => (begin = resolve));
    const slowStart = async () => {
      begin();
      await gate;
      return start();
    };
    const supervised = new Supervised('slow', await start(), slowStart, () => {}, QUICK);
    await supervised.current.kill();
    await begun; // past the wait: the restart is under way
    const stopping = supervised.stop();
    release();
    await stopping;
    expect(supervised.isRunning).toBe(false);
  });
});
