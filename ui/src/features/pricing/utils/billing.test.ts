import { describe, expect, it } from 'vitest';
import type { LedgerSummary } from '../api/pricing-api.ts';
import { monthsToInvoice } from './billing.ts';

const row = (month: string, meetingsCharged: number): LedgerSummary['byMonth'][number] => ({
  month,
  meetingsCharged,
  total: meetingsCharged * 120,
  noShows: 0,
  chargedMinor: meetingsCharged * 12_000,
  creditedMinor: 0,
  netMinor: meetingsCharged * 12_000,
});

describe('the months an owner may invoice', () => {
  const ledger = { byMonth: [row('2026-08', 2), row('2026-09', 0), row('2026-10', 3), row('2026-11', 4)] };
  const now = new Date('2026-11-30T23:59:59Z');

  it('are the ended months with charges and no invoice of their meetings, the latest first', () => {
    expect(monthsToInvoice(ledger, [], now).map((entry) => entry.month)).toEqual(['2026-10', '2026-08']);
    expect(monthsToInvoice(ledger, [{ month: '2026-10', kind: 'usage' }], now).map((entry) => entry.month)).toEqual(['2026-08']);
  });

  it("count a month's pre-paid credits invoice as no invoice of its meetings, and the month only once it has ended (UTC)", () => {
    expect(monthsToInvoice(ledger, [{ month: '2026-10', kind: 'prepay' }], now).map((entry) => entry.month)).toEqual([
      '2026-10',
      '2026-08',
    ]);
    expect(monthsToInvoice(ledger, [], new Date('2026-12-01T00:00:00Z')).map((entry) => entry.month)).toEqual([
      '2026-11',
      '2026-10',
      '2026-08',
    ]);
    expect(monthsToInvoice(undefined, [], now)).toEqual([]);
  });
});
