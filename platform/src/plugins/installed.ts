import type { AnyPlugin } from '@meetflow/plugin-sdk';
import { leadScoringPlugin } from '@meetflow/plugin-lead-scoring';
import { learningEnginePlugin } from '@meetflow/plugin-learning-engine';
import { outreachPlugin } from '@meetflow/plugin-outreach';
import { ppmPricingPlugin } from '@meetflow/plugin-ppm-pricing';

/**
 * The plugins this platform runs, listed explicitly: a plugin is installed by adding its
 * import here (`npm run new-plugin -- <id>` prints the line to add).
 */
export const installedPlugins: AnyPlugin[] = [leadScoringPlugin, outreachPlugin, learningEnginePlugin, ppmPricingPlugin];
