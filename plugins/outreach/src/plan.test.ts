import { describe, expect, it } from 'vitest';
import { dayOffsets, expectedResponseRate, orderTemplates, planSequence } from './plan.ts';

const specRates = { 'roi-focused': 0.345, 'pain-point': 0.282, 'value-prop': 0.198 };

describe('planSequence', () => {
  it('orders templates by response rate, best first', () => {
    expect(orderTemplates(specRates)).toEqual(['roi-focused', 'pain-point', 'value-prop']);
    expect(orderTemplates({ 'roi-focused': 0.1, 'pain-point': 0.2, 'value-prop': 0.3 })).toEqual([
      'value-prop',
      'pain-point',
      'roi-focused',
    ]);
  });

  it('keeps the spec order on ties', () => {
    expect(orderTemplates({ 'roi-focused': 0.2, 'pain-point': 0.3, 'value-prop': 0.2 })).toEqual([
      'pain-point',
      'roi-focused',
      'value-prop',
    ]);
  });

  it('adds up the cadence: each step waits its days after the previous one', () => {
    expect(dayOffsets({ step1: 3, step2: 5, step3: 7 })).toEqual([3, 8, 15]);
    expect(dayOffsets({ step1: 0, step2: 2, step3: 4 })).toEqual([0, 2, 6]);
  });

  it('pairs each step with its template, day and rate', () => {
    expect(planSequence(specRates, { step1: 0, step2: 3, step3: 4 })).toEqual([
      { step: 1, template: 'roi-focused', dayOffset: 0, responseRate: 0.345 },
      { step: 2, template: 'pain-point', dayOffset: 3, responseRate: 0.282 },
      { step: 3, template: 'value-prop', dayOffset: 7, responseRate: 0.198 },
    ]);
  });

  it("opens with an experiment's chosen template, the other two following by performance; null keeps the pick", () => {
    expect(planSequence(specRates, { step1: 0, step2: 3, step3: 4 }, 'value-prop').map((step) => step.template)).toEqual([
      'value-prop',
      'roi-focused',
      'pain-point',
    ]);
    expect(planSequence(specRates, { step1: 0, step2: 3, step3: 4 }, null)).toEqual(
      planSequence(specRates, { step1: 0, step2: 3, step3: 4 }),
    );
  });
});

describe('expectedResponseRate', () => {
  const plan = planSequence(specRates, { step1: 3, step2: 5, step3: 7 });

  it("weighs the step templates' rates by each step's share of replies", () => {
    // 0.5 × 0.345 + 0.3 × 0.282 + 0.2 × 0.198
    expect(expectedResponseRate(plan, { step1: 0.5, step2: 0.3, step3: 0.2 })).toBe(0.2967);
  });

  it('normalises the shares and falls back to the plain mean when they are all 0', () => {
    expect(expectedResponseRate(plan, { step1: 5, step2: 3, step3: 2 })).toBe(0.2967);
    expect(expectedResponseRate(plan, { step1: 0, step2: 0, step3: 0 })).toBe(0.275);
  });

  it('rises when a better template leads', () => {
    const better = planSequence({ ...specRates, 'value-prop': 0.5 }, { step1: 3, step2: 5, step3: 7 });
    expect(expectedResponseRate(better, { step1: 0.5, step2: 0.3, step3: 0.2 })).toBeGreaterThan(0.2967);
  });
});
