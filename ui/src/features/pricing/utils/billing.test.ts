import { describe, expect, it } from 'vitest';
import type { LedgerSummary } from '../api/pricing-api.ts';
import { dollarsToCents, monthsToInvoice } from './billing.ts';

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

describe('a monthly pre-pay typed in dollars', () => {
  it('is read to integer cents from its digits', () => {
    expect(dollarsToCents('250')).toEqual({ minor: 25_000 });
    expect(dollarsToCents('250.5')).toEqual({ minor: 25_050 });
    expect(dollarsToCents('250.05')).toEqual({ minor: 25_005 });
    expect(dollarsToCents(' $1,250.00 ')).toEqual({ minor: 125_000 });
    // A float would make 0.29 * 100 = 28.999…: the string's digits give 29.
    expect(dollarsToCents('0.29')).toEqual({ minor: 29 });
    expect(dollarsToCents('0')).toEqual({ minor: 0 });
  });

  it('is 0 (no pre-pay) when left empty', () => {
    expect(dollarsToCents('')).toEqual({ minor: 0 });
    expect(dollarsToCents('   ')).toEqual({ minor: 0 });
  });

  it('is an error naming the problem when negative, finer than cents or not a number', () => {
    expect(dollarsToCents('-1')).toEqual({ error: 'Enter an amount of zero or more' });
    expect(dollarsToCents('1.234')).toEqual({ error: 'Enter at most two decimals (cents)' });
    expect(dollarsToCents('abc')).toEqual({ error: 'Enter an amount in dollars, e.g. 250 or 250.00' });
    expect(dollarsToCents('1e3').error).toBe('Enter an amount in dollars, e.g. 250 or 250.00');
    expect(dollarsToCents('9'.repeat(20)).error).toBe('Enter a smaller amount');
  });
});
