import { describe, expect, it } from 'vitest';
import { clusterCustomers, MERGE_THRESHOLD, similarity } from './cluster.ts';
import type { TitleMention } from './job-titles.ts';
import type { CustomerProfile } from './profile.ts';
import { personasFitting, sliceOf } from './slices.ts';

const customer = (name: string, fields: Partial<CustomerProfile>): CustomerProfile => ({
  url: `https://${name}.example/`,
  name,
  industry: null,
  industryEvidence: null,
  employees: null,
  employeesEvidence: null,
  headcounts: [],
  revenue: null,
  titles: [],
  techStack: [],
  infrastructure: [],
  painPoints: [],
  values: [],
  confidence: 0.8,
  pagesRead: 1,
  pagesTried: 1,
  ...fields,
});
const vpOfSales: TitleMention = { title: 'VP of Sales', source: 'testimonial', url: 'https://a.example/', snippet: '— Maya, VP of Sales' };
const saas = (name: string, headcount: number, techStack: string[]) =>
  customer(name, {
    industry: 'Sales technology',
    headcounts: [headcount],
    techStack,
    titles: [vpOfSales],
  });

describe('clusterCustomers', () => {
  it('groups by industry, largest group first', () => {
    const clusters = clusterCustomers([
      customer('forge', { industry: 'Manufacturing', headcounts: [300], techStack: ['WordPress'] }),
      saas('a', 90, ['Stripe', 'HubSpot']),
      saas('b', 120, ['Stripe']),
    ]);
    expect(clusters.map((cluster) => cluster.members.map((member) => member.name))).toEqual([['a', 'b'], ['forge']]);
    expect(clusters[1]!.reasons[0]).toMatch(/^forge stands alone: industry Manufacturing, similarity to the closest group 0\.\d\d < 0\.3$/);
  });

  it('lets a lone customer join the group it shares technologies, size and titles with', () => {
    const lone = customer('unlabelled', {
      headcounts: [100],
      techStack: ['Stripe', 'HubSpot'],
      titles: [vpOfSales],
    });
    const group = [saas('a', 90, ['Stripe', 'HubSpot']), saas('b', 120, ['Stripe', 'Segment'])];
    expect(similarity(lone, group)).toBeGreaterThanOrEqual(MERGE_THRESHOLD);
    const clusters = clusterCustomers([...group, lone]);
    expect(clusters).toHaveLength(1);
    expect(clusters[0]!.reasons[1]).toMatch(/^unlabelled joined it: similarity 0\.\d\d ≥ 0\.3/);
  });

  it('merges two lone customers that are alike into one group, once', () => {
    const clusters = clusterCustomers([
      saas('a', 90, ['Stripe', 'HubSpot']),
      customer('b', { headcounts: [80], techStack: ['Stripe', 'HubSpot'] }),
    ]);
    expect(clusters.map((cluster) => cluster.members.map((member) => member.name).sort())).toEqual([['a', 'b']]);
  });
});

describe('sliceOf', () => {
  it('keeps technologies half the members use, spans their sizes and discounts a small or mixed slice', () => {
    const slice = sliceOf({
      members: [saas('a', 90, ['Stripe', 'HubSpot']), saas('b', 250, ['Stripe', 'Segment']), saas('c', 60, ['Stripe'])],
      reasons: [],
    });
    expect(slice.criteria).toEqual({
      industry: ['Sales technology'],
      companySize: '50-500 employees',
      jobTitles: ['VP of Sales'],
      techStack: ['Stripe'],
      painPoints: [],
    });
    expect(slice.confidence).toBe(0.8);
    const pair = sliceOf({
      members: [saas('a', 90, []), customer('b', { industry: 'Marketing technology', confidence: 0.6 })],
      reasons: [],
    });
    // mean 0.7 × support (0.5 + 0.5 × 2/3) × agreement 1/2
    expect(pair.confidence).toBe(0.29);
    expect(pair.criteria.companySize).toBe('50-200 employees');
  });
});

describe("the offer's personas", () => {
  const named = (title: string, source: TitleMention['source'] = 'team page'): TitleMention => ({
    title,
    source,
    url: 'https://x.example/team',
    snippet: title,
  });
  const personas = ['VP of Sales', 'Head of Revenue Operations', 'CFO', 'Founder', 'Office Champion'];

  it('join only a group whose customers name people in the same or a related function', () => {
    const finance = [customer('ledger', { titles: [named('Head of Finance'), named('Controller', 'testimonial')] })];
    expect(personasFitting(finance, personas)).toEqual(['CFO', 'Founder', 'Office Champion']);
    const sales = [customer('quota', { titles: [named('Sales Director')] })];
    expect(personasFitting(sales, personas)).toEqual(['VP of Sales', 'Head of Revenue Operations', 'Founder', 'Office Champion']);
  });

  it("count a customer's job ads as no evidence of its buyers, and join a group that names no one", () => {
    const hiring = [customer('hires', { titles: [named('Account Executive', 'careers page')] })];
    expect(personasFitting(hiring, personas)).toEqual(personas);
    const finance = [customer('ledger', { titles: [named('Head of Finance'), named('Sales Development Representative', 'careers page')] })];
    expect(personasFitting(finance, ['VP of Sales'])).toEqual([]);
  });

  it('rank in the slice only where they fit', () => {
    const cluster = (titles: TitleMention[]) => ({ members: [customer('a', { industry: 'Accounting', titles })], reasons: [] });
    expect(sliceOf(cluster([named('Head of Finance')]), { extraTitles: ['VP of Sales', 'CFO'] }).criteria.jobTitles).toEqual([
      'Head of Finance',
      'CFO',
    ]);
  });
});
