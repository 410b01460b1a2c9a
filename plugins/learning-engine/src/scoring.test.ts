import { describe, expect, it } from 'vitest';
import { SPEC_DEFAULTS } from './schemas.ts';
import { learnScoringWeights, normalCdf } from './scoring.ts';
import { techStackLeads } from './synthetic.test-support.ts';

const settings = { minSampleSize: 100, minMeetings: 20 };
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

  it('gives the same answer for the same cycle id', () => {
    const leads = techStackLeads(400);
    expect(learnScoringWeights(current, leads, settings, 'cycle-1')).toEqual(learnScoringWeights(current, leads, settings, 'cycle-1'));
  });
});
