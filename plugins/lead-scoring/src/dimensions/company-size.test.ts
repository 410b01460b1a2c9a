import { describe, expect, it } from 'vitest';
import { scoreCompanySize, sizeFitScore } from './company-size.ts';
import { parseSizeRange, representativeCount } from './size-range.ts';

const evidence = { url: 'https://acme.example/about', snippet: 'We are 180 people' };

describe('parseSizeRange', () => {
  it.each([
    ['50-200', { min: 50, max: 200 }],
    ['10-50 employees', { min: 10, max: 50 }],
    ['200+', { min: 200, max: Infinity }],
    ['1,000–5,000', { min: 1000, max: 5000 }],
    ['1k-5k', { min: 1000, max: 5000 }],
    ['50 to 200 people', { min: 50, max: 200 }],
    ['under 50', { min: 1, max: 50 }],
    ['more than 500', { min: 500, max: Infinity }],
    ['180 employees', { min: 180, max: 180 }],
    ['200 members', { min: 200, max: 200 }],
    ['Enterprise', { min: 1000, max: Infinity }],
  ])('reads %s', (text, range) => {
    expect(parseSizeRange(text)).toEqual(range);
  });

  it('returns null for text without a size', () => {
    expect(parseSizeRange('a great team')).toBeNull();
  });

  it('represents a range by its geometric middle and an open range by its floor', () => {
    expect(representativeCount({ min: 50, max: 200 })).toBe(100);
    expect(representativeCount({ min: 200, max: Infinity })).toBe(200);
  });
});

describe('sizeFitScore', () => {
  const icp = { min: 50, max: 200 };
  it('gives full credit inside the range, bounds included', () => {
    expect([sizeFitScore(50, icp), sizeFitScore(120, icp), sizeFitScore(200, icp)]).toEqual([100, 100, 100]);
  });

  it('gives partial credit by log distance, symmetric above and below, zero at ten times', () => {
    expect(sizeFitScore(400, icp)).toBe(70); // log10(2) ≈ 0.30
    expect(sizeFitScore(25, icp)).toBe(70);
    expect(sizeFitScore(2000, icp)).toBe(0);
    expect(sizeFitScore(300, icp)).toBeGreaterThan(sizeFitScore(1000, icp));
  });

  it('never penalises a big company against an open range', () => {
    expect(sizeFitScore(50_000, { min: 200, max: Infinity })).toBe(100);
  });
});

describe('scoreCompanySize', () => {
  it('prefers the prospect record over research', () => {
    const result = scoreCompanySize({ jobTitle: 'CEO', company: 'Acme', employeeCount: 180 }, undefined, '50-200');
    expect(result).toMatchObject({ score: 100, evidence: 1, factIds: [], hasCriterion: true });
    expect(result.reason).toBe("180 employees (prospect record), inside the ICP's 50-200");
  });

  it('cites the employees fact it used', () => {
    const research = {
      industry: null,
      sizeHint: { employees: '51-200', revenue: null },
      painPoints: [],
      techStack: [],
      signals: { funding: null, hiring: null },
      facts: [{ id: 'employees-1', kind: 'employees', value: '1,200 employees', evidence, confidence: 0.8 }],
    };
    const result = scoreCompanySize({ jobTitle: 'CEO', company: 'Acme' }, research, '50-200');
    expect(result.factIds).toEqual(['employees-1']);
    expect(result.score).toBe(22);
    expect(result.reason).toContain('6.0× above');
    expect(result.evidence).toBe(0.8);
  });

  it('says unknown and has no evidence when nothing tells the size', () => {
    const result = scoreCompanySize({ jobTitle: 'CEO', company: 'Acme' }, undefined, '50-200');
    expect(result).toMatchObject({ score: 0, evidence: 0, hasCriterion: true });
    expect(result.reason).toMatch(/unknown/);
  });

  it('does not count when the ICP gives no readable size', () => {
    expect(scoreCompanySize({ jobTitle: 'CEO', company: 'Acme', employeeCount: 10 }, undefined, '').hasCriterion).toBe(false);
    expect(scoreCompanySize({ jobTitle: 'CEO', company: 'Acme', employeeCount: 10 }, undefined, 'any size').hasCriterion).toBe(false);
  });
});

describe('scoreCompanySize with a revenue range', () => {
  const research = (facts: Array<{ id: string; kind: string; value: string }>, revenueHint: string | null = null) => ({
    industry: null,
    sizeHint: { employees: null, revenue: revenueHint },
    painPoints: [],
    techStack: [],
    signals: { funding: null, hiring: null },
    facts: facts.map((fact) => ({ ...fact, evidence, confidence: 0.75 })),
  });

  it('names a revenue inside the range and keeps full credit', () => {
    const result = scoreCompanySize(
      { jobTitle: 'CEO', company: 'Acme', employeeCount: 120, revenue: '$10M-$50M' },
      undefined,
      '50-200',
      '$10M-$50M',
    );
    expect(result).toMatchObject({ score: 100, evidence: 1, hasCriterion: true });
    expect(result.reason).toBe(
      "120 employees (prospect record), inside the ICP's 50-200; revenue $10M-$50M (prospect record), inside the ICP's $10M-$50M",
    );
  });

  it('averages headcount and revenue, naming how far the revenue misses', () => {
    // $1M-$10M is read as $3.16M: 3.2× below $10M, log10(3.16) = 0.5 of the way to zero credit, so revenue scores 50.
    const result = scoreCompanySize(
      { jobTitle: 'CEO', company: 'Acme', employeeCount: 120, revenue: '$1M-$10M' },
      undefined,
      '50-200',
      '$10M-$50M',
    );
    expect(result.score).toBe(75);
    expect(result.reason).toBe(
      "120 employees (prospect record), inside the ICP's 50-200; revenue $1M-$10M (prospect record), 3.2× below the ICP's $10M-$50M",
    );
    const above = scoreCompanySize({ jobTitle: 'CEO', company: 'Acme', revenue: '$2B' }, undefined, '', '$10M-$50M');
    expect(above).toMatchObject({ score: 0, hasCriterion: true, reason: "revenue $2B (prospect record), 40.0× above the ICP's $10M-$50M" });
  });

  it('reads and cites a researched revenue fact, else the research hint', () => {
    const fromFact = scoreCompanySize(
      { jobTitle: 'CEO', company: 'Acme' },
      research([{ id: 'revenue-1', kind: 'revenue', value: '$12M ARR' }]),
      '',
      '$10M-$50M',
    );
    expect(fromFact).toMatchObject({ score: 100, factIds: ['revenue-1'], evidence: 0.75 });
    expect(fromFact.reason).toBe('revenue $12M (research: "$12M ARR"), inside the ICP\'s $10M-$50M');
    const fromHint = scoreCompanySize({ jobTitle: 'CEO', company: 'Acme' }, research([], '$80M revenue'), '', '$10M-$50M');
    expect(fromHint).toMatchObject({ score: 80, evidence: 0.6 });
    expect(fromHint.reason).toContain('(research hint "$80M revenue"), 1.6× above');
  });

  it('names an unknown revenue without counting it: the score stays, the evidence halves', () => {
    const result = scoreCompanySize({ jobTitle: 'CEO', company: 'Acme', employeeCount: 120 }, undefined, '50-200', '$10M-$50M');
    expect(result).toMatchObject({ score: 100, evidence: 0.5 });
    expect(result.reason).toBe("120 employees (prospect record), inside the ICP's 50-200; revenue unknown (ICP $10M-$50M), not counted");
    const neither = scoreCompanySize({ jobTitle: 'CEO', company: 'Acme' }, undefined, '50-200', '$10M-$50M');
    expect(neither).toMatchObject({
      score: 0,
      evidence: 0,
      hasCriterion: true,
      reason: 'company size unknown (ICP 50-200 employees); revenue unknown (ICP $10M-$50M)',
    });
  });

  it('counts a revenue-only ICP, and does not count an unreadable one', () => {
    expect(scoreCompanySize({ jobTitle: 'CEO', company: 'Acme', revenue: '$20M' }, undefined, '', '$10M-$50M')).toMatchObject({
      score: 100,
      hasCriterion: true,
    });
    const unreadable = scoreCompanySize({ jobTitle: 'CEO', company: 'Acme', revenue: '$20M' }, undefined, '', 'profitable');
    expect(unreadable).toMatchObject({
      hasCriterion: false,
      reason: 'the ICP revenue "profitable" holds no readable range, so size does not count',
    });
  });
});
