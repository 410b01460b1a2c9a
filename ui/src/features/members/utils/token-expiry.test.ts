import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../utils/format.ts';
import { expiryText, isExpired } from './token-expiry.ts';

describe('expiryText', () => {
  const now = new Date('2026-11-29T12:00:00Z');

  it('names the day a token stops working, until it has', () => {
    expect(expiryText('2027-02-27T12:00:00.000Z', now)).toBe(`Expires ${formatDate('2027-02-27T12:00:00.000Z')}`);
    expect(expiryText('2026-11-29T12:00:00.001Z', now)).toMatch(/^Expires /);
  });

  it('says "Expired" from the moment it passed, and "Never expires" without an expiry', () => {
    expect(expiryText('2026-11-29T12:00:00.000Z', now)).toBe('Expired');
    expect(isExpired('2026-11-29T12:00:00.000Z', now)).toBe(true);
    expect(expiryText(null, now)).toBe('Never expires');
    expect(isExpired(null, now)).toBe(false);
  });
});
