import { defineManifest, DiscoveredPersonSchema, IcpCriteriaSchema } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { zoominfoConfig } from './config.ts';

/** Input of searchPeople. */
export const SearchPeopleInput = z.object({
  criteria: IcpCriteriaSchema,
  limit: z.number().int().min(1).max(100).default(25).describe('People returned at most (one ZoomInfo page).'),
  page: z.number().int().min(1).max(500).default(1).describe('1-based page of `limit` people; page 2 skips the first `limit`.'),
});

/** Output of searchPeople. */
export const SearchPeopleOutput = z.object({
  people: z.array(DiscoveredPersonSchema),
  sourceTotal: z.number().int().nullable().describe('Contacts ZoomInfo says match, across all pages; null when it does not say.'),
  hasMore: z.boolean().describe('True when the source has people beyond this page.'),
});

/** The ZoomInfo prospect source. */
export const manifest = defineManifest({
  id: 'source-zoominfo',
  name: 'ZoomInfo',
  version: '0.1.0',
  description: 'Finds contacts matching an ICP with ZoomInfo contact search (job titles, industry keywords, headcount, revenue).',
  kind: 'source',
  ui: { icon: 'target', color: '#e4002b', category: 'Prospect sources', order: 140 },
  source: {
    displayName: 'ZoomInfo',
    credentials: [
      { key: 'username', label: 'API username', secret: false },
      { key: 'apiKey', label: 'API password', secret: true },
    ],
    credentialsTest:
      'A search signs in first: a wrong username or password fails at once with SourceAuthFailed (ZoomInfo answers HTTP 401 to /authenticate).',
  },
  config: zoominfoConfig,
  activities: {
    searchPeople: {
      description: 'Searches ZoomInfo for contacts matching ICP criteria; fails with SourceNotConfigured without a username and password.',
      access: 'sales-ops',
      input: SearchPeopleInput,
      output: SearchPeopleOutput,
      timeout: '2 minutes',
    },
  },
});
