/** What the price of a meeting depends on. */
export interface PriceInput {
  /** The customer's bid multiplier (spec: 0.5–3). */
  baseBid: number;
  qualityScore: number;
  /** Meeting probability: the chance a booked meeting is attended. */
  pm: number;
  floor: number;
  cap: number;
  /** Dollars per unit of bid × quality ÷ pm: the tier's base price; the floor when not given. */
  basePrice?: number;
}

/** A price and how it was reached. */
export interface PriceEstimate {
  price: number;
  clamped: 'floor' | 'cap' | null;
  formula: string;
}

/**
 * Rounds to cents, half-cents up as written: the amount in cents is read to 15 significant digits
 * first, so 2.135 (213.49999… in binary) is 213.5 and becomes 2.14, at any size.
 */
export function toCents(value: number): number {
  return Math.round(Number((value * 100).toPrecision(15))) / 100;
}

const usd = (value: number) => `$${value.toFixed(2)}`;

/**
 * The spec's formula, scaled to dollars: price = baseBid × basePrice × qualityScore ÷ pm,
 * clamped to [floor, cap]; when pm ≤ 0 the floor is used. The spec's bare
 * baseBid × qualityScore ÷ pm is a dimensionless multiplier (0.5–3 × 0–1 ÷ 0–1), so it is
 * applied to the tier's base price (see README, "the pricing formula").
 */
export function estimatePrice({ baseBid, qualityScore, pm, floor, cap, basePrice = floor }: PriceInput): PriceEstimate {
  if (pm <= 0) {
    return { price: toCents(floor), clamped: 'floor', formula: `meeting probability ${pm} ≤ 0 → floor ${usd(floor)}` };
  }
  const raw = (baseBid * basePrice * qualityScore) / pm;
  const base = `${baseBid.toFixed(1)} × ${usd(basePrice)} × ${qualityScore.toFixed(3)} ÷ ${pm.toFixed(3)} = ${usd(raw)}`;
  if (raw < floor) return { price: toCents(floor), clamped: 'floor', formula: `${base} → floor ${usd(floor)}` };
  if (raw > cap) return { price: toCents(cap), clamped: 'cap', formula: `${base} → cap ${usd(cap)}` };
  return { price: toCents(raw), clamped: null, formula: base };
}
