// PayPal writes amounts as decimal strings ("120.00"); Meetflow counts integer minor units. These
// convert exactly (no floating point), by each currency's number of decimals as PayPal documents
// them (https://developer.paypal.com/reference/currency-codes/: HUF, JPY and TWD take none).

const NO_DECIMALS = new Set(['huf', 'jpy', 'twd']);

/** Decimals PayPal uses for `currency` (lowercase ISO code). */
export const decimalsOf = (currency: string): number => (NO_DECIMALS.has(currency.toLowerCase()) ? 0 : 2);

/** 65898 eur → "658.98"; -5 → "-0.05". */
export function toPayPalValue(minor: number, currency: string): string {
  if (!Number.isInteger(minor)) throw new Error(`an amount in minor units is an integer, not ${minor}`);
  const decimals = decimalsOf(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return decimals === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** "658.98" eur → 65898; refuses more decimals than the currency has (that would be rounding). */
export function toMinor(value: string, currency: string): number {
  const decimals = decimalsOf(currency);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match || (match[3]?.length ?? 0) > decimals) throw new Error(`"${value}" is not an amount in ${currency.toUpperCase()}`);
  const fraction = (match[3] ?? '').padEnd(decimals, '0');
  const minor = Number(`${match[2]}${fraction}`);
  return match[1] === '-' ? -minor : minor;
}
