import { describe, expect, it } from 'vitest';
import { SPEC_DEFAULTS } from './schemas.ts';
import { learnScoringWeights, normalCdf, shareOfFive } from './scoring.ts';
import { techStackLeads, timingLeads, withoutTiming } from './synthetic.test-support.ts';

// A jump to the fit (learning rate 1): the figures below are the fit's; the default step is tested on its own.
const settings = { minSampleSize: 100, minMeetings: 20, learningRate: 1 };
const current = SPEC_DEFAULTS.scoringWeights;

describe('normalCdf', () => {
  it('gives the standard normal probabilities the refit reports as confidence', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.645)).toBeCloseTo(0.95, 3);
    expect(normalCdf(-1.96)).toBeCloseTo(0.025, 3);
  });
});

describe('learnScoringWeights (from meetings)', () => {
  it('leaves the weights alone below the minimum sample size, saying how many it needs', () => {
    const result = learnScoringWeights(current, techStackLeads(99), settings, 'c1');
    expect(result).toMatchObject({ proposed: current, better: false, status: 'too-few-leads', confidence: 0, sampleSize: 99 });
    expect(result.reason).toBe('99 contacted prospects with scores; a refit needs 100');
  });

  it('raises the tech-stack weight when tech stack predicts meetings, with Φ(z) as its confidence', () => {
    const result = learnScoringWeights(current, techStackLeads(1500), settings, 'c1');
    expect(result).toMatchObject({ better: true, status: 'applied' });
    expect(result.proposed.techStack).toBeGreaterThan(current.techStack);
    expect(Object.values(result.proposed).reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 3);
    expect(result.confidence).toBeCloseTo(normalCdf(result.z!), 3);
    expect(result.confidence).toBeGreaterThanOrEqual(0.95);
  });

  it('raises the timing weight when timing predicts meetings, and applies the five weights', () => {
    const result = learnScoringWeights(current, timingLeads(3000), settings, 'c1');
    expect(result).toMatchObject({ better: true, status: 'applied', withoutTiming: 0, sampleSize: 3000 });
    // Judged against the four defaults with the plugin's timing share (0.1), not against timing 0.
    expect(result.inForce.timing).toBeCloseTo(0.1, 10);
    expect(result.proposed.timing).toBeGreaterThan(0.5);
    expect(Object.keys(result.proposed).sort()).toEqual(['companySize', 'industryMatch', 'jobTitle', 'techStack', 'timing']);
    expect(Object.values(result.proposed).reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 3);
    expect(result.aucAfter!).toBeGreaterThan(result.aucBefore! + 0.1);
  });

  it('moves the five shares in force learningRate of the way to the fit, and records both', () => {
    const stepped = learnScoringWeights(current, timingLeads(3000), { ...settings, learningRate: 0.1 }, 'c1');
    const jump = learnScoringWeights(current, timingLeads(3000), settings, 'c1');
    expect(stepped).toMatchObject({ better: true, status: 'applied', learningRate: 0.1, fitted: jump.fitted });
    expect(jump.proposed).toEqual(jump.fitted);
    // From the four defaults as scored (timing 0.1): timing 0.1 + 0.1 × (fitted − 0.1).
    for (const key of ['companySize', 'industryMatch', 'techStack', 'jobTitle', 'timing'] as const) {
      expect(stepped.proposed[key]).toBeCloseTo(stepped.inForce[key] + 0.1 * (stepped.fitted![key] - stepped.inForce[key]), 14);
    }
    expect(stepped.proposed.timing).toBeLessThan(jump.proposed.timing!);
    expect(stepped.aucAfter!).toBeGreaterThan(stepped.aucBefore!);
  });

  it('judges five current weights as they are: a workspace already weighting timing is not beaten on timing', () => {
    const five = { companySize: 0.05, industryMatch: 0.05, techStack: 0.05, jobTitle: 0.05, timing: 0.8 };
    expect(shareOfFive(five)).toEqual(five);
    const result = learnScoringWeights(five, timingLeads(3000), settings, 'c1');
    expect(result.better).toBe(false);
    expect(result.aucBefore!).toBeGreaterThan(0.7);
  });

  it('leaves out outcomes scored before timing was recorded (missing, not 0), and says how many', () => {
    const leads = [...withoutTiming(timingLeads(500, 21)), ...timingLeads(99)];
    const few = learnScoringWeights(current, leads, settings, 'c1');
    expect(few).toMatchObject({ status: 'too-few-leads', sampleSize: 99, withoutTiming: 500, proposed: current });
    expect(few.reason).toBe('99 contacted prospects with scores; a refit needs 100 (500 scored before timing was recorded are left out)');
    // With enough complete outcomes the old ones change nothing: the fit is the one on the complete ones.
    const complete = timingLeads(3000);
    const mixed = learnScoringWeights(current, [...withoutTiming(timingLeads(500, 21)), ...complete], settings, 'c1');
    const alone = learnScoringWeights(current, complete, settings, 'c1');
    expect(mixed.proposed).toEqual(alone.proposed);
    expect(mixed.reason).toBe(`${alone.reason} (500 scored before timing was recorded are left out)`);
  });

  it('scores four weights with the plugin default timing share when judging them', () => {
    expect(shareOfFive(current)).toEqual({
      companySize: expect.closeTo(0.315, 10),
      industryMatch: expect.closeTo(0.252, 10),
      techStack: expect.closeTo(0.198, 10),
      jobTitle: expect.closeTo(0.135, 10),
      timing: expect.closeTo(0.1, 10),
    });
  });

  it('gives the same answer for the same cycle id', () => {
    const leads = techStackLeads(400);
    expect(learnScoringWeights(current, leads, settings, 'cycle-1')).toEqual(learnScoringWeights(current, leads, settings, 'cycle-1'));
  });
});
