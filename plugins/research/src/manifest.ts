import { RESEARCH } from '@meetflow/plugin-sdk/contracts/agents';
import { defineManifest } from '@meetflow/plugin-sdk';
import { EnrichCompanyInput, EnrichCompanyOutput } from '@meetflow/plugin-sdk/contracts/research';
import { researchConfig } from './config.ts';

export {
  EnrichCompanyInput,
  EnrichCompanyOutput,
  PageVisitSchema,
  type EnrichCompanyResult,
  type PageVisit,
} from '@meetflow/plugin-sdk/contracts/research';

/** The prospect-research agent: reads a company's web site and returns facts with evidence. */
export const manifest = defineManifest({
  id: RESEARCH.plugin,
  name: 'Prospect research',
  version: '0.1.0',
  description:
    'Reads a company web site (home page and a few key pages) and extracts facts with evidence: description, industry, size, pain points, tech stack, funding and hiring.',
  kind: 'agent',
  ui: { icon: 'search', color: '#2563eb', category: 'Research', order: 10 },
  config: researchConfig,
  activities: {
    enrichCompany: {
      description: 'Researches one company from its web site: facts with evidence, tech stack, signals and a confidence.',
      access: 'public',
      input: EnrichCompanyInput,
      output: EnrichCompanyOutput,
      timeout: '2 minutes',
      heartbeats: true,
    },
  },
});
