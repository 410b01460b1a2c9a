import { describe, expect, it } from 'vitest';
import { chartFigure, chartSummary } from './progress-chart-text.ts';

const row = (label: string, responseRate: number, meetingBookingRate: number, leadQualityScore: number) => ({
  label,
  responseRate,
  meetingBookingRate,
  leadQualityScore,
});

describe('chartSummary', () => {
  it("says the period, and each line's first, last and highest figure with when", () => {
    const rows = [row('Nov 1', 10, 0, 60.25), row('Nov 2', 14.5, 2, 71), row('Nov 3', 12, 1.5, 64.4)];
    expect(chartSummary(rows, '30d')).toBe(
      '3 days, Nov 1 to Nov 3. ' +
        'Response rate 10% at the start, 12% at the end, highest 14.5% (Nov 2). ' +
        'Meeting booking rate 0% at the start, 1.5% at the end, highest 2% (Nov 2). ' +
        'Lead quality score 60.3 at the start, 64.4 at the end, highest 71 (Nov 2).',
    );
  });

  it('counts weeks over 90 days, says a single point as it is, and nothing without points', () => {
    expect(chartSummary([row('wk of Nov 17', 5, 1, 50), row('wk of Nov 24', 6, 1, 55)], '90d')).toMatch(
      /^2 weeks, wk of Nov 17 to wk of Nov 24\./,
    );
    expect(chartSummary([row('Nov 29', 5, 1, 50)], '7d')).toBe(
      '1 day, Nov 29. Response rate 5%. Meeting booking rate 1%. Lead quality score 50.',
    );
    expect(chartSummary([], '7d')).toBe('');
  });

  it('shows figures with one decimal at most, grouped as the rest of the UI', () => {
    expect([chartFigure(12.34), chartFigure(1234.5), chartFigure(0)]).toEqual(['12.3', '1,234.5', '0']);
  });
});
