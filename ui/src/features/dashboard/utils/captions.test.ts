import { describe, expect, it } from 'vitest';
import type { TrendPoint } from '../api/types.ts';
import { mondayOf, weekOverWeekCaption } from './captions.ts';

const now = new Date('2026-11-25T10:00:00Z'); // a Wednesday
const point = (start: string, responseRate: number, leadQualityScore = 0): TrendPoint => ({
  week: 'w',
  period: 'w',
  start,
  responseRate,
  meetingBookingRate: 0,
  leadQualityScore,
});

describe('weekOverWeekCaption', () => {
  it("finds this week's and last week's Mondays", () => {
    expect(mondayOf(now)).toBe('2026-11-23');
    expect(mondayOf(now, 1)).toBe('2026-11-16');
    expect(mondayOf(new Date('2026-11-29T23:00:00Z'))).toBe('2026-11-23'); // Sunday belongs to the week before
  });

  it('compares this week with last week in points, one decimal', () => {
    const points = [point('2026-11-09', 50), point('2026-11-16', 12.3, 70), point('2026-11-23', 14.5, 65.5)];
    expect(weekOverWeekCaption(points, 'responseRate', now)).toBe('+2.2 pts vs last week');
    expect(weekOverWeekCaption(points, 'leadQualityScore', now)).toBe('−4.5 pts vs last week');
    expect(weekOverWeekCaption([point('2026-11-16', 10), point('2026-11-23', 10)], 'responseRate', now)).toBe('No change vs last week');
  });

  it('says what is missing instead of inventing a change', () => {
    expect(weekOverWeekCaption([], 'responseRate', now)).toBe('No outcomes this week or last');
    expect(weekOverWeekCaption([point('2026-11-23', 10)], 'responseRate', now)).toBe('No outcomes last week to compare');
    expect(weekOverWeekCaption([point('2026-11-16', 10)], 'responseRate', now)).toBe('No outcomes yet this week');
  });
});
