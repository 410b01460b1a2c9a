import { describe, expect, it } from 'vitest';
import { industryFit, scoreIndustry } from './industry.ts';
import { canonicalIndustry } from './industry-taxonomy.ts';

const evidence = { url: 'https://acme.example/about', snippet: 'Acme builds payment software' };

describe('canonicalIndustry', () => {
  it('recognises synonyms and longer labels', () => {
    expect(canonicalIndustry('Software as a Service').canonical).toBe('saas');
    expect(canonicalIndustry('B2B SaaS platform').canonical).toBe('saas');
    expect(canonicalIndustry('Financial Technology').canonical).toBe('fintech');
    expect(canonicalIndustry('Fintech software').canonical).toBe('fintech');
    expect(canonicalIndustry('E-commerce').canonical).toBe('ecommerce');
  });

  it('keeps unknown labels as normalised text', () => {
    expect(canonicalIndustry('Underwater Basket Weaving')).toEqual({ canonical: 'underwater basket weaving', family: null });
  });
});

describe('industryFit', () => {
  it('scores same, adjacent, shared words and unrelated', () => {
    expect(industryFit('Software as a service', 'SaaS').score).toBe(100);
    expect(industryFit('Fintech', 'SaaS').score).toBe(60);
    expect(industryFit('Solar installation', 'Solar panels').score).toBe(40);
    expect(industryFit('Logistics', 'SaaS').score).toBe(0);
  });
});

describe('scoreIndustry', () => {
  it('takes the best match over the ICP list', () => {
    const result = scoreIndustry({ jobTitle: 'CEO', company: 'Acme', industry: 'Healthcare' }, undefined, ['SaaS', 'Health care']);
    expect(result.score).toBe(100);
    expect(result.reason).toBe('"Healthcare" matches the ICP\'s "Health care"');
  });

  it('uses and cites a researched industry fact when the prospect record has none', () => {
    const research = {
      industry: 'Payments',
      sizeHint: { employees: null, revenue: null },
      painPoints: [],
      techStack: [],
      signals: { funding: null, hiring: null },
      facts: [{ id: 'industry-1', kind: 'industry', value: 'Payments', evidence, confidence: 0.9 }],
    };
    const result = scoreIndustry({ jobTitle: 'CEO', company: 'Acme', industry: null }, research, ['Fintech']);
    expect(result).toMatchObject({ score: 100, factIds: ['industry-1'], evidence: 0.9 });
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
