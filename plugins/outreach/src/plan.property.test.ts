// Properties of the sequence plan (planSequence, dayOffsets, expectedResponseRate):
// - the plan has steps 1, 2, 3, each template once, best response rate first, ties in the
//   spec's order (roi-focused, pain-point, value-prop);
// - its days are the cadence's: step 1 after its wait, each later step its wait after the one
//   before, so the days never go back;
// - the expected response rate is a weighted mean of the templates' rates (between the lowest
//   and the highest, to 4 decimals), unchanged when every share is scaled, and it never falls
//   when one template's rate rises.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_IDS, type CadenceTiming, type TemplatePerformance } from './config.ts';
import { dayOffsets, expectedResponseRate, planSequence } from './plan.ts';

const rate = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0.1, 0.2, 0.345, 1));
const performance: fc.Arbitrary<TemplatePerformance> = fc.record({ 'roi-focused': rate, 'pain-point': rate, 'value-prop': rate });
const cadence: fc.Arbitrary<CadenceTiming> = fc.record({
  step1: fc.integer({ min: 0, max: 60 }),
  step2: fc.integer({ min: 0, max: 60 }),
  step3: fc.integer({ min: 0, max: 60 }),
});
// Shares as configured: 0 or a real fraction (subnormal shares such as 5e-324 lose their precision in any ratio).
const share = fc.oneof(fc.double({ min: 1e-6, max: 10, noNaN: true }), fc.constant(0));
const shares = fc.record({ step1: share, step2: share, step3: share });

describe('planSequence (properties)', () => {
  it('plans steps 1-3 with each template once, best rate first, ties in the spec order', () => {
    fc.assert(
      fc.property(performance, cadence, (rates, timing) => {
        const plan = planSequence(rates, timing);
        expect(plan.map((step) => step.step)).toEqual([1, 2, 3]);
        expect([...plan.map((step) => step.template)].sort()).toEqual([...TEMPLATE_IDS].sort());
        for (const [index, step] of plan.entries()) {
          expect(step.responseRate).toBe(rates[step.template]);
          const next = plan[index + 1];
          if (!next) continue;
          expect(step.responseRate).toBeGreaterThanOrEqual(next.responseRate);
          if (step.responseRate === next.responseRate)
            expect(TEMPLATE_IDS.indexOf(step.template)).toBeLessThan(TEMPLATE_IDS.indexOf(next.template));
        }
      }),
      { numRuns: 500 },
    );
  });

  it("sends on the cadence's days: each step its wait after the one before, never earlier", () => {
    fc.assert(
      fc.property(performance, cadence, (rates, timing) => {
        const days = planSequence(rates, timing).map((step) => step.dayOffset);
        expect(days).toEqual(dayOffsets(timing));
        expect(days[0]).toBe(timing.step1);
        expect(days[1]! - days[0]!).toBe(timing.step2);
        expect(days[2]! - days[1]!).toBe(timing.step3);
        expect(days[1]).toBeGreaterThanOrEqual(days[0]!);
        expect(days[2]).toBeGreaterThanOrEqual(days[1]!);
      }),
      { numRuns: 500 },
    );
  });
});

describe('expectedResponseRate (properties)', () => {
  it('lies between the lowest and the highest template rate, to 4 decimals', () => {
    fc.assert(
      fc.property(performance, cadence, shares, (rates, timing, weights) => {
        const expected = expectedResponseRate(planSequence(rates, timing), weights);
        const values = Object.values(rates);
        expect(expected).toBeGreaterThanOrEqual(Math.min(...values) - 0.00005);
        expect(expected).toBeLessThanOrEqual(Math.max(...values) + 0.00005);
        expect(Math.round(expected * 10_000) / 10_000).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('is unchanged when every share is scaled by a power of two (shares are normalised)', () => {
    fc.assert(
      fc.property(performance, cadence, shares, fc.constantFrom(2, 4, 1024), (rates, timing, weights, factor) => {
        const plan = planSequence(rates, timing);
        const scaled = { step1: weights.step1 * factor, step2: weights.step2 * factor, step3: weights.step3 * factor };
        expect(expectedResponseRate(plan, scaled)).toBe(expectedResponseRate(plan, weights));
      }),
      { numRuns: 500 },
    );
  });

  it("never falls when one template's rate rises (the plan reorders, the shares stay)", () => {
    fc.assert(
      fc.property(
        performance,
        cadence,
        shares,
        fc.constantFrom(...TEMPLATE_IDS),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (rates, timing, weights, template, raised) => {
          const higher = { ...rates, [template]: Math.max(rates[template], raised) };
          expect(expectedResponseRate(planSequence(higher, timing), weights)).toBeGreaterThanOrEqual(
            expectedResponseRate(planSequence(rates, timing), weights),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
