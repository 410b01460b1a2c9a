import { definePlugin } from '@meetflow/plugin-sdk';
import { register } from './activities.ts';
import { manifest } from './manifest.ts';

/** The learning-engine agent plugin. */
export const learningEnginePlugin = definePlugin(manifest, register);
export { manifest as learningEngineManifest };
export type { LearningCycleResult, LearnedValues } from './schemas.ts';
