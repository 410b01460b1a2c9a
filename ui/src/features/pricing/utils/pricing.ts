import { formatCurrency } from '../../../utils/format.ts';

/** The bid controls' ranges and defaults (spec section 5). */
export const BID_LIMITS = {
  baseBid: { min: 0.5, max: 3, step: 0.1, default: 1 },
  maxDailyMeetings: { min: 1, max: 50, step: 1, default: 5 },
  dailyBudgetCap: { min: 10, step: 10, default: 500 },
} as const;

/** Filled stars of a slice's quality (spec section 9): quality × 5, rounded. */
export function filledStars(qualityScore: number): number {
  return Math.min(5, Math.max(0, Math.round(qualityScore * 5)));
}

/** A typed number input's value; anything non-numeric becomes 0 (spec section 5), which the server then refuses by name. */
export function numberInput(text: string): number {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? 0 : value;
}

/** What the price preview shows: the price, whether the floor or cap held it, and (for "How is this computed?") the formula that gave it. */
export interface PricePreview {
  price: number;
  clamped: 'floor' | 'cap' | null;
  formula: string;
}

const cents = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;
const usd = (value: number) => formatCurrency(value);

/**
 * The ppm-pricing plugin's formula (spec section 9, scaled to the tier's base price): price =
 * baseBid × basePrice × quality ÷ meeting probability, clamped to [floor, cap]; the floor when
 * the probability is 0 or less; in cents. The server prices with the same formula on save.
 */
export function previewPrice(input: {
  baseBid: number;
  basePrice: number;
  qualityScore: number;
  pm: number;
  floor: number;
  cap: number;
}): PricePreview {
  const { baseBid, basePrice, qualityScore, pm, floor, cap } = input;
  if (pm <= 0) return { price: cents(floor), clamped: 'floor', formula: `meeting probability ${pm} ≤ 0 → floor ${usd(floor)}` };
  const raw = (baseBid * basePrice * qualityScore) / pm;
  const formula = `multiplier ${baseBid.toFixed(1)} × base price ${usd(basePrice)} × quality ${qualityScore.toFixed(3)} ÷ meeting probability ${pm.toFixed(3)} = ${usd(raw)}`;
  if (raw < floor) return { price: cents(floor), clamped: 'floor', formula: `${formula} → floor ${usd(floor)}` };
  if (raw > cap) return { price: cents(cap), clamped: 'cap', formula: `${formula} → cap ${usd(cap)}` };
  return { price: cents(raw), clamped: null, formula };
}

/** What `meetings` attended meetings a day cost at `price`, in cents; null unless `meetings` is a whole number of at least 1. */
export function dailyCost(price: number, meetings: number): number | null {
  return Number.isInteger(meetings) && meetings >= 1 ? cents(price * meetings) : null;
}

/** "$1,234.50". */
export function formatUsd(value: number): string {
  return formatCurrency(value);
}

/** Integer cents as dollars: "$1,234.50", a credit "-$55.17" (the billing API counts in cents, never in floats). */
export function formatCents(minor: number): string {
  return formatCurrency(minor / 100);
}
