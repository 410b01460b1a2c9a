// Properties of the cadence arithmetic shared by outreach, the learning engine and the platform:
// - cadenceWaits undoes cadenceSendDays for any waits, and cadenceSendDays undoes cadenceWaits
//   for any send days in order;
// - send days never go back: step 1 is sent after its wait, each later step exactly its wait
//   after the one before, so the days strictly increase when every later wait is a day or more.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cadenceSendDays, cadenceWaits } from './cadence.ts';

const waits = fc.record({
  step1: fc.integer({ min: 0, max: 365 }),
  step2: fc.integer({ min: 0, max: 365 }),
  step3: fc.integer({ min: 0, max: 365 }),
});

describe('cadence days (properties)', () => {
  it('turns waits into send days and back unchanged', () => {
    fc.assert(
      fc.property(waits, (timing) => {
        expect(cadenceWaits(cadenceSendDays(timing))).toEqual(timing);
      }),
      { numRuns: 500 },
    );
  });

  it('turns send days in order into waits and back unchanged', () => {
    const orderedDays = fc
      .tuple(fc.nat({ max: 1000 }), fc.nat({ max: 1000 }), fc.nat({ max: 1000 }))
      .map((days) => [...days].sort((a, b) => a - b))
      .map(([step1, step2, step3]) => ({ step1: step1!, step2: step2!, step3: step3! }));
    fc.assert(
      fc.property(orderedDays, (days) => {
        const back = cadenceWaits(days);
        expect(Object.values(back).every((wait) => wait >= 0)).toBe(true);
        expect(cadenceSendDays(back)).toEqual(days);
      }),
      { numRuns: 500 },
    );
  });

  it('sends each step its wait after the one before, so days never go back and strictly rise with waits of a day or more', () => {
    fc.assert(
      fc.property(waits, (timing) => {
        const days = cadenceSendDays(timing);
        expect(days.step1).toBe(timing.step1);
        expect(days.step2 - days.step1).toBe(timing.step2);
        expect(days.step3 - days.step2).toBe(timing.step3);
        expect(days.step2).toBeGreaterThanOrEqual(days.step1);
        expect(days.step3).toBeGreaterThanOrEqual(days.step2);
        expect(days.step1 < days.step2 && days.step2 < days.step3).toBe(timing.step2 >= 1 && timing.step3 >= 1);
      }),
      { numRuns: 500 },
    );
  });
});
