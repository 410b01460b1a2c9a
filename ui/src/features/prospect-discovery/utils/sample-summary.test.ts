import { describe, expect, it } from 'vitest';
import type { DiscoveredProspect } from '../api/types.ts';
import { sampleSummaryOf } from './sample-summary.ts';

const dana: DiscoveredProspect = {
  firstName: 'Dana', lastName: 'Reyes', jobTitle: 'VP Sales', company: 'Acme', email: 'dana@acme.example',
  source: 'apollo', sources: ['apollo', 'linkedin'], matchScore: 84, matchReason: 'Job title: exact.', industry: 'SaaS',
  companySize: '51-200 employees', linkedinUrl: 'linkedin.com/in/dana', website: 'https://acme.example',
  enrichmentData: { companyRevenue: '$10M-$50M', employeeCount: 120, techStack: ['Salesforce'], recentFunding: true }, sample: true,
};

describe('sampleSummaryOf', () => {
  it('counts the sample prospects and the sources they stood in for, in checklist order', () => {
    const real = { ...dana, sample: false, sources: ['zoominfo' as const] };
    expect(sampleSummaryOf([dana, real, { ...dana, sources: ['crunchbase'] }])).toEqual({ sampleCount: 2, total: 3, sources: ['linkedin', 'crunchbase', 'apollo'] });
  });
});
