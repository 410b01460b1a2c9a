// Stand-ins for the source plugins in discovery's API tests: fake providers answering a fixed directory.
import { defineManifest, definePlugin, DiscoveredPersonSchema, IcpCriteriaSchema, type DiscoveredPerson } from '@meetflow/plugin-sdk';
import { ApplicationFailure } from '@temporalio/client';
import { z } from 'zod';

/** A discovered person with the fields a test does not care about left empty. */
export const person = (overrides: Partial<DiscoveredPerson>): DiscoveredPerson => ({
  firstName: 'Dana',
  lastName: 'Reyes',
  jobTitle: 'VP of Sales',
  company: 'Acme',
  companyDomain: 'acme.io',
  email: null,
  linkedinUrl: null,
  industry: 'SaaS',
  employeeCount: null,
  companyRevenue: null,
  techStack: [],
  recentFunding: null,
  location: null,
  sourceRef: null,
  ...overrides,
});
/** What each stand-in provider knows: Dana is at Apollo and ZoomInfo (with the revenue only ZoomInfo states). */
export const DIRECTORIES: Record<string, DiscoveredPerson[]> = {
  apollo: [
    person({ email: 'dana@acme.io', employeeCount: 120, techStack: ['Salesforce'], recentFunding: true, sourceRef: 'ap-1' }),
    person({
      firstName: 'Sam',
      lastName: 'Ito',
      jobTitle: 'Warehouse Manager',
      company: 'Globex Freight',
      companyDomain: 'globex.com',
      industry: 'Logistics',
      employeeCount: 9000,
    }),
  ],
  zoominfo: [
    person({
      email: 'DANA@ACME.IO',
      company: 'Acme Inc.',
      companyRevenue: '$10M-$50M',
      location: 'Austin, US',
      linkedinUrl: 'https://linkedin.com/in/dana-reyes',
    }),
    person({ firstName: 'Lee', lastName: 'Park', jobTitle: 'Head of Sales', email: 'lee@acme.io' }),
  ],
};
/** The industry that makes the Apollo stand-in answer a long directory, to page through. */
export const PAGING_INDUSTRY = 'Paging';
/** How many people the long directory holds. */
export const LONG_DIRECTORY_SIZE = 250;
const longDirectory = Array.from({ length: LONG_DIRECTORY_SIZE }, (_, index) =>
  person({
    firstName: `Pat${index}`,
    lastName: 'Page',
    company: `Pager ${index}`,
    companyDomain: `pager${index}.io`,
    email: `pat${index}@pager${index}.io`,
    industry: PAGING_INDUSTRY,
    employeeCount: 100,
    sourceRef: `pg-${index}`,
  }),
);
const SearchInput = z.object({ criteria: IcpCriteriaSchema, limit: z.number().int(), page: z.number().int().min(1).default(1) });
const SearchOutput = z.object({ people: z.array(DiscoveredPersonSchema), sourceTotal: z.number().int().nullable(), hasMore: z.boolean() });
const DISPLAY_NAMES = { apollo: 'Apollo.io', zoominfo: 'ZoomInfo', crunchbase: 'Crunchbase' };

/** A source plugin answering its directory; Crunchbase always refuses the key. */
export function standInSource(id: 'apollo' | 'zoominfo' | 'crunchbase') {
  const manifest = defineManifest({
    id: `source-${id}`,
    name: id,
    version: '0.0.1',
    description: `Stand-in for the ${id} source`,
    kind: 'source',
    ui: { icon: 'search', color: '#000000', category: 'Prospect sources' },
    source: {
      displayName: DISPLAY_NAMES[id],
      credentials: [
        ...(id === 'zoominfo' ? [{ key: 'username', label: 'API username', secret: false }] : []),
        { key: 'apiKey', label: 'API key', secret: true },
      ],
      credentialsTest: 'The stand-in Crunchbase refuses every key.',
    },
    config: z.object({
      apiKey: z.string().default('').describe('Stand-in API key; empty means not configured.'),
      username: z.string().default('').describe('Stand-in user name (ZoomInfo signs in with one).'),
    }),
    activities: {
      searchPeople: {
        description: 'Fake provider search',
        access: 'public',
        input: SearchInput,
        output: SearchOutput,
        timeout: '10 seconds',
      },
    },
  });
  return definePlugin(manifest, () => ({
    searchPeople: async ({ criteria, limit, page }) => {
      if (id === 'crunchbase')
        throw ApplicationFailure.create({
          type: 'SourceAuthFailed',
          nonRetryable: true,
          message: 'Crunchbase rejected the API key (HTTP 401)',
        });
      if (id === 'apollo' && criteria.industry.includes(PAGING_INDUSTRY)) {
        const from = (page - 1) * limit;
        return {
          people: longDirectory.slice(from, from + limit),
          sourceTotal: LONG_DIRECTORY_SIZE,
          hasMore: from + limit < LONG_DIRECTORY_SIZE,
        };
      }
      const directory = DIRECTORIES[id] ?? [];
      return { people: page === 1 ? directory.slice(0, limit) : [], sourceTotal: directory.length * 10, hasMore: false };
    },
  }));
}

/** The stand-ins of Apollo, ZoomInfo and Crunchbase. */
export const standInSources = [standInSource('apollo'), standInSource('zoominfo'), standInSource('crunchbase')];
