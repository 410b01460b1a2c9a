import { defineManifest } from '@meetflow/plugin-sdk';
import {
  SamplePrepareInput,
  SamplePrepareOutput,
  SampleSearchInput,
  SampleSearchOutput,
} from '@meetflow/plugin-sdk/contracts/sample-source';
import { sampleConfig } from './config.ts';
import { sampleCollections } from './model.ts';

/** The sample prospect database: the source that answers, marked sample, for every source without credentials. */
export const manifest = defineManifest({
  id: 'source-sample',
  name: 'Sample database',
  version: '0.1.0',
  description:
    'Fictional companies and people (every domain under .example) generated at first start; answers for every source whose credentials are not set, marked sample.',
  kind: 'source',
  ui: { icon: 'database', color: '#64748b', category: 'Prospect sources', order: 190 },
  source: {
    displayName: 'Sample database',
    credentials: [],
    credentialsTest: 'None: it needs no credentials and never leaves this installation.',
    standIn: true,
  },
  config: sampleConfig,
  activities: {
    searchPeople: {
      description: 'People of the sample database matching ICP criteria, relaxing the least important criterion until enough are found.',
      access: 'sales-ops',
      input: SampleSearchInput,
      output: SampleSearchOutput,
      timeout: '30 seconds',
      service: true,
    },
    prepare: {
      description: 'Generates the sample companies and people once (idempotent; resumes a preparation cut short).',
      access: 'internal',
      input: SamplePrepareInput,
      output: SamplePrepareOutput,
      timeout: '20 minutes',
      heartbeats: true,
    },
  },
  collections: sampleCollections,
});
