import type { DiscoveredProspect } from '../api/types.ts';

/** A discovered prospect for unit tests: a sample result found by two sources, every field filled. */
export const dana: DiscoveredProspect = {
  firstName: 'Dana',
  lastName: 'Reyes',
  jobTitle: 'VP Sales',
  company: 'Acme',
  email: 'dana@acme.example',
  source: 'apollo',
  sources: ['apollo', 'linkedin'],
  matchScore: 84,
  matchReason: 'Job title: exact.',
  industry: 'SaaS',
  companySize: '51-200 employees',
  linkedinUrl: 'linkedin.com/in/dana',
  website: 'https://acme.example',
  enrichmentData: { companyRevenue: '$10M-$50M', employeeCount: 120, techStack: ['Salesforce'], recentFunding: true },
  sample: true,
};
