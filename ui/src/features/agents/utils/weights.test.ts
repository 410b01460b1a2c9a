import { describe, expect, it } from 'vitest';
import { changedKeys, toFractions, toPercents, weightFieldsOf, weightsTotal } from './weights.ts';

const defaults = { companySize: 0.35, industryMatch: 0.28, techStack: 0.22, jobTitle: 0.15 };
const switches = { automaticCycles: true, autoApply: true, emailReports: true };

describe('scoring weights on the sliders', () => {
  it('round-trips the spec defaults exactly between fractions and percentages', () => {
    expect(toPercents(defaults)).toEqual({ companySize: 35, industryMatch: 28, techStack: 22, jobTitle: 15 });
    expect(toFractions(toPercents(defaults))).toEqual(defaults);
    // Each rounded alone these would show 99%: the point left over goes to the one that lost most.
    expect(toPercents({ companySize: 0.3333, industryMatch: 0.3333, techStack: 0.3334, jobTitle: 0 })).toEqual({
      companySize: 33,
      industryMatch: 33,
      techStack: 34,
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

  it('shows weights that sum to 100% as sliders that sum to 100%, whatever their decimals', () => {
    // Rounded alone: 13 + 13 + 13 + 13 + 50 = 102%, and 1 + 1 + 1 + 1 + 95 = 99%.
    const quarters = { companySize: 0.125, industryMatch: 0.125, techStack: 0.125, jobTitle: 0.125, timing: 0.5 };
    expect(toPercents(quarters)).toEqual({ companySize: 13, industryMatch: 13, techStack: 12, jobTitle: 12, timing: 50 });
    const learned = { companySize: 0.014, industryMatch: 0.014, techStack: 0.013, jobTitle: 0.013, timing: 0.946 };
    expect(weightsTotal(toPercents(learned))).toBe(100);
    expect(toPercents(learned)).toEqual({ companySize: 2, industryMatch: 1, techStack: 1, jobTitle: 1, timing: 95 });
    // Every split of 100% into five weights of three decimals, sampled: always 100 on the sliders, each within a point.
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let sample = 0; sample < 500; sample += 1) {
      const cuts = [0, ...Array.from({ length: 4 }, () => Math.round(next() * 1000)).sort((a, b) => a - b), 1000];
      const [companySize, industryMatch, techStack, jobTitle, timing] = cuts.slice(1).map((cut, index) => (cut - cuts[index]!) / 1000) as [
        number,
        number,
        number,
        number,
        number,
      ];
      const weights = { companySize, industryMatch, techStack, jobTitle, timing };
      const percents = toPercents(weights);
      expect(weightsTotal(percents), JSON.stringify(weights)).toBe(100);
      for (const key of Object.keys(weights) as Array<keyof typeof weights>)
        expect(Math.abs(percents[key]! - weights[key] * 100)).toBeLessThan(1);
    }
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
