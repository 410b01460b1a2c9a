import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, throttleOptions } from './provider-http.ts';
import { parseRange, rangesOverlap } from './ranges.ts';

describe('parseRange', () => {
  it.each([
    ['51-200', { min: 51, max: 200 }],
    ['51 to 200 employees', { min: 51, max: 200 }],
    ['1,000-5,000', { min: 1000, max: 5000 }],
    ['1000+', { min: 1000, max: null }],
    ['under 50 employees', { min: null, max: 50 }],
    ['$10M-$50M', { min: 10_000_000, max: 50_000_000 }],
    ['$1B+', { min: 1_000_000_000, max: null }],
    ['500', { min: 500, max: 500 }],
  ])('reads %s', (text, range) => expect(parseRange(text)).toEqual(range));

  it('gives null when the text has no number', () => {
    expect(parseRange('')).toBeNull();
    expect(parseRange('Mid-market')).toBeNull();
  });

  it('tells whether two ranges overlap', () => {
    expect(rangesOverlap({ min: 51, max: 200 }, { min: 201, max: 500 })).toBe(false);
    expect(rangesOverlap({ min: 51, max: 200 }, { min: 200, max: null })).toBe(true);
  });
});

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
