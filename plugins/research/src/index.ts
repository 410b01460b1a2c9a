import { definePlugin } from '@meetflow/plugin-sdk';
import { enrichCompany } from './enrich-company.ts';
import { manifest } from './manifest.ts';

/** The prospect-research agent plugin (id "research"). */
export const researchPlugin = definePlugin(manifest, (deps) => ({
  enrichCompany: (input, context) => enrichCompany(input, deps, context),
}));

export { manifest as researchManifest } from './manifest.ts';
export type { EnrichCompanyResult } from './manifest.ts';
