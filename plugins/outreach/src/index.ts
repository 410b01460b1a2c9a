import { definePlugin } from '@meetflow/plugin-sdk';
import { manifest } from './manifest.ts';
import { TEMPLATES } from './templates.ts';
import { writeSequence } from './write-sequence.ts';
import type { TemplateId } from './config.ts';

export { manifest } from './manifest.ts';
export type { CampaignOpeners, WriteSequenceInput, WriteSequenceOutput } from './schemas.ts';
export { CampaignOpenersSchema, MAX_OPENER_SHARE } from './schemas.ts';
export { OfferSchema, type Offer, type OfferInput, type ProofPoint, type ValueProp } from './offer.ts';
export { lintEmail, STYLE_RULES, type LintContext, type LintProblem, type LintRule } from './lint.ts';
export { TEMPLATES, type TemplateCopy } from './templates.ts';

/** The outreach plugin: the move-based writer by default, the configured language model when `useLlm` is on. */
export const outreachPlugin = definePlugin(manifest, (deps) => ({
  writeSequence: (input) => writeSequence(input, deps),
  templates: async () => ({ templates: (Object.keys(TEMPLATES) as TemplateId[]).map((id) => ({ id, ...TEMPLATES[id] })) }),
}));
