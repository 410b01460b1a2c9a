import { describe, expect, it } from 'vitest';
import { learnCadence } from './cadence.ts';
import { SPEC_DEFAULTS } from './schemas.ts';

const settings = { minSendsPerOffset: 30, maxShiftDays: 1, priorStrength: 2 };
const current = SPEC_DEFAULTS.cadenceTiming;

describe('learnCadence', () => {
  it('moves a step one day toward a clearly better offset', () => {
    const rows = [
      { step: 2 as const, dayOffset: 5, sent: 400, replied: 20 },
      { step: 2 as const, dayOffset: 3, sent: 400, replied: 60 },
    ];
    const result = learnCadence(current, rows, settings);
    expect(result.proposed).toEqual({ step1: 3, step2: 4, step3: 7 });
    expect(result.moves).toEqual([expect.objectContaining({ step: 'step2', from: 5, to: 4, bestOffset: 3 })]);
    expect(result.confidence).toBeGreaterThan(0.99);
  });

  it('stays put without two offsets with enough sends', () => {
    const rows = [
      { step: 1 as const, dayOffset: 3, sent: 400, replied: 20 },
      { step: 1 as const, dayOffset: 2, sent: 29, replied: 29 },
    ];
    const result = learnCadence(current, rows, settings);
    expect(result).toMatchObject({ proposed: current, confidence: 0, moves: [], stepsWithEvidence: 0 });
  });

  it('reports low confidence when the offsets are close', () => {
    const rows = [
      { step: 3 as const, dayOffset: 7, sent: 100, replied: 10 },
      { step: 3 as const, dayOffset: 9, sent: 100, replied: 11 },
    ];
    const result = learnCadence(current, rows, settings);
    expect(result.proposed.step3).toBe(8);
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
    const result = learnCadence({ step1: 3, step2: 5, step3: 7 }, rows, settings);
    // step1 → 4 and step2 → 4 would clash: both stay.
    expect(result.proposed).toEqual({ step1: 3, step2: 5, step3: 7 });
    expect(result.moves).toEqual([]);
  });
});
