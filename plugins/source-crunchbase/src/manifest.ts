import { defineManifest, DiscoveredPersonSchema, IcpCriteriaSchema } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { crunchbaseConfig } from './config.ts';

/** Input of searchPeople. */
export const SearchPeopleInput = z.object({
  criteria: IcpCriteriaSchema,
  limit: z.number().int().min(1).max(100).default(25).describe('People returned at most (one Crunchbase page).'),
  page: z.number().int().min(1).max(500).default(1).describe('1-based page of `limit` people; page 2 skips the first `limit`.'),
});

/** Output of searchPeople. */
export const SearchPeopleOutput = z.object({
  people: z.array(DiscoveredPersonSchema),
  sourceTotal: z.number().int().nullable().describe('People Crunchbase says match, across all pages; null when it does not say.'),
  hasMore: z.boolean().describe('True when the source has people beyond this page.'),
});

/** The Crunchbase prospect source. */
export const manifest = defineManifest({
  id: 'source-crunchbase',
  name: 'Crunchbase',
  version: '0.1.0',
  description:
    'Finds people at companies matching an ICP with Crunchbase API v4 searches (industry, headcount, revenue, then job titles), with funding dates.',
  kind: 'source',
  ui: { icon: 'building', color: '#0288d1', category: 'Prospect sources', order: 120 },
  source: {
    displayName: 'Crunchbase',
    credentials: [{ key: 'apiKey', label: 'API user key', secret: true }],
    credentialsTest: 'A search with a wrong key fails at once with SourceAuthFailed: Crunchbase answers HTTP 401.',
  },
  config: crunchbaseConfig,
  activities: {
    searchPeople: {
      description: 'Searches Crunchbase for people matching ICP criteria; fails with SourceNotConfigured without an API key.',
      access: 'sales-ops',
      input: SearchPeopleInput,
      output: SearchPeopleOutput,
      timeout: '2 minutes',
    },
  },
});
