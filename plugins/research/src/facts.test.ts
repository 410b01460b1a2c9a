import { describe, expect, it } from 'vitest';
import { companyNameOf } from './company-name.ts';
import { researchConfidence } from './confidence.ts';
import { assembleFacts, type FactDraft } from './facts.ts';
import { pageFrom } from './test-page.ts';

const draft = (overrides: Partial<FactDraft>): FactDraft => ({
  kind: 'funding',
  value: 'Raised $5M Seed',
  url: 'https://acme.example/',
  snippet: 'We raised $5M seed funding.',
  confidence: 0.8,
  ...overrides,
});

describe('assembling facts', () => {
  it('gives readable ids, numbered per kind unless keyed or single', () => {
    const facts = assembleFacts(
      [
        draft({}),
        draft({ value: 'Backed by Accel' }),
        draft({ kind: 'tech', key: 'stripe', value: 'Uses Stripe' }),
        draft({ kind: 'pain-point', value: 'manual entry' }),
        draft({ kind: 'pain-point', value: 'late fees' }),
        draft({ kind: 'industry', single: true, value: 'Fintech' }),
      ],
      0.5,
    );
    expect(facts.map((fact) => fact.id)).toEqual(['funding-1', 'funding-2', 'tech-stripe', 'pain-1', 'pain-2', 'industry']);
  });

  it('drops repeats and facts under the minimum confidence, and clips evidence to 300 characters', () => {
    const long = `${'word '.repeat(100)}end`;
    const facts = assembleFacts(
      [draft({}), draft({ value: 'raised $5m seed' }), draft({ value: 'Weak', confidence: 0.4 }), draft({ value: 'Long', snippet: long })],
      0.5,
    );
    expect(facts.map((fact) => fact.value)).toEqual(['Raised $5M Seed', 'Long']);
    expect(facts[1]?.evidence.snippet.length).toBeLessThanOrEqual(300);
    expect(long.startsWith(facts[1]?.evidence.snippet ?? 'x')).toBe(true);
  });
});

describe('research confidence', () => {
  const facts = assembleFacts(
    Array.from({ length: 12 }, (_unused, index) => draft({ value: `fact ${index}` })),
    0,
  );
  const visits = (okCount: number, failed: number) => [
    ...Array.from({ length: okCount }, () => ({ url: 'https://acme.example/', status: 200, ok: true })),
    ...Array.from({ length: failed }, () => ({ url: 'https://acme.example/x', status: 404, ok: false })),
  ];

  it('is coverage × certainty × reach', () => {
    // 12 facts of 0.8: 1 × (0.6 + 0.32) × 1.
    expect(researchConfidence(facts, visits(6, 0))).toBe(0.92);
    expect(researchConfidence(facts.slice(0, 3), visits(6, 0))).toBe(0.23);
    expect(researchConfidence([], visits(1, 0))).toBe(0);
  });

  it('drops when pages fail', () => {
    expect(researchConfidence(facts, visits(3, 3))).toBeLessThan(researchConfidence(facts, visits(6, 0)));
  });
});

describe('company name', () => {
  it('reads og:site_name, the title part matching the domain, or the domain', () => {
    expect(companyNameOf(pageFrom('<meta property="og:site_name" content="Acme Robotics">'))).toBe('Acme Robotics');
    expect(companyNameOf(pageFrom('<title>Home | Brightforge</title>', { url: 'https://brightforge.example/' }))).toBe('Brightforge');
    expect(companyNameOf(pageFrom('<p>nothing</p>', { url: 'https://www.quietpine.example/' }))).toBe('Quietpine');
  });
});
