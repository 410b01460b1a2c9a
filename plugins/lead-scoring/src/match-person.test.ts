import type { DiscoveredPerson } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { defaultMatchConfig, matchPerson, matchReasonOf, PAIN_POINTS_REASON } from './match-person.ts';

const now = new Date('2026-03-01T00:00:00Z');
const icp = { industry: ['SaaS'], companySize: '50-200', jobTitles: ['VP Sales'], techStack: ['Salesforce'], painPoints: [], revenue: '' };
const fit: DiscoveredPerson = {
  firstName: 'Dana',
  lastName: 'Reyes',
  jobTitle: 'VP of Sales',
  company: 'Acme',
  companyDomain: 'acme.io',
  email: null,
  linkedinUrl: null,
  industry: 'SaaS',
  employeeCount: 120,
  companyRevenue: null,
  techStack: ['Salesforce', 'Gong'],
  recentFunding: true,
  location: null,
  sourceRef: null,
};

describe('matchPerson', () => {
  it('scores with lead scoring: full fit on the four ICP dimensions, funding as the one timing signal', () => {
    const match = matchPerson(fit, 'apollo', icp, defaultMatchConfig(), undefined, now);
    expect(match.dimensions.filter((dimension) => dimension.key !== 'timing').map((dimension) => dimension.score)).toEqual([
      100, 100, 100, 100,
    ]);
    // 0.9 × 100 for fit + 0.1 × 40 (funding's timing points)
    expect(match.matchScore).toBe(94);
    expect(match.dimensions.find((dimension) => dimension.key === 'timing')?.reason).toContain('recently funded (per apollo)');
  });

  it('names the two strongest dimensions and the criteria they matched', () => {
    const match = matchPerson({ ...fit, recentFunding: false }, 'apollo', icp, defaultMatchConfig(), undefined, now);
    expect(match.matchScore).toBe(90);
    expect(match.matchReason).toMatch(/^Company size: .*120 employees.*; Industry match: .*SaaS/);
  });

  it("follows the weights given (a workspace's scoringWeights)", () => {
    const offSize = { ...fit, employeeCount: 20_000, recentFunding: false };
    const byDefault = matchPerson(offSize, 'apollo', icp, defaultMatchConfig(), undefined, now).matchScore;
    const sizeOnly = matchPerson(
      offSize,
      'apollo',
      icp,
      defaultMatchConfig(),
      { companySize: 1, industryMatch: 0, techStack: 0, jobTitle: 0 },
      now,
    ).matchScore;
    expect(byDefault).toBeGreaterThan(50);
    expect(sizeOnly).toBe(0);
  });

  it('says which criteria missed when nothing matched', () => {
    const miss = {
      ...fit,
      jobTitle: 'Warehouse Associate',
      industry: 'Logistics',
      employeeCount: 90_000,
      techStack: ['SAP'],
      recentFunding: null,
    };
    const match = matchPerson(miss, 'linkedin', { ...icp, industry: ['SaaS'] }, defaultMatchConfig(), undefined, now);
    expect(match.matchScore).toBe(0);
    expect(match.matchReason).toMatch(/^No ICP criterion matched: company size .*; industry match .*Logistics/);
  });

  it('names the heaviest criterion that earned nothing after the strongest ones', () => {
    const match = matchPerson({ ...fit, industry: 'Logistics', recentFunding: false }, 'apollo', icp, defaultMatchConfig(), undefined, now);
    expect(match.matchReason).toMatch(/^Company size: .*; Tech stack: .*\. Missed industry match: .*Logistics.*\.$/);
  });

  it('names the revenue fit whenever the ICP states a revenue, even when size is not among the strongest', () => {
    const withRevenue = { ...icp, revenue: '$10M-$50M' };
    const inside = matchPerson({ ...fit, companyRevenue: '$10M-$50M' }, 'apollo', withRevenue, defaultMatchConfig(), undefined, now);
    expect(inside.matchReason).toMatch(
      /^Company size: 120 employees \(prospect record\), inside the ICP's 50-200; revenue \$10M-\$50M \(prospect record\), inside the ICP's \$10M-\$50M; /,
    );
    // Size far off: size is not among the two strongest, yet its reason (with the revenue) closes the sentence.
    const far = matchPerson(
      { ...fit, employeeCount: 90_000, companyRevenue: '$1B+' },
      'apollo',
      withRevenue,
      defaultMatchConfig(),
      undefined,
      now,
    );
    expect(far.matchReason).toMatch(
      /^Industry match: .*; Tech stack: .*\. Missed company size: 90,000 employees .*; revenue \$1B\+ \(prospect record\), 20\.0× above the ICP's \$10M-\$50M\.$/,
    );
    const lowSize = matchPerson(
      { ...fit, employeeCount: 400, companyRevenue: '$1B+' },
      'apollo',
      withRevenue,
      defaultMatchConfig(),
      undefined,
      now,
    );
    expect(lowSize.matchReason).toMatch(
      /^Industry match: .*; Tech stack: .*\. Company size: 400 employees .*2\.0× above .*; revenue \$1B\+ .*20\.0× above/,
    );
    const unknown = matchPerson(fit, 'apollo', withRevenue, defaultMatchConfig(), undefined, now);
    expect(unknown.matchReason).toContain('revenue unknown (ICP $10M-$50M), not counted');
  });

  it('says plainly that pain points wait for research when the ICP names some', () => {
    const withPains = matchPerson(fit, 'apollo', { ...icp, painPoints: ['slow pipeline'] }, defaultMatchConfig(), undefined, now);
    const without = matchPerson(fit, 'apollo', icp, defaultMatchConfig(), undefined, now);
    expect(withPains.matchReason).toBe(`${without.matchReason} ${PAIN_POINTS_REASON}`);
    expect(withPains.matchScore).toBe(without.matchScore);
  });

  it('builds the reason from the points, strongest first', () => {
    const dimension = (label: string, points: number) => ({
      key: 'jobTitle' as const,
      label,
      weight: 0.2,
      score: 50,
      points,
      reason: `${label} reason`,
      factIds: [],
    });
    expect(matchReasonOf({ dimensions: [dimension('A', 5), dimension('B', 20), dimension('C', 10)] })).toBe('B: B reason; C: C reason.');
  });
});
