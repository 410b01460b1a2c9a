// Properties of the cadence learner (learnCadence) over generated cadences, outcome rows and settings:
// - every move stays within the settings: at most maxShiftDays, never before day 1, from the
//   step's current send day, toward the best day tried and never past it;
// - every wait a move touches is one the workspace takes (1–30 days), from any cadence; from a
//   cadence whose send days strictly increase (the workspace
//   config's waits are 1–30 days), the proposed send days strictly increase too, and a step that
//   does not move keeps its day;
// - confidence is 0 without moves, else the smallest confidence of the moves, within [0, 1];
// - only the sums per step and day count: the order of the rows, splitting a row in two, and a
//   row at a new day with fewer sends than minSendsPerOffset change nothing; no rows, no moves.
import { cadenceSendDays } from '@meetflow/plugin-sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { learnCadence, WAIT_DAYS, type CadenceSettings } from './cadence.ts';
import { CADENCE_STEPS, type CadenceTiming, type Outcomes } from './schemas.ts';

type Row = Outcomes['cadence'][number];

/** Waits as the workspace config allows them: whole days 1–30. */
const configWaits: fc.Arbitrary<CadenceTiming> = fc.record({
  step1: fc.integer({ min: 1, max: 30 }),
  step2: fc.integer({ min: 1, max: 30 }),
  step3: fc.integer({ min: 1, max: 30 }),
});

const settings: fc.Arbitrary<CadenceSettings> = fc.record({
  minSendsPerOffset: fc.integer({ min: 1, max: 60 }),
  maxShiftDays: fc.integer({ min: 1, max: 7 }),
  priorStrength: fc.double({ min: 0.5, max: 10, noNaN: true }),
});

/** Outcome rows near the cadence's send days (a few days either side), each step on at most four days. */
const rowsNear = (waits: CadenceTiming): fc.Arbitrary<Row[]> => {
  const days = cadenceSendDays(waits);
  const stepRows = (step: 1 | 2 | 3) =>
    fc.array(
      fc
        .record({
          dayOffset: fc.integer({ min: Math.max(0, days[CADENCE_STEPS[step - 1]!] - 9), max: days[CADENCE_STEPS[step - 1]!] + 9 }),
          sent: fc.integer({ min: 0, max: 400 }),
          share: fc.double({ min: 0, max: 1, noNaN: true }),
        })
        .map(({ dayOffset, sent, share }) => ({ step, dayOffset, sent, replied: Math.floor(sent * share) })),
      { maxLength: 4 },
    );
  return fc.tuple(stepRows(1), stepRows(2), stepRows(3)).map((parts) => parts.flat());
};

/** A cadence with rows around it and settings. */
const scenario = (waits: fc.Arbitrary<CadenceTiming>) =>
  waits.chain((current) => fc.record({ current: fc.constant(current), rows: rowsNear(current), settings }));

const sendDays = (waits: CadenceTiming) => cadenceSendDays(waits);

describe('learnCadence (properties)', () => {
  it('moves each step by at most maxShiftDays from its current day, never before day 1, toward the best day tried and never past it', () => {
    fc.assert(
      fc.property(scenario(configWaits), ({ current, rows, settings: learning }) => {
        const result = learnCadence(current, rows, learning);
        const before = sendDays(current);
        const after = sendDays(result.proposed);
        expect(new Set(result.moves.map((move) => move.step)).size).toBe(result.moves.length);
        for (const move of result.moves) {
          expect(move.from).toBe(before[move.step]);
          expect(move.to).not.toBe(move.from);
          expect(Math.abs(move.to - move.from)).toBeLessThanOrEqual(learning.maxShiftDays);
          expect(move.to).toBeGreaterThanOrEqual(1);
          expect(after[move.step]).toBe(move.to);
          expect(Math.sign(move.to - move.from)).toBe(Math.sign(move.bestOffset - move.from));
          expect(Math.abs(move.to - move.from)).toBeLessThanOrEqual(Math.abs(move.bestOffset - move.from));
          // The best day was tried at this step with enough sends.
          const sends = rows
            .filter((row) => row.step === CADENCE_STEPS.indexOf(move.step) + 1 && row.dayOffset === move.bestOffset)
            .reduce((sum, row) => sum + row.sent, 0);
          expect(sends).toBeGreaterThanOrEqual(learning.minSendsPerOffset);
        }
        for (const step of CADENCE_STEPS.filter((one) => !result.moves.some((move) => move.step === one)))
          expect(after[step]).toBe(before[step]);
      }),
      { numRuns: 60 },
    );
  });

  it('proposes only waits the workspace takes (1–30 days: the steps in order) and reports the weakest move as its confidence', () => {
    fc.assert(
      fc.property(scenario(configWaits), ({ current, rows, settings: learning }) => {
        const result = learnCadence(current, rows, learning);
        for (const wait of Object.values(result.proposed)) {
          expect(Number.isInteger(wait)).toBe(true);
          expect(wait).toBeGreaterThanOrEqual(WAIT_DAYS.min);
          expect(wait).toBeLessThanOrEqual(WAIT_DAYS.max);
        }
        expect(result.confidence).toBeGreaterThanOrEqual(0);
        expect(result.confidence).toBeLessThanOrEqual(1);
        if (result.moves.length === 0) {
          expect(result.confidence).toBe(0);
          expect(result.proposed).toEqual(current);
        } else expect(result.confidence).toBe(Math.min(...result.moves.map((move) => move.confidence)));
        expect(result.stepsWithEvidence).toBeGreaterThanOrEqual(result.moves.length);
        expect(result.stepsWithEvidence).toBeLessThanOrEqual(3);
      }),
      { numRuns: 60 },
    );
  });

  it('from any cadence (waits 0–60, as the plugin takes), never moves a step off its best day, nor gives a wait it touches outside 1–30', () => {
    const anyWaits: fc.Arbitrary<CadenceTiming> = fc.record({
      step1: fc.integer({ min: 0, max: 60 }),
      step2: fc.integer({ min: 0, max: 60 }),
      step3: fc.integer({ min: 0, max: 60 }),
    });
    fc.assert(
      fc.property(scenario(anyWaits), ({ current, rows, settings: learning }) => {
        const result = learnCadence(current, rows, learning);
        const before = sendDays(current);
        const after = sendDays(result.proposed);
        const moved = new Set(result.moves.map((move) => move.step));
        for (const move of result.moves) expect(move.bestOffset).not.toBe(move.from);
        CADENCE_STEPS.forEach((step, k) => {
          const previous = CADENCE_STEPS[k - 1];
          if (!moved.has(step) && !(previous && moved.has(previous))) return;
          const wait = after[step] - (previous ? after[previous] : 0);
          expect(wait).toBeGreaterThanOrEqual(WAIT_DAYS.min);
          expect(wait).toBeLessThanOrEqual(WAIT_DAYS.max);
        });
        for (const step of CADENCE_STEPS.filter((one) => !moved.has(one))) expect(after[step]).toBe(before[step]);
      }),
      { numRuns: 100 },
    );
  });

  it('depends only on the sums per step and day: row order and split rows change nothing', () => {
    const withShuffle = scenario(configWaits).chain((case_) =>
      fc.record({
        case_: fc.constant(case_),
        order: fc.shuffledSubarray(case_.rows, { minLength: case_.rows.length, maxLength: case_.rows.length }),
        split: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
    );
    fc.assert(
      fc.property(withShuffle, ({ case_: { current, rows, settings: learning }, order, split }) => {
        const expected = learnCadence(current, rows, learning);
        expect(learnCadence(current, order, learning)).toEqual(expected);
        // Each row as two rows of the same step and day, replies split with the sends.
        const halves = rows.flatMap((row) => {
          const sent = Math.floor(row.sent * split);
          const replied = Math.min(row.replied, sent);
          return [
            { ...row, sent, replied },
            { ...row, sent: row.sent - sent, replied: row.replied - replied },
          ];
        });
        expect(learnCadence(current, halves, learning)).toEqual(expected);
      }),
      { numRuns: 30 },
    );
  });

  it('ignores a day with fewer sends than minSendsPerOffset, and moves nothing without rows', () => {
    fc.assert(
      fc.property(
        scenario(configWaits),
        fc.constantFrom<1 | 2 | 3>(1, 2, 3),
        fc.double({ min: 0, max: 1, noNaN: true }),
        ({ current, rows, settings: learning }, step, share) => {
          const expected = learnCadence(current, rows, learning);
          const unseen = Math.max(...rows.map((row) => row.dayOffset), ...Object.values(sendDays(current))) + 1;
          const sent = learning.minSendsPerOffset - 1;
          const thin = { step, dayOffset: unseen, sent, replied: Math.floor(sent * share) };
          expect(learnCadence(current, [...rows, thin], learning)).toEqual(expected);
          expect(learnCadence(current, [], learning)).toEqual({ proposed: current, confidence: 0, moves: [], stepsWithEvidence: 0 });
        },
      ),
      { numRuns: 30 },
    );
  });
});
