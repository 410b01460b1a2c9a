import type { DiscoveredPerson } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { criteriaCoverage, dataCompleteness, discoveryConfidence } from './confidence.ts';

const icp = {
  industry: ['SaaS'],
  companySize: '50-200',
  jobTitles: ['VP Sales'],
  techStack: [],
  painPoints: ['slow pipeline'],
  revenue: '',
};
const full: DiscoveredPerson = {
  firstName: 'Dana',
  lastName: 'Reyes',
  jobTitle: 'VP Sales',
  company: 'Acme',
  companyDomain: 'acme.io',
  email: 'dana@acme.io',
  linkedinUrl: null,
  industry: 'SaaS',
  employeeCount: 120,
  companyRevenue: '$10M-$50M',
  techStack: ['Salesforce'],
  recentFunding: false,
  location: null,
  sourceRef: null,
};
const bare: DiscoveredPerson = {
  ...full,
  email: null,
  industry: null,
  employeeCount: null,
  companyRevenue: null,
  techStack: [],
  recentFunding: null,
};

describe('discovery confidence', () => {
  it('counts the set criteria the scores rest on: pain points are set but not scored, a relaxed one does not count', () => {
    expect(criteriaCoverage(icp, [])).toBe(3 / 4);
    expect(criteriaCoverage(icp, ['companySize'])).toBe(2 / 4);
  });

  it('counts a stated revenue as matched (lead scoring judges it with company size) unless it was relaxed', () => {
    expect(criteriaCoverage({ ...icp, revenue: '$10M-$50M' }, [])).toBe(4 / 5);
    expect(criteriaCoverage({ ...icp, revenue: '$10M-$50M' }, ['revenue'])).toBe(3 / 5);
  });

  it('measures completeness as the mean share of known facts', () => {
    expect(dataCompleteness([full])).toBe(1);
    expect(dataCompleteness([bare])).toBeCloseTo(1 / 7);
    expect(dataCompleteness([full, bare])).toBeCloseTo((1 + 1 / 7) / 2);
  });

  it('is (½ coverage + ½ completeness) × share of sources answered, 0 with nothing found', () => {
    expect(discoveryConfidence({ icp, relaxed: [], people: [full], sourcesAnswered: 2, sourcesRequested: 2 })).toBe(0.88);
    expect(discoveryConfidence({ icp, relaxed: [], people: [full], sourcesAnswered: 1, sourcesRequested: 2 })).toBe(0.44);
    expect(discoveryConfidence({ icp, relaxed: [], people: [], sourcesAnswered: 2, sourcesRequested: 2 })).toBe(0);
  });
});
