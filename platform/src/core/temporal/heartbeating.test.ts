import { MockActivityEnvironment } from '@temporalio/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heartbeating } from './heartbeating.ts';

afterEach(() => vi.useRealTimers());
// The failure the second test expects is the test's, not news: the environment logs nothing.
const silent = { logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} } };

/** `activity` wrapped to beat every 10 s, run in an activity environment on fake timers; `beats()` counts its heartbeats so far. */
function runHeartbeating(activity: () => Promise<string>) {
  vi.useFakeTimers();
  const env = new MockActivityEnvironment({}, silent);
  let beats = 0;
  env.on('heartbeat', () => beats++);
  return { running: env.run(heartbeating(activity, 10_000)), beats: () => beats };
}

describe('heartbeating', () => {
  it('heartbeats every interval while the activity runs, and stops when it ends', async () => {
    let finish!: (value: string) => void;
    const { running, beats } = runHeartbeating(() => new Promise<string>((resolve) => (finish = resolve)));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(beats()).toBe(0); // a call shorter than one interval never heartbeats
    await vi.advanceTimersByTimeAsync(20_001);
    expect(beats()).toBe(3);
    finish('sent');
    expect(await running).toBe('sent');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(beats()).toBe(3);
  });

  it('stops heartbeating when the activity throws, and passes its error on', async () => {
    let fail!: (error: Error) => void;
    const { running, beats } = runHeartbeating(() => new Promise<string>((_, reject) => (fail = reject)));
    await vi.advanceTimersByTimeAsync(10_000);
    fail(new Error('the database is not answering'));
    await expect(running).rejects.toThrow('the database is not answering');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(beats()).toBe(1);
  });

  it('outside an activity, only calls through', async () => {
    expect(await heartbeating(async (to: string) => `sent to ${to}`)('pat@example.com')).toBe('sent to pat@example.com');
  });
});
