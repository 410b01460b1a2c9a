import { definePlugin } from '@meetflow/plugin-sdk';
import { manifest } from './manifest.ts';
import { TEMPLATES } from './templates.ts';
import { writeSequence } from './write-sequence.ts';
import type { TemplateId } from './config.ts';

export { manifest } from './manifest.ts';
export type { WriteSequenceInput, WriteSequenceOutput } from './schemas.ts';
export { TEMPLATES, type TemplateCopy } from './templates.ts';

/** The outreach plugin: templates by default, the configured language model when `useLlm` is on. */
export const outreachPlugin = definePlugin(manifest, (deps) => ({
  writeSequence: (input) => writeSequence(input, deps),
  templates: async () => ({ templates: (Object.keys(TEMPLATES) as TemplateId[]).map((id) => ({ id, ...TEMPLATES[id] })) }),
}));
