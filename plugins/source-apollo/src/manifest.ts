import { defineManifest, DiscoveredPersonSchema, IcpCriteriaSchema } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { apolloConfig } from './config.ts';

/** Input of searchPeople. */
export const SearchPeopleInput = z.object({
  criteria: IcpCriteriaSchema,
  limit: z.number().int().min(1).max(100).default(25).describe('People returned at most (one Apollo page).'),
  page: z.number().int().min(1).max(500).default(1).describe('1-based page of `limit` people; page 2 skips the first `limit`.'),
});

/** Output of searchPeople. */
export const SearchPeopleOutput = z.object({
  people: z.array(DiscoveredPersonSchema),
  sourceTotal: z.number().int().nullable().describe('People Apollo says match, across all pages; null when it does not say.'),
  hasMore: z.boolean().describe('True when the source has people beyond this page.'),
});

/** The Apollo.io prospect source. */
export const manifest = defineManifest({
  id: 'source-apollo',
  name: 'Apollo.io',
  version: '0.1.0',
  description: 'Finds people matching an ICP with Apollo.io people search (titles, industry keywords, headcount, revenue, technologies).',
  kind: 'source',
  ui: { icon: 'rocket', color: '#5b3df5', category: 'Prospect sources', order: 130 },
  source: {
    displayName: 'Apollo.io',
    credentials: [{ key: 'apiKey', label: 'API key', secret: true }],
    credentialsTest: 'A search with a wrong key fails at once with SourceAuthFailed: Apollo answers HTTP 401.',
  },
  config: apolloConfig,
  activities: {
    searchPeople: {
      description: 'Searches Apollo for people matching ICP criteria; fails with SourceNotConfigured without an API key.',
      access: 'sales-ops',
      input: SearchPeopleInput,
      output: SearchPeopleOutput,
      timeout: '2 minutes',
    },
  },
});
