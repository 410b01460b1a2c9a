import { describe, expect, it } from 'vitest';
import { steppingClock } from '../testing.ts';
import { requestInterval, retryAfterSeconds, spaced } from './provider-http.ts';

describe('provider call settings', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = new Date('2026-11-22T09:00:00Z');
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds('Sun, 22 Nov 2026 09:01:00 GMT', now)).toBe(60);
    expect(retryAfterSeconds(undefined, now)).toBeNull();
    expect(retryAfterSeconds('soon', now)).toBeNull();
  });

  it('spaces requests evenly: one every 60 000 / requestsPerMinute ms', () => {
    expect(requestInterval(50)).toBe(1200);
    expect(requestInterval(200)).toBe(300);
    expect(requestInterval(7)).toBe(8572);
  });

  it('runs calls one at a time, each an interval after the one before by the clock, a failure holding up nothing', async () => {
    const clock = steppingClock('2026-11-22T09:00:00Z');
    const inTurn = spaced(200, clock);
    const started: number[] = [];
    const call = (fails = false) =>
      inTurn(async () => {
        started.push(clock.now().getTime() - Date.parse('2026-11-22T09:00:00Z'));
        if (fails) throw new Error('provider down');
        return started.length;
      });
    const results = await Promise.allSettled([call(), call(true), call()]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(started).toEqual([0, 200, 400]);
    expect(clock.waits).toEqual([200, 200]);
    // Time that passes on its own counts: a call after a long pause does not wait.
    await clock.sleep(1_000);
    await call();
    expect(clock.waits).toEqual([200, 200, 1_000]);
  });
});
