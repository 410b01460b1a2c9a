import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, throttleOptions } from './provider-http.ts';

describe('provider call settings', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = new Date('2026-11-22T09:00:00Z');
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds('Sun, 22 Nov 2026 09:01:00 GMT', now)).toBe(60);
    expect(retryAfterSeconds(undefined, now)).toBeNull();
    expect(retryAfterSeconds('soon', now)).toBeNull();
  });

  it('spaces requests evenly: one every 60 000 / requestsPerMinute ms', () => {
    expect(throttleOptions(50)).toEqual({ limit: 1, interval: 1200, strict: true });
    expect(throttleOptions(200)).toEqual({ limit: 1, interval: 300, strict: true });
  });
});
