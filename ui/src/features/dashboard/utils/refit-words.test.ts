import { describe, expect, it } from 'vitest';
import type { ScoringRefit } from '../api/types.ts';
import { refitExplanation, refitMeasured, refitVerdict } from './refit-words.ts';

const weights = { companySize: 0.35, industryMatch: 0.28, techStack: 0.22, jobTitle: 0.15 };
const refit = (change: Partial<ScoringRefit>): ScoringRefit => ({
  cycleId: 'c1',
  at: '2026-11-30T06:00:00.000Z',
  before: weights,
  proposed: weights,
  fitted: null,
  learningRate: null,
  better: false,
  applied: false,
  autoApply: true,
  status: 'not-better',
  aucBefore: 0.61,
  aucAfter: 0.6,
  z: -0.4,
  sampleSize: 1000,
  meetings: 120,
  trainSize: 700,
  heldOutSize: 300,
  heldOutMeetings: 36,
  minMeetings: 20,
  minSampleSize: 100,
  reason: 'held-out AUC 0.610 → 0.600 (z = -0.40 < 1.645): not better beyond noise, the current weights stay',
  rolledBackAt: null,
  rolledBackBy: null,
  ...change,
});

describe('the scoring refit in words', () => {
  it('says applied, recommended, rolled back or not applied', () => {
    expect(refitVerdict(refit({ better: true, applied: true, status: 'applied' })).label).toBe('Applied');
    expect(refitVerdict(refit({ better: true, applied: false, autoApply: false, status: 'applied' })).label).toBe('Recommended');
    expect(refitVerdict(refit({ better: true, applied: true, rolledBackAt: '2026-11-30T07:00:00.000Z' })).label).toBe('Rolled back');
    expect(refitVerdict(refit({})).label).toBe('Not applied');
  });

  it('explains why, with the numbers the refit measured', () => {
    expect(refitExplanation(refit({}))).toBe('Not better than the weights in force beyond noise (z = -0.40): they stay.');
    expect(refitExplanation(refit({ better: true, applied: true, status: 'applied', z: 2.79 }))).toContain('beyond noise (z = 2.79)');
    // What was judged: the fit at a learning rate of 1 (and before the rate acted), else the step towards it.
    expect(refitExplanation(refit({ better: true, applied: true, status: 'applied', learningRate: 1 }))).toMatch(/^The refitted weights/);
    expect(refitExplanation(refit({ better: true, applied: true, status: 'applied', learningRate: 0.1 }))).toMatch(
      /^The weights stepped towards the fit ranked/,
    );
    expect(refitExplanation(refit({ better: true, autoApply: false, status: 'applied' }))).toContain('Auto-Apply Optimizations is off');
    const few = refit({ status: 'too-few-meetings', meetings: 12, aucBefore: null, aucAfter: null, z: null });
    expect(refitExplanation(few)).toBe(
      'Too few meetings to learn from: 12 among 1,000 contacted prospects; a refit needs 20 in the 70% it is fitted on.',
    );
    expect(refitMeasured(few)).toBe(false);
    expect(refitExplanation(refit({ status: 'too-few-leads', sampleSize: 40 }))).toBe(
      'Too few contacted prospects to learn from: 40 so far, a refit needs 100.',
    );
    const older = refit({
      status: 'too-few-leads',
      sampleSize: 40,
      reason: '40 contacted prospects with scores; a refit needs 100 (1500 scored before timing was recorded are left out)',
    });
    expect(refitExplanation(older)).toBe(
      'Too few contacted prospects to learn from: 40 so far, a refit needs 100. 1,500 more were scored before timing was recorded and are left out.',
    );
  });
});
