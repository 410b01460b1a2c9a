// Property: for any input, the points shown in the reasoning add up exactly to the total.
import { describe, expect, it } from 'vitest';
import { configSchema } from './config.ts';
import { scoreProspect } from './score-prospect.ts';
import { ScoreProspectInputSchema } from './schemas.ts';

// A seeded generator (mulberry32) so a failure reproduces with the same seed.
function generator(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const some = <T>(items: readonly T[]): T[] => items.filter(() => next() < 0.4);
  return { next, pick, some };
}

const TITLES = ['VP Sales', 'CEO', 'Sales Manager', 'Head of Growth', 'Account Executive', 'CTO', 'Director of Marketing', 'Wizard'];
const INDUSTRIES = ['SaaS', 'Fintech', 'Healthcare', 'Logistics', 'E-commerce', 'Solar energy'];
const SIZES = ['50-200', '200+', '10-50 employees', 'under 20', '1k-5k', '', 'mid-market'];
const TECH = ['Salesforce', 'HubSpot', 'Gong', 'AWS', 'Stripe', 'Node.js'];
const REVENUES = ['$10M-$50M', '$1B+', 'under $5M', '', '', '10-50', '$1M-$10M', 'profitable'];
const evidence = { url: 'https://acme.example/', snippet: 'From the site' };

function randomInput(seed: number) {
  const g = generator(seed);
  const facts = g
    .some(TECH)
    .map((tech, index) => ({ id: `tech-${index}`, kind: 'tech', value: `Uses ${tech}`, evidence, confidence: g.next() }));
  if (g.next() < 0.5)
    facts.push({ id: 'fund', kind: 'funding', value: `Series A (${g.pick([2019, 2024, 2026])})`, evidence, confidence: 0.9 });
  if (g.next() < 0.5)
    facts.push({ id: 'emp', kind: 'employees', value: `${Math.round(g.next() * 3000)} employees`, evidence, confidence: 0.7 });
  if (g.next() < 0.3)
    facts.push({ id: 'rev', kind: 'revenue', value: `$${Math.round(g.next() * 900)}M revenue`, evidence, confidence: 0.75 });
  const icp = {
    industry: g.some(INDUSTRIES),
    companySize: g.pick(SIZES),
    jobTitles: g.some(TITLES),
    techStack: g.some(TECH),
    painPoints: [],
    revenue: g.pick(REVENUES),
  };
  if (icp.industry.length + icp.jobTitles.length + icp.techStack.length === 0) icp.jobTitles = ['VP Sales'];
  return ScoreProspectInputSchema.parse({
    prospect: {
      jobTitle: g.pick(TITLES),
      company: 'Acme',
      industry: g.next() < 0.7 ? g.pick(INDUSTRIES) : null,
      employeeCount: g.next() < 0.5 ? Math.round(g.next() * 5000) : null,
      techStack: g.some(TECH),
      revenue: g.next() < 0.4 ? g.pick(REVENUES) || null : null,
    },
    research:
      g.next() < 0.8 ? { facts, techStack: g.some(TECH), signals: { funding: null, hiring: g.next() < 0.3 ? 'Hiring' : null } } : undefined,
    icp,
    weights:
      g.next() < 0.5 ? { companySize: g.next(), industryMatch: g.next(), techStack: g.next(), jobTitle: g.next() + 0.01 } : undefined,
  });
}

describe('scoreProspect points (generated inputs)', () => {
  const config = configSchema.parse({});
  const now = new Date('2026-11-22T09:00:00Z');

  it('shows points that add up to the total and maxima that add up to 100, over 1,000 inputs', () => {
    for (let seed = 1; seed <= 1000; seed += 1) {
      const result = scoreProspect(randomInput(seed), config, now);
      const shown = [...result.reasoning.matchAll(/ (\d+\.\d)\/(\d+\.\d): /g)];
      expect(shown, `seed ${seed}`).toHaveLength(5);
      const pointsTenths = shown.reduce((sum, match) => sum + Math.round(Number(match[1]) * 10), 0);
      const maxTenths = shown.reduce((sum, match) => sum + Math.round(Number(match[2]) * 10), 0);
      expect(pointsTenths, `seed ${seed}: ${result.reasoning}`).toBe(result.totalScore * 10);
      expect(maxTenths, `seed ${seed}`).toBe(1000);
      expect(Math.round(result.dimensions.reduce((sum, dimension) => sum + dimension.points * 10, 0))).toBe(result.totalScore * 10);
      expect(result.reasoning.startsWith(`Score ${result.totalScore}/100`)).toBe(true);
    }
  });

  it("keeps each dimension's points within one point of weight × score, and the total the rounded raw sum", () => {
    for (let seed = 1; seed <= 1000; seed += 1) {
      const result = scoreProspect(randomInput(seed), config, now);
      const raw = result.dimensions.reduce((sum, dimension) => sum + dimension.weight * dimension.score, 0);
      // Weights are reported to 4 decimals, so the raw sum recomputed from them is off by at most 0.005.
      expect(Math.abs(result.totalScore - raw), `seed ${seed}`).toBeLessThanOrEqual(0.51);
      for (const dimension of result.dimensions) {
        expect(Math.abs(dimension.points - dimension.weight * dimension.score), `seed ${seed} ${dimension.key}`).toBeLessThan(1);
      }
      expect(result.dimensions.reduce((sum, dimension) => sum + dimension.weight, 0)).toBeCloseTo(1, 3);
    }
  });
});

describe('scoreProspect rounding', () => {
  it('never shows points for a dimension that scored 0 when another can take them', () => {
    const config = configSchema.parse({});
    for (let seed = 1; seed <= 1000; seed += 1) {
      const result = scoreProspect(randomInput(seed), config, new Date('2026-11-22T09:00:00Z'));
      const zeros = result.dimensions.filter((dimension) => dimension.score === 0);
      const roomElsewhere = result.dimensions.some((dimension) => dimension.score > 0 && dimension.points < dimension.weight * 100 - 0.1);
      if (roomElsewhere) for (const dimension of zeros) expect(dimension.points, `seed ${seed} ${dimension.key}`).toBe(0);
    }
  });
});
