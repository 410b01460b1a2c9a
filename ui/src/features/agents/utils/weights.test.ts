import { describe, expect, it } from 'vitest';
import { changedKeys, toFractions, toPercents, weightFieldsOf, weightsTotal } from './weights.ts';

const defaults = { companySize: 0.35, industryMatch: 0.28, techStack: 0.22, jobTitle: 0.15 };
const switches = { automaticCycles: true, autoApply: true, emailReports: true };

describe('scoring weights on the sliders', () => {
  it('round-trips the spec defaults exactly between fractions and percentages', () => {
    expect(toPercents(defaults)).toEqual({ companySize: 35, industryMatch: 28, techStack: 22, jobTitle: 15 });
    expect(toFractions(toPercents(defaults))).toEqual(defaults);
    expect(toPercents({ companySize: 0.3333, industryMatch: 0.3333, techStack: 0.3334, jobTitle: 0 })).toEqual({
      companySize: 33,
      industryMatch: 33,
      techStack: 33,
      jobTitle: 0,
    });
    expect(toFractions({ companySize: 7, industryMatch: 29, techStack: 57, jobTitle: 7 })).toEqual({
      companySize: 0.07,
      industryMatch: 0.29,
      techStack: 0.57,
      jobTitle: 0.07,
    });
  });

  it('carries a learned timing weight as the fifth slider, and shows it only when there is one', () => {
    const five = { companySize: 0.3, industryMatch: 0.2, techStack: 0.2, jobTitle: 0.1, timing: 0.2 };
    expect(toPercents(five)).toEqual({ companySize: 30, industryMatch: 20, techStack: 20, jobTitle: 10, timing: 20 });
    expect(toFractions(toPercents(five))).toEqual(five);
    expect(weightsTotal(toPercents(five))).toBe(100);
    expect(weightFieldsOf(five).map(({ key }) => key)).toEqual(['companySize', 'industryMatch', 'techStack', 'jobTitle', 'timing']);
    expect(weightFieldsOf(defaults).map(({ key }) => key)).toEqual(['companySize', 'industryMatch', 'techStack', 'jobTitle']);
    expect(toPercents(defaults)).not.toHaveProperty('timing');
    const saved = { weights: toPercents(defaults), settings: switches };
    expect(changedKeys({ ...saved, weights: toPercents(five) }, saved)).toEqual(['scoringWeights']);
    expect(changedKeys(saved, { ...saved, weights: { ...saved.weights, timing: 0 } })).toEqual(['scoringWeights']);
  });

  it('totals the sliders', () => {
    expect(weightsTotal(toPercents(defaults))).toBe(100);
    expect(weightsTotal({ companySize: 50, industryMatch: 30, techStack: 20, jobTitle: 20 })).toBe(120);
  });

  it('names the keys that changed, and only those', () => {
    const saved = { weights: toPercents(defaults), settings: switches };
    expect(changedKeys(saved, saved)).toEqual([]);
    expect(changedKeys({ ...saved, weights: { ...saved.weights, jobTitle: 16, techStack: 21 } }, saved)).toEqual(['scoringWeights']);
    expect(changedKeys({ ...saved, settings: { ...switches, autoApply: false } }, saved)).toEqual(['learningSettings']);
  });
});
