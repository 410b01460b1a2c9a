import { defineManifest, DiscoveredPersonSchema, IcpCriteriaSchema } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { linkedinConfig } from './config.ts';

/** Input of searchPeople. */
export const SearchPeopleInput = z.object({
  criteria: IcpCriteriaSchema,
  limit: z.number().int().min(1).max(100).default(25).describe('People returned at most (the first matching rows of the export).'),
  page: z.number().int().min(1).max(500).default(1).describe('1-based page of `limit` people; page 2 skips the first `limit`.'),
});

/** Output of searchPeople. */
export const SearchPeopleOutput = z.object({
  people: z.array(DiscoveredPersonSchema),
  sourceTotal: z.number().int().nullable().describe('Rows of the export that match, across all pages.'),
  hasMore: z.boolean().describe('True when the source has people beyond this page.'),
});

/** The LinkedIn Sales Navigator prospect source (a lead-list CSV export: Sales Navigator has no open API). */
export const manifest = defineManifest({
  id: 'source-linkedin',
  name: 'LinkedIn Sales Navigator',
  version: '0.1.0',
  description: 'Finds people matching an ICP in a Sales Navigator lead-list CSV export (job titles, industry, company size).',
  kind: 'source',
  ui: { icon: 'linkedin', color: '#0a66c2', category: 'Prospect sources', order: 110 },
  source: {
    displayName: 'LinkedIn Sales Navigator',
    credentials: [{ key: 'exportPath', label: 'Lead-list CSV export path', secret: false }],
    credentialsTest: 'A search reads the export: a missing or unreadable file fails the search with the path and the reason.',
  },
  config: linkedinConfig,
  activities: {
    searchPeople: {
      description: 'Filters the Sales Navigator export by ICP criteria; fails with SourceNotConfigured without an export path.',
      access: 'sales-ops',
      input: SearchPeopleInput,
      output: SearchPeopleOutput,
      timeout: '1 minute',
    },
  },
});
