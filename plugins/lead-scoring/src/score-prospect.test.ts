import { manifestProblems } from '@meetflow/plugin-sdk';
import { runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import { leadScoringPlugin } from './index.ts';
import { priorityFor } from './score-prospect.ts';

const evidence = { url: 'https://acme.example/about', snippet: 'Acme is a SaaS company' };
const icp = {
  industry: ['SaaS'],
  companySize: '50-200',
  jobTitles: ['VP Sales'],
  techStack: ['Salesforce', 'Gong'],
  painPoints: ['manual lead qualification'],
};
const richResearch = {
  companyName: 'Acme',
  industry: 'SaaS',
  sizeHint: { employees: '51-200', revenue: null },
  painPoints: ['Manual lead qualification'],
  techStack: [],
  signals: { funding: 'Series B (2026)', hiring: 'Hiring SDRs' },
  facts: [
    { id: 'industry-saas', kind: 'industry', value: 'SaaS', evidence, confidence: 0.9 },
    { id: 'employees', kind: 'employees', value: '120 employees', evidence, confidence: 0.8 },
    { id: 'tech-salesforce', kind: 'tech', value: 'Uses Salesforce', evidence, confidence: 0.9 },
    { id: 'funding', kind: 'funding', value: 'Series B (2026)', evidence, confidence: 0.9 },
  ],
};

describe('lead-scoring plugin', () => {
  it('has a valid manifest', () => {
    expect(manifestProblems(leadScoringPlugin)).toEqual([]);
  });

  it('scores a well-fitting, well-researched prospect as High and qualified, with cited facts', async () => {
    const result = await runActivity(leadScoringPlugin, 'scoreProspect', {
      prospect: { jobTitle: 'VP of Sales', company: 'Acme' },
      research: richResearch,
      icp,
    });
    expect(result.priority).toBe('High');
    expect(result.qualified).toBe(true);
    expect(result.dimensions.map((dimension) => dimension.key)).toEqual([
      'companySize',
      'industryMatch',
      'techStack',
      'jobTitle',
      'timing',
    ]);
    expect(result.dimensions.find((dimension) => dimension.key === 'techStack')?.factIds).toEqual(['tech-salesforce']);
    expect(result.dimensions.find((dimension) => dimension.key === 'companySize')?.factIds).toEqual(['employees']);
    // companySize .315×100 + industry .252×100 + tech .198×50 + title .135×100 + timing .1×100 = 90.1
    expect(result.totalScore).toBe(90);
    expect(result.reasoning).toContain('Company size 31.5/31.5: 120 employees (research: "120 employees"), inside the ICP\'s 50-200.');
    expect(result.confidence).toBeGreaterThan(0.8);
  });

  it('applies the default weights: 0.35/0.28/0.22/0.15 scaled by 0.9, timing 0.1', async () => {
    const result = await runActivity(leadScoringPlugin, 'scoreProspect', { prospect: { jobTitle: 'VP Sales', company: 'Acme' }, icp });
    expect(result.dimensions.map((dimension) => dimension.weight)).toEqual([0.315, 0.252, 0.198, 0.135, 0.1]);
  });

  it('lets input weights override the configured ones, normalising them', async () => {
    const input = { prospect: { jobTitle: 'VP Sales', company: 'Acme', employeeCount: 100 }, icp: { ...icp, industry: ['Logistics'] } };
    const deps = testDeps(leadScoringPlugin, { config: { timingWeight: 0 } });
    const configured = await runActivity(leadScoringPlugin, 'scoreProspect', input, deps);
    const tuned = await runActivity(
      leadScoringPlugin,
      'scoreProspect',
      { ...input, weights: { companySize: 50, industryMatch: 0, techStack: 0, jobTitle: 50 } },
      deps,
    );
    expect(configured.totalScore).toBe(50); // size 35 + title 15, industry and tech score 0
    expect(tuned.totalScore).toBe(100);
    expect(tuned.dimensions.map((dimension) => dimension.weight)).toEqual([0.5, 0, 0, 0.5, 0]);
  });

  it("scores with a workspace's five weights: its timing weight takes the place of the timingWeight setting", async () => {
    const input = { prospect: { jobTitle: 'VP Sales', company: 'Acme' }, research: richResearch, icp };
    const deps = testDeps(leadScoringPlugin, { config: { timingWeight: 0.05 } });
    const weights = { companySize: 0.3, industryMatch: 0.2, techStack: 0.2, jobTitle: 0.1, timing: 0.2 };
    const result = await runActivity(leadScoringPlugin, 'scoreProspect', { ...input, weights }, deps);
    expect(result.dimensions.map((dimension) => dimension.weight)).toEqual([0.3, 0.2, 0.2, 0.1, 0.2]);
    // size .3×100 + industry .2×100 + tech .2×50 + title .1×100 + timing .2×100 = 90
    expect(result.totalScore).toBe(90);
    // Five weights that are not fractions are shares too: timing 20 of 100 is 0.2.
    const percents = { companySize: 30, industryMatch: 20, techStack: 20, jobTitle: 10, timing: 20 };
    const shares = await runActivity(leadScoringPlugin, 'scoreProspect', { ...input, weights: percents }, deps);
    expect(shares.dimensions.map((dimension) => dimension.weight)).toEqual([0.3, 0.2, 0.2, 0.1, 0.2]);
  });

  it('scores four weights (a workspace that never refitted) as before: timing takes the timingWeight setting', async () => {
    const input = { prospect: { jobTitle: 'VP Sales', company: 'Acme' }, research: richResearch, icp };
    const four = { companySize: 0.35, industryMatch: 0.28, techStack: 0.22, jobTitle: 0.15 };
    const deps = testDeps(leadScoringPlugin, { config: { timingWeight: 0.2 } });
    const result = await runActivity(leadScoringPlugin, 'scoreProspect', { ...input, weights: four }, deps);
    expect(result.dimensions.map((dimension) => dimension.weight)).toEqual([0.28, 0.224, 0.176, 0.12, 0.2]);
    expect(result.totalScore).toBe(91); // size .28×100 + industry .224×100 + tech .176×50 + title .12×100 + timing .2×100 = 91.2
    // The same shares said as five weights score the same (the shown points may differ in a tenth: float rounding).
    const five = { companySize: 0.28, industryMatch: 0.224, techStack: 0.176, jobTitle: 0.12, timing: 0.2 };
    const same = await runActivity(leadScoringPlugin, 'scoreProspect', { ...input, weights: five }, deps);
    expect(same.dimensions.map((dimension) => dimension.weight)).toEqual([0.28, 0.224, 0.176, 0.12, 0.2]);
    expect(same.totalScore).toBe(result.totalScore);
  });

  it('moves the weight of a dimension the ICP leaves empty to the others', async () => {
    const result = await runActivity(leadScoringPlugin, 'scoreProspect', {
      prospect: { jobTitle: 'VP Sales', company: 'Acme' },
      icp: { industry: [], companySize: '', jobTitles: ['VP Sales'], techStack: [], painPoints: [] },
    });
    expect(result.dimensions.map((dimension) => dimension.weight)).toEqual([0, 0, 0, 0.9, 0.1]);
    expect(result.totalScore).toBe(90);
    expect(result.reasoning).toContain('Company size 0.0/0.0: the ICP sets no company size');
  });

  it('judges a revenue range with company size, through the activity, and the points still add up', async () => {
    const result = await runActivity(leadScoringPlugin, 'scoreProspect', {
      prospect: { jobTitle: 'VP of Sales', company: 'Acme', employeeCount: 120, revenue: '$50M-$100M' },
      icp: { industry: [], companySize: '50-200', jobTitles: [], techStack: [], painPoints: [], revenue: '$10M-$50M' },
    });
    // $50M-$100M is read as $70.7M: 1.4× above $50M, so revenue scores 85 and size (100 + 85) / 2 = 92.5 → 93; 0.9 × 93 = 83.7,
    // the total 84, and size (the only dimension earning points) shows all 84 of them so the points add up.
    expect(result.dimensions[0]).toMatchObject({ key: 'companySize', score: 93, points: 84 });
    expect(result.totalScore).toBe(84);
    expect(result.reasoning).toContain(
      "Company size 84.0/90.0: 120 employees (prospect record), inside the ICP's 50-200; revenue $50M-$100M (prospect record), 1.4× above the ICP's $10M-$50M.",
    );
    const revenueOnly = await runActivity(leadScoringPlugin, 'scoreProspect', {
      prospect: { jobTitle: 'VP of Sales', company: 'Acme', revenue: '$20M' },
      icp: { industry: [], companySize: '', jobTitles: [], techStack: [], painPoints: [], revenue: '$10M-$50M' },
    });
    expect(revenueOnly.dimensions[0]).toMatchObject({ key: 'companySize', score: 100, weight: 0.9 });
  });

  // With timing off and only industry (a hit) and size (a miss) counting, the total is the industry weight.
  const boundary = (industryShare: number) =>
    runActivity(
      leadScoringPlugin,
      'scoreProspect',
      {
        prospect: { jobTitle: 'VP Sales', company: 'Acme', industry: 'SaaS', employeeCount: 100_000 },
        icp: { industry: ['SaaS'], companySize: '50-200', jobTitles: [], techStack: [], painPoints: [] },
        weights: { companySize: 100 - industryShare, industryMatch: industryShare, techStack: 0, jobTitle: 0 },
      },
      testDeps(leadScoringPlugin, { config: { timingWeight: 0 } }),
    );

  it.each([
    [69, 'Medium', false],
    [70, 'High', true],
    [49, 'Low', false],
    [50, 'Medium', false],
  ] as const)('scores %i as %s (qualified: %s)', async (share, priority, qualified) => {
    const result = await boundary(share);
    expect(result).toMatchObject({ totalScore: share, priority, qualified });
  });

  it('follows a configured qualification threshold', async () => {
    expect(priorityFor(74, { qualificationThreshold: 75, mediumThreshold: 50 })).toBe('Medium');
    expect(priorityFor(75, { qualificationThreshold: 75, mediumThreshold: 50 })).toBe('High');
  });

  it('scores a prospect with nothing known low, says unknown, and has low confidence', async () => {
    const result = await runActivity(leadScoringPlugin, 'scoreProspect', { prospect: { jobTitle: 'VP Sales', company: 'Acme' }, icp });
    const reasons = Object.fromEntries(result.dimensions.map((dimension) => [dimension.key, dimension.reason]));
    expect(reasons.companySize).toMatch(/unknown/);
    expect(reasons.industryMatch).toMatch(/unknown/);
    expect(reasons.techStack).toMatch(/unknown/);
    expect(reasons.timing).toMatch(/unknown/);
    expect(result.totalScore).toBe(14); // only the title (0.135 × 100) is known
    expect(result.priority).toBe('Low');
    expect(result.confidence).toBe(0.14);
  });

  it('rejects an ICP without criteria and weights that are all zero', async () => {
    await expect(
      runActivity(leadScoringPlugin, 'scoreProspect', {
        prospect: { jobTitle: 'VP Sales', company: 'Acme' },
        icp: { industry: [], companySize: ' ', jobTitles: [], techStack: [], painPoints: [] },
      }),
    ).rejects.toThrow(/the ICP needs at least one/);
    await expect(
      runActivity(leadScoringPlugin, 'scoreProspect', {
        prospect: { jobTitle: 'VP Sales', company: 'Acme' },
        icp,
        weights: { companySize: 0, industryMatch: 0, techStack: 0, jobTitle: 0 },
      }),
    ).rejects.toThrow(/at least one weight/);
  });
});
