import { MockActivityEnvironment } from '@temporalio/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heartbeating, progressHeartbeat } from './heartbeating.ts';

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

describe('progressHeartbeat', () => {
  /** A beat every 10 s while progress is under 60 s old, in an activity environment on fake timers; `beats()` lists the details sent. */
  function runWithProgress(work: (beats: ReturnType<typeof progressHeartbeat>) => Promise<void>) {
    vi.useFakeTimers();
    const env = new MockActivityEnvironment({}, silent);
    const sent: unknown[] = [];
    env.on('heartbeat', (details: unknown) => sent.push(details));
    const running = env.run(async () => {
      const beats = progressHeartbeat(60_000, 10_000);
      try {
        await work(beats);
      } finally {
        beats.stop();
      }
    });
    return { running, beats: () => sent };
  }

  it('beats with the last details while progress is recent, stops once none came for the allowance, and again after the next', async () => {
    let step!: (beats: ReturnType<typeof progressHeartbeat>) => void;
    let finish!: () => void;
    const { running, beats } = runWithProgress(async (heartbeat) => {
      heartbeat.progress({ done: 0 });
      await new Promise<void>((resolve) => ((finish = resolve), (step = (next) => next.progress({ done: 25 }))));
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(beats()).toEqual([{ done: 0 }]); // each unit begun is a beat at once
    await vi.advanceTimersByTimeAsync(50_000);
    expect(beats()).toHaveLength(6); // and one every 10 s while it is under 60 s old
    await vi.advanceTimersByTimeAsync(120_000);
    expect(beats()).toHaveLength(6); // a unit that hung: no beat after its 60 s, so the heartbeat timeout ends the attempt
    expect(beats().slice(1)).toEqual(Array(5).fill({ done: 0 }));
    void step;
    finish();
    await running;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(beats()).toHaveLength(6); // stopped with the work
  });

  it('progress renews the allowance: a slow chunk whose units keep beginning beats throughout', async () => {
    const { running, beats } = runWithProgress(async (heartbeat) => {
      for (let unit = 0; unit < 5; unit++) {
        heartbeat.progress({ done: unit * 25 });
        await new Promise((resolve) => setTimeout(resolve, 50_000)); // each unit under its 60 s
      }
    });
    await vi.advanceTimersByTimeAsync(250_000);
    await running;
    // 5 at each unit's start, and 5 in each 50 s unit (at 10, 20, 30, 40, 50 s: the last beside the next unit's own).
    expect(beats().length).toBeGreaterThanOrEqual(5 + 5 * 4);
    expect(beats().at(-1)).toEqual({ done: 100 });
  });

  it('outside an activity, does nothing', () => {
    const beats = progressHeartbeat(60_000);
    beats.progress({ done: 0 });
    beats.stop();
  });
});
