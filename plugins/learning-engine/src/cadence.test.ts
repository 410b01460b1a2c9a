import { describe, expect, it } from 'vitest';
import { learnCadence } from './cadence.ts';
import { SPEC_DEFAULTS } from './schemas.ts';

const settings = { minSendsPerOffset: 30, maxShiftDays: 1, priorStrength: 2 };
// Waits 3, 5, 7: steps are sent on days 3, 8 and 15, the days the outcome events record.
const current = SPEC_DEFAULTS.cadenceTiming;

describe('learnCadence', () => {
  it('moves a step one day toward a clearly better send day, and gives the proposal back as waits', () => {
    const rows = [
      { step: 2 as const, dayOffset: 8, sent: 400, replied: 20 },
      { step: 2 as const, dayOffset: 6, sent: 400, replied: 60 },
    ];
    const result = learnCadence(current, rows, settings);
    // Step 2 moves from day 8 to day 7; step 3 stays on day 15, so its wait grows by the day.
    expect(result.moves).toEqual([expect.objectContaining({ step: 'step2', from: 8, to: 7, bestOffset: 6 })]);
    expect(result.proposed).toEqual({ step1: 3, step2: 4, step3: 8 });
    expect(result.confidence).toBeGreaterThan(0.99);
  });

  it('leaves a step on its day when that day replies best', () => {
    const rows = [
      { step: 3 as const, dayOffset: 15, sent: 400, replied: 60 },
      { step: 3 as const, dayOffset: 16, sent: 400, replied: 20 },
    ];
    expect(learnCadence(current, rows, settings)).toMatchObject({ proposed: current, moves: [], stepsWithEvidence: 1 });
  });

  it('stays put without two send days with enough sends', () => {
    const rows = [
      { step: 1 as const, dayOffset: 3, sent: 400, replied: 20 },
      { step: 1 as const, dayOffset: 2, sent: 29, replied: 29 },
    ];
    const result = learnCadence(current, rows, settings);
    expect(result).toMatchObject({ proposed: current, confidence: 0, moves: [], stepsWithEvidence: 0 });
  });

  it('reports low confidence when the send days are close', () => {
    const rows = [
      { step: 3 as const, dayOffset: 15, sent: 100, replied: 10 },
      { step: 3 as const, dayOffset: 17, sent: 100, replied: 11 },
    ];
    const result = learnCadence(current, rows, settings);
    expect(result.moves).toEqual([expect.objectContaining({ step: 'step3', from: 15, to: 16 })]);
    expect(result.proposed).toEqual({ step1: 3, step2: 5, step3: 8 });
    expect(result.confidence).toBeGreaterThan(0.5);
    expect(result.confidence).toBeLessThan(0.85);
  });

  it('drops moves that would put a step on the previous one', () => {
    const rows = [
      { step: 1 as const, dayOffset: 3, sent: 400, replied: 10 },
      { step: 1 as const, dayOffset: 4, sent: 400, replied: 80 },
      { step: 2 as const, dayOffset: 4, sent: 400, replied: 80 },
      { step: 2 as const, dayOffset: 5, sent: 400, replied: 10 },
    ];
    // Waits 3, 2, 7: days 3, 5, 12. Step 1 → day 4 and step 2 → day 4 would clash: both stay.
    const result = learnCadence({ step1: 3, step2: 2, step3: 7 }, rows, settings);
    expect(result.proposed).toEqual({ step1: 3, step2: 2, step3: 7 });
    expect(result.moves).toEqual([]);
  });
});
