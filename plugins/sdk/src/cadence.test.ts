import { describe, expect, it } from 'vitest';
import { cadenceSendDays, cadenceWaits } from './cadence.ts';

describe('cadence days', () => {
  it('reads the spec defaults 3, 5, 7 as waits: days 3, 8, 15', () => {
    expect(cadenceSendDays({ step1: 3, step2: 5, step3: 7 })).toEqual({ step1: 3, step2: 8, step3: 15 });
  });

  it('turns send days back into the waits that produce them', () => {
    for (const waits of [
      { step1: 3, step2: 5, step3: 7 },
      { step1: 0, step2: 1, step3: 30 },
      { step1: 12, step2: 2, step3: 9 },
    ]) {
      expect(cadenceWaits(cadenceSendDays(waits))).toEqual(waits);
    }
    expect(cadenceWaits({ step1: 3, step2: 9, step3: 15 })).toEqual({ step1: 3, step2: 6, step3: 6 });
  });
});
