// Properties of the pricing formula (estimatePrice, toCents) and of a slice's price (slicePrice):
// - the price always lies in [floor, cap] (both taken to cents), and is whole cents;
// - `clamped` says which bound was applied, and the price is then that bound;
// - the price never falls when baseBid, qualityScore or the base price rise, never rises when
//   the meeting probability rises, and is the floor whenever pm ≤ 0;
// - toCents keeps whole cents as they are, rounds a half cent up at any size, moves a value by at
//   most half a cent, is idempotent
//   and never reorders two values;
// - a slice's price (slicePrice) lies in its band, is the same without a bid as with a bid of 1,
//   and never falls for a dearer tier or a higher bid.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ppmPricingConfig, TIERS } from './config.ts';
import type { BidDocument, SliceDocument } from './collections.ts';
import { estimatePrice, toCents, type PriceInput } from './price.ts';
import { DEFAULT_BASE_BID, slicePrice } from './slice-views.ts';

/** Whole-cent amounts up to $10,000. */
const cents = (min = 0, max = 1_000_000) => fc.integer({ min, max }).map((value) => value / 100);
/** Any amount up to $10,000, sub-cent digits included (the activity accepts any non-negative number). */
const amount = fc.double({ min: 0, max: 10_000, noNaN: true, noDefaultInfinity: true });

const baseBid = fc.double({ min: 0.5, max: 3, noNaN: true });
const qualityScore = fc.double({ min: 0, max: 1, noNaN: true });
const pm = fc.double({ min: -1, max: 1, noNaN: true });
const positivePm = fc.double({ min: 1e-6, max: 1, noNaN: true });
const basePrice = fc.option(fc.double({ min: 0.01, max: 1_000, noNaN: true }), { nil: undefined });

/** A floor and a cap with floor ≤ cap (the activity rejects the rest). */
const band = (money: fc.Arbitrary<number>) => fc.tuple(money, money).map(([a, b]) => ({ floor: Math.min(a, b), cap: Math.max(a, b) }));

const priceInput = (money: fc.Arbitrary<number>): fc.Arbitrary<PriceInput> =>
  fc.record({ baseBid, qualityScore, pm, band: band(money), basePrice }).map(({ band: { floor, cap }, basePrice: base, ...rest }) => ({
    ...rest,
    floor,
    cap,
    ...(base === undefined ? {} : { basePrice: base }),
  }));

const isWholeCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6 && toCents(value) === value;

describe('estimatePrice (properties)', () => {
  it('prices within [floor, cap] taken to cents, in whole cents', () => {
    fc.assert(
      fc.property(priceInput(amount), (input) => {
        const { price } = estimatePrice(input);
        expect(price).toBeGreaterThanOrEqual(toCents(input.floor));
        expect(price).toBeLessThanOrEqual(toCents(input.cap));
        expect(isWholeCents(price)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('prices within [floor, cap] exactly when both are whole cents', () => {
    fc.assert(
      fc.property(priceInput(cents()), (input) => {
        const { price } = estimatePrice(input);
        expect(price).toBeGreaterThanOrEqual(input.floor);
        expect(price).toBeLessThanOrEqual(input.cap);
      }),
      { numRuns: 1000 },
    );
  });

  it('says which bound it clamped to, and then charges that bound', () => {
    fc.assert(
      fc.property(priceInput(cents()), (input) => {
        const estimate = estimatePrice(input);
        if (estimate.clamped === 'floor') expect(estimate.price).toBe(input.floor);
        if (estimate.clamped === 'cap') expect(estimate.price).toBe(input.cap);
        if (estimate.clamped === null) {
          expect(input.pm).toBeGreaterThan(0);
          expect(estimate.formula).not.toContain('→');
        } else expect(estimate.formula).toContain(`→ ${estimate.clamped} $`);
      }),
      { numRuns: 1000 },
    );
  });

  it('charges the floor whenever the meeting probability is 0 or less', () => {
    fc.assert(
      fc.property(priceInput(cents()), fc.double({ min: -1, max: 0, noNaN: true }), (input, nonPositive) => {
        expect(estimatePrice({ ...input, pm: nonPositive })).toMatchObject({ price: input.floor, clamped: 'floor' });
      }),
      { numRuns: 300 },
    );
  });

  /** Prices of two inputs that differ in one field, the second field value ≥ the first. */
  const pair = (field: 'baseBid' | 'qualityScore' | 'basePrice' | 'pm', values: fc.Arbitrary<number>) =>
    fc.tuple(priceInput(amount), values, values).map(([input, a, b]) => ({
      lower: estimatePrice({ ...input, [field]: Math.min(a, b) }).price,
      higher: estimatePrice({ ...input, [field]: Math.max(a, b) }).price,
    }));

  it('never lowers the price when baseBid, qualityScore or the base price rise', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          pair('baseBid', baseBid),
          pair('qualityScore', qualityScore),
          pair('basePrice', fc.double({ min: 0.01, max: 1_000, noNaN: true })),
        ),
        ({ lower, higher }) => {
          expect(higher).toBeGreaterThanOrEqual(lower);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never raises the price when the meeting probability rises', () => {
    fc.assert(
      fc.property(pair('pm', positivePm), ({ lower, higher }) => {
        expect(higher).toBeLessThanOrEqual(lower);
      }),
      { numRuns: 1000 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(priceInput(amount), (input) => {
        expect(estimatePrice({ ...input })).toEqual(estimatePrice(input));
      }),
      { numRuns: 300 },
    );
  });
});

describe('toCents (properties)', () => {
  it('keeps whole cents as they are', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (whole) => {
        expect(toCents(whole / 100)).toBe(whole / 100);
      }),
      { numRuns: 2000 },
    );
  });

  it('moves a value by at most half a cent, to whole cents, idempotently', () => {
    fc.assert(
      fc.property(amount, (value) => {
        const rounded = toCents(value);
        expect(Math.abs(rounded - value)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(isWholeCents(rounded)).toBe(true);
        expect(toCents(rounded)).toBe(rounded);
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds a half cent up, as written, at any size (2.135 → 2.14, 9677.585 → 9677.59)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const halfUp = Number(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}5`);
        expect(toCents(halfUp)).toBe((cents + 1) / 100);
      }),
      { numRuns: 2000 },
    );
  });

  it('never reorders two values', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(toCents(Math.max(a, b))).toBeGreaterThanOrEqual(toCents(Math.min(a, b)));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('slicePrice (properties)', () => {
  const config = ppmPricingConfig.parse({});

  const slice = fc
    .record({
      tier: fc.constantFrom(...TIERS),
      qualityScore,
      pm,
      band: band(cents(0, 100_000)),
    })
    .map(({ band: { floor, cap }, ...rest }) => ({ ...rest, floor, cap }) as unknown as SliceDocument);
  const bid = fc.option(
    fc.integer({ min: 5, max: 30 }).map((tenths) => ({ baseBid: tenths / 10 }) as unknown as BidDocument),
    { nil: null },
  );

  it("prices within the slice's band, and without a bid as with a bid of 1", () => {
    fc.assert(
      fc.property(slice, bid, (doc, stored) => {
        const price = slicePrice(doc, stored, config);
        expect(price).toBeGreaterThanOrEqual(doc.floor);
        expect(price).toBeLessThanOrEqual(doc.cap);
        expect(slicePrice(doc, null, config)).toBe(slicePrice(doc, { baseBid: DEFAULT_BASE_BID } as unknown as BidDocument, config));
      }),
      { numRuns: 500 },
    );
  });

  it('never charges less for a dearer tier (volume ≤ standard ≤ premium base prices) or a higher bid', () => {
    fc.assert(
      fc.property(slice, bid, fc.integer({ min: 5, max: 30 }), fc.integer({ min: 5, max: 30 }), (doc, stored, a, b) => {
        const [volume, standard, premium] = TIERS.map((tier) => slicePrice({ ...doc, tier } as SliceDocument, stored, config));
        expect(standard).toBeGreaterThanOrEqual(volume!);
        expect(premium).toBeGreaterThanOrEqual(standard!);
        const at = (tenths: number) => slicePrice(doc, { baseBid: tenths / 10 } as unknown as BidDocument, config);
        expect(at(Math.max(a, b))).toBeGreaterThanOrEqual(at(Math.min(a, b)));
      }),
      { numRuns: 500 },
    );
  });
});
