import { describe, expect, it } from 'vitest';
import {
  durationBetween,
  formatCount,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatDay,
  formatDuration,
  formatLongDateTime,
  formatMonth,
  formatNumber,
  formatPercent,
  formatSoon,
  formatTime,
} from './format.ts';

describe('numbers', () => {
  it('groups thousands and keeps at most the decimals asked for', () => {
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0.345, 4)).toBe('0.345');
    expect(formatNumber(12.345)).toBe('12.35');
    expect(formatNumber(3.75, 1)).toBe('3.8');
    expect(formatNumber(-2048)).toBe('-2,048');
  });

  it('never writes NaN or Infinity', () => {
    expect(formatNumber(Number.NaN)).toBe('—');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('—');
    expect(formatPercent(Number.NaN)).toBe('—');
    expect(formatCurrency(Number.NaN)).toBe('—');
  });

  it('counts with the noun, plural unless one', () => {
    expect(formatCount(1, 'prospect')).toBe('1 prospect');
    expect(formatCount(1000, 'prospect')).toBe('1,000 prospects');
    expect(formatCount(0, 'reply', 'replies')).toBe('0 replies');
  });

  it('writes money, percentages and durations', () => {
    expect(formatCurrency(5992.5)).toBe('$5,992.50');
    expect(formatCurrency(127.5)).toBe('$127.50');
    expect(formatPercent(0.876)).toBe('88%');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(4_200)).toBe('4.2 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(3_720_000)).toBe('1 h 02 min');
    expect(durationBetween('2026-01-02T10:00:00Z', '2026-01-02T10:00:02.5Z')).toBe('2.5 s');
    expect(durationBetween('2026-01-02T10:00:00Z', undefined)).toBeUndefined();
  });
});

describe('dates', () => {
  // In the reader's time zone: a local moment reads back as the same day and time whatever the zone.
  const moment = new Date(2025, 2, 12, 14, 3, 7);

  it('writes one date and one date-time format everywhere', () => {
    expect(formatDate(moment.toISOString())).toBe('Mar 12, 2025');
    expect(formatDateTime(moment.toISOString())).toBe('Mar 12, 2025, 2:03 PM');
    expect(formatDate(moment, { time: true })).toBe(formatDateTime(moment));
    expect(formatTime(moment)).toBe('2:03 PM');
  });

  it('says "—" for a missing or broken date rather than "Invalid Date"', () => {
    for (const missing of [undefined, null, '', 'not a date']) {
      expect(formatDate(missing)).toBe('—');
      expect(formatDateTime(missing)).toBe('—');
      expect(formatTime(missing)).toBe('—');
      expect(formatLongDateTime(missing)).toBe('—');
      expect(formatSoon(missing)).toBe('—');
    }
  });

  it('writes a meeting in words, in a given time zone', () => {
    expect(formatLongDateTime('2026-11-25T15:30:00Z', 'America/New_York')).toBe('Wednesday, November 25, 2026 at 10:30 AM');
    expect(formatLongDateTime('2026-11-25T15:30:00Z', 'Europe/Berlin')).toBe('Wednesday, November 25, 2026 at 4:30 PM');
  });

  it('writes calendar days and months as the same day and month in every time zone', () => {
    expect(formatDay('2026-01-03')).toBe('Jan 3, 2026');
    expect(formatDay('yesterday')).toBe('yesterday');
    expect(formatMonth('2025-03')).toBe('March 2025');
    expect(formatMonth('2025-3')).toBe('2025-3');
  });

  it('writes a moment ahead by its weekday within the coming week, else by its date', () => {
    const monday = new Date(2025, 2, 10, 15, 0);
    expect(formatSoon(new Date(2025, 2, 11, 8, 0), monday)).toBe('Tue 8:00 AM');
    expect(formatSoon(new Date(2025, 3, 18, 8, 0), monday)).toBe('Apr 18, 8:00 AM');
  });
});
