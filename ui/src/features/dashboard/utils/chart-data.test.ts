import { describe, expect, it } from 'vitest';
import { chartRows } from './chart-data.ts';

describe('chartRows', () => {
  it('labels days by date and weeks by their Monday, keeping the rates', () => {
    expect(
      chartRows([
        { week: '2026-W48', period: '2026-11-24', start: '2026-11-24', responseRate: 12.5, meetingBookingRate: 2, leadQualityScore: 71.3 },
        { week: '2026-W47', period: '2026-W47', start: '2026-11-16', responseRate: 10, meetingBookingRate: 1, leadQualityScore: 0 },
      ]),
    ).toEqual([
      { label: 'Nov 24', responseRate: 12.5, meetingBookingRate: 2, leadQualityScore: 71.3 },
      { label: 'wk of Nov 16', responseRate: 10, meetingBookingRate: 1, leadQualityScore: 0 },
    ]);
  });
});
