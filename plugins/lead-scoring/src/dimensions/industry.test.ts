import { findIndustry, industryRelation, INDUSTRIES, RELATED_INDUSTRIES } from '@meetflow/plugin-sdk/contracts/industry-taxonomy';
import { describe, expect, it } from 'vitest';
import { industryFit, scoreIndustry } from './industry.ts';

const evidence = { url: 'https://acme.example/about', snippet: 'Acme builds payment software' };
const researchWith = (industry: string, factValue = industry) => ({
  industry,
  sizeHint: { employees: null, revenue: null },
  painPoints: [],
  techStack: [],
  signals: { funding: null, hiring: null },
  facts: [{ id: 'industry', kind: 'industry', value: factValue, evidence, confidence: 0.9 }],
});

describe('the shared industry taxonomy', () => {
  it('recognises labels, synonyms and longer labels, ignoring a note in parentheses', () => {
    expect(findIndustry('Software as a Service')?.label).toBe('Software & SaaS');
    expect(findIndustry('B2B SaaS platform')?.label).toBe('Software & SaaS');
    expect(findIndustry('Financial Technology')?.label).toBe('Financial services & fintech');
    expect(findIndustry('Fintech software')?.label).toBe('Financial services & fintech');
    expect(findIndustry('E-commerce')?.label).toBe('E-commerce & retail');
    expect(findIndustry('Sales technology (matched: CRM, quota, pipeline)')?.label).toBe('Sales technology');
    expect(findIndustry('revenue intelligence')?.label).toBe('Sales technology');
  });

  it('knows no industry for an unknown label, nor for a broad word inside a longer one', () => {
    expect(findIndustry('Underwater Basket Weaving')).toBeNull();
    expect(findIndustry('Software')?.label).toBe('Software & SaaS');
    expect(findIndustry('Gaming software')).toBeNull();
  });

  it('relates industries only through its list, either way round', () => {
    expect(industryRelation('Sales technology', 'Marketing technology').relation).toBe('related');
    expect(industryRelation('Marketing technology', 'Sales tech').relation).toBe('related');
    expect(industryRelation('martech', 'Marketing technology').relation).toBe('same');
    expect(industryRelation('Healthcare', 'Data & analytics').relation).toBe('unrelated');
    expect(industryRelation('Basket weaving', 'Healthcare').relation).toBe('unknown');
  });

  it('is consistent: every name belongs to one industry and every relation names two listed industries', () => {
    const labels = new Set(INDUSTRIES.map((industry) => industry.label));
    for (const [a, b] of RELATED_INDUSTRIES) expect([labels.has(a), labels.has(b), a !== b]).toEqual([true, true, true]);
    for (const industry of INDUSTRIES)
      for (const name of [industry.label, ...industry.synonyms]) expect(findIndustry(name), name).toBe(industry);
  });
});

describe('industryFit', () => {
  it('scores the same industry full, a related one partly, an unrelated one nothing', () => {
    expect(industryFit('Software as a service', 'SaaS').score).toBe(100);
    expect(industryFit('Fintech', 'SaaS').score).toBe(60);
    expect(industryFit('Sales technology', 'Marketing technology').score).toBe(60);
    expect(industryFit('Logistics', 'SaaS').score).toBe(0);
    expect(industryFit('Data & analytics', 'Healthcare').score).toBe(0);
  });

  it('gives shared words partial credit only for labels outside the taxonomy', () => {
    expect(industryFit('Basket weaving supplies', 'Basket making').score).toBe(40);
    // Both known and unrelated: "technology" in common is not a match.
    expect(industryFit('Education technology', 'Marketing technology').score).toBe(0);
  });
});

describe('scoreIndustry', () => {
  it('takes the best match over the ICP list', () => {
    const result = scoreIndustry({ jobTitle: 'CEO', company: 'Acme', industry: 'Healthcare' }, undefined, ['SaaS', 'Health care']);
    expect(result.score).toBe(100);
    expect(result.reason).toBe('"Healthcare" matches the ICP\'s "Health care" (both Healthcare)');
  });

  it('gives Sales technology against an ICP of Marketing technology partial points, saying the industry is only related', () => {
    const result = scoreIndustry({ jobTitle: 'VP Sales', company: 'Acme', industry: 'Sales technology' }, undefined, [
      'Marketing technology',
    ]);
    expect(result.score).toBe(60);
    expect(result.reason).toBe('related industry: "Sales technology" is related to, not the same as, the ICP\'s "Marketing technology"');
  });

  it('uses and cites a researched industry fact when the prospect record has none', () => {
    const research = researchWith('Payments');
    const result = scoreIndustry({ jobTitle: 'CEO', company: 'Acme', industry: null }, research, ['Fintech']);
    expect(result).toMatchObject({ score: 100, factIds: ['industry'], evidence: 0.9 });
  });

  it("reads research's own industry fact by its label, not by the words it matched", () => {
    const research = researchWith('Sales technology', 'Sales technology (matched: CRM, marketing, campaign)');
    const result = scoreIndustry({ jobTitle: 'CEO', company: 'Acme', industry: null }, research, ['Marketing technology']);
    expect(result.score).toBe(60);
  });

  it('says unknown without any industry, and does not count without ICP industries', () => {
    expect(scoreIndustry({ jobTitle: 'CEO', company: 'Acme' }, undefined, ['SaaS'])).toMatchObject({ score: 0, evidence: 0 });
    expect(scoreIndustry({ jobTitle: 'CEO', company: 'Acme' }, undefined, ['SaaS']).reason).toMatch(/unknown/);
    expect(scoreIndustry({ jobTitle: 'CEO', company: 'Acme', industry: 'SaaS' }, undefined, []).hasCriterion).toBe(false);
  });

  it('explains a miss', () => {
    const result = scoreIndustry({ jobTitle: 'CEO', company: 'Acme', industry: 'Logistics' }, undefined, ['SaaS']);
    expect(result.score).toBe(0);
    expect(result.reason).toBe('"Logistics" is not among the ICP\'s industries (SaaS)');
  });
});
