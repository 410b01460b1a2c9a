// Stand-ins for the source plugins in discovery's API tests: fake providers answering a fixed directory.
import { defineManifest, definePlugin, DiscoveredPersonSchema, IcpCriteriaSchema, type DiscoveredPerson } from '@meetflow/plugin-sdk';
import { ApplicationFailure } from '@temporalio/client';
import { z } from 'zod';

/** A discovered person with the fields a test does not care about left empty. */
export const person = (overrides: Partial<DiscoveredPerson>): DiscoveredPerson => ({
  firstName: 'Dana', lastName: 'Reyes', jobTitle: 'VP of Sales', company: 'Acme', companyDomain: 'acme.io', email: null, linkedinUrl: null,
  industry: 'SaaS', employeeCount: null, companyRevenue: null, techStack: [], recentFunding: null, location: null, sourceRef: null, ...overrides,
});
/** What each stand-in provider knows: Dana is at Apollo and ZoomInfo (with the revenue only ZoomInfo states). */
export const DIRECTORIES: Record<string, DiscoveredPerson[]> = {
  apollo: [
    person({ email: 'dana@acme.io', employeeCount: 120, techStack: ['Salesforce'], recentFunding: true, sourceRef: 'ap-1' }),
    person({ firstName: 'Sam', lastName: 'Ito', jobTitle: 'Warehouse Manager', company: 'Globex Freight', companyDomain: 'globex.com', industry: 'Logistics', employeeCount: 9000 }),
  ],
  zoominfo: [
    person({ email: 'DANA@ACME.IO', company: 'Acme Inc.', companyRevenue: '$10M-$50M', location: 'Austin, US', linkedinUrl: 'https://linkedin.com/in/dana-reyes' }),
    person({ firstName: 'Lee', lastName: 'Park', jobTitle: 'Head of Sales', email: 'lee@acme.io' }),
  ],
};
const SearchInput = z.object({ criteria: IcpCriteriaSchema, limit: z.number().int() });
const SearchOutput = z.object({ people: z.array(DiscoveredPersonSchema), sourceTotal: z.number().int().nullable() });
/** A source plugin answering its directory; Crunchbase always refuses the key. */
export function standInSource(id: 'apollo' | 'zoominfo' | 'crunchbase') {
  const manifest = defineManifest({
    id: `source-${id}`, name: id, version: '0.0.1', description: `Stand-in for the ${id} source`, kind: 'source',
    ui: { icon: 'search', color: '#000000', category: 'Prospect sources' },
    config: z.object({
      apiKey: z.string().default('').describe('Stand-in API key; empty means not configured.'),
      username: z.string().default('').describe('Stand-in user name (ZoomInfo signs in with one).'),
    }),
    activities: { searchPeople: { description: 'Fake provider search', input: SearchInput, output: SearchOutput, timeout: '10 seconds' } },
  });
  return definePlugin(manifest, () => ({
    searchPeople: async ({ limit }) => {
      if (id === 'crunchbase') throw ApplicationFailure.create({ type: 'SourceAuthFailed', nonRetryable: true, message: 'Crunchbase rejected the API key (HTTP 401)' });
      const directory = DIRECTORIES[id] ?? [];
      return { people: directory.slice(0, limit), sourceTotal: directory.length * 10 };
    },
  }));
}

/** The stand-ins of Apollo, ZoomInfo and Crunchbase. */
export const standInSources = [standInSource('apollo'), standInSource('zoominfo'), standInSource('crunchbase')];
