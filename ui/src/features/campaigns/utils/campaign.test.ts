import { describe, expect, it } from 'vitest';
import type { DiscoveredProspect, DiscoverProspectsResponse } from '../../discovery/index.ts';
import { defaultCampaignName, launchPersonOf, mergeDiscoveries, splitTarget } from './campaign.ts';

const person = (first: string, email: string | null, matchScore: number): DiscoveredProspect => ({
  firstName: first,
  lastName: 'Lane',
  jobTitle: 'VP Sales',
  company: 'Acme',
  email,
  source: 'linkedin',
  sources: ['linkedin'],
  matchScore,
  matchReason: 'title',
  industry: 'SaaS',
  companySize: null,
  linkedinUrl: null,
  website: 'https://acme.example',
  enrichmentData: { companyRevenue: null, employeeCount: 80, techStack: [], recentFunding: null },
  sample: true,
});
const answer = (prospects: DiscoveredProspect[]): DiscoverProspectsResponse => ({
  success: true,
  prospects,
  totalFound: prospects.length,
  confidence: 0.5,
  error: null,
  sample: true,
  notes: '',
  targetCount: 10,
  minScore: 70,
  belowFloor: 0,
  includeBelowFloor: false,
  excluded: { outsideIndustry: 0, inCrm: 0, alreadyProspect: 0, suppressed: 0, contactedRecently: 0, noEmail: 0 },
  leftOut: [],
  shortfall: null,
});

describe('campaign utils', () => {
  it('splits a target across slices as evenly as whole numbers allow', () => {
    expect(splitTarget(1000, 3)).toEqual([334, 333, 333]);
    expect(splitTarget(60, 1)).toEqual([60]);
    expect(splitTarget(2, 3)).toEqual([1, 1, 0]);
  });

  it("merges slices' answers: each email once (any case), none without an email, best first, capped at the target", () => {
    const merged = mergeDiscoveries(
      [
        { slice: 'A', answer: answer([person('Ada', 'ada@x.example', 80), person('Bo', null, 99)]) },
        {
          slice: 'B',
          answer: answer([person('Ada again', 'ADA@x.example', 90), person('Cy', 'cy@x.example', 85), person('Di', 'di@x.example', 10)]),
        },
      ],
      2,
    );
    expect(merged.map((reviewed) => [reviewed.firstName, reviewed.slice])).toEqual([
      ['Cy', 'B'],
      ['Ada', 'A'],
    ]);
  });

  it('maps a reviewed person to the launch body, keeping the sample flag and the headcount', () => {
    const [ada] = mergeDiscoveries([{ slice: 'A', answer: answer([person('Ada', 'ada@x.example', 80)]) }], 5);
    expect(launchPersonOf(ada!)).toEqual({
      firstName: 'Ada',
      lastName: 'Lane',
      jobTitle: 'VP Sales',
      company: 'Acme',
      email: 'ada@x.example',
      industry: 'SaaS',
      website: 'https://acme.example',
      linkedinUrl: null,
      employeeCount: 80,
      source: 'linkedin',
      sample: true,
    });
  });

  it('names a default campaign', () => {
    expect(defaultCampaignName(['Sales software'], new Date('2026-11-24T12:00:00Z'))).toBe('Sales software — Nov 24, 2026');
    expect(defaultCampaignName(['A', 'B', 'C'], new Date('2026-11-24T12:00:00Z'))).toBe('A + 2 more — Nov 24, 2026');
  });
});
