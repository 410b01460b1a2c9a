import { describe, expect, it } from 'vitest';
import { painMatches, scoreTiming, SIGNAL_POINTS } from './timing.ts';

const evidence = { url: 'https://acme.example/news', snippet: 'Acme raised a Series B' };
const now = new Date('2026-11-22T09:00:00Z');
const icp = { painPoints: ['manual lead qualification'], techStack: ['Salesforce'] };
const research = (facts: Array<{ id: string; kind: string; value: string }>, extra: object = {}) => ({
  industry: null,
  sizeHint: { employees: null, revenue: null },
  painPoints: [],
  techStack: [],
  signals: { funding: null, hiring: null },
  facts: facts.map((fact) => ({ ...fact, evidence, confidence: 0.9 })),
  ...extra,
});

describe('scoreTiming', () => {
  it('adds the points of every signal and cites their facts', () => {
    const result = scoreTiming(
      research([
        { id: 'f1', kind: 'funding', value: 'Series B, $40M (2026)' },
        { id: 'h1', kind: 'hiring', value: 'Hiring 5 SDRs' },
      ]),
      icp,
      now,
    );
    expect(result.score).toBe(SIGNAL_POINTS.funding + SIGNAL_POINTS.hiring);
    expect(result.factIds).toEqual(['f1', 'h1']);
    expect(result.reason).toBe('funding "Series B, $40M (2026)" (+40), hiring "Hiring 5 SDRs" (+35)');
  });

  it('caps at 100 with every signal present', () => {
    const result = scoreTiming(
      research([
        { id: 'f1', kind: 'funding', value: 'Seed round 2026' },
        { id: 'h1', kind: 'hiring', value: 'Hiring' },
        { id: 'p1', kind: 'pain-point', value: 'Lead qualification is manual and slow' },
        { id: 't1', kind: 'tech', value: 'Uses Salesforce' },
      ]),
      icp,
      now,
    );
    expect(result.score).toBe(100);
    expect(result.factIds).toEqual(['f1', 'h1', 'p1', 't1']);
  });

  it('gives old funding a share of the points only', () => {
    const result = scoreTiming(research([{ id: 'f1', kind: 'funding', value: 'Series A (2021)' }]), icp, now);
    expect(result.score).toBe(16);
    expect(result.reason).toContain('not recent');
  });

  it('reads signals without facts, citing nothing', () => {
    const result = scoreTiming(research([], { signals: { funding: null, hiring: 'Growing the sales team' } }), icp, now);
    expect(result).toMatchObject({ score: 35, factIds: [] });
  });

  it('is unknown without research and weakly known when the research found nothing', () => {
    const unknown = scoreTiming(undefined, icp, now);
    expect(unknown).toMatchObject({ score: 0, evidence: 0 });
    expect(unknown.reason).toMatch(/unknown/);
    expect(scoreTiming(research([]), icp, now)).toMatchObject({ score: 0, evidence: 0.5 });
  });
});

describe('painMatches', () => {
  it("needs half the ICP pain's meaningful words", () => {
    expect(painMatches('Their SDRs qualify leads by hand: manual qualification', 'manual lead qualification')).toBe(true);
    expect(painMatches('Manual reporting', 'manual lead qualification')).toBe(false);
  });
});
