import type { AnyPlugin } from '@meetflow/plugin-sdk';
import { learningEnginePlugin } from '@meetflow/plugin-learning-engine';
import { ppmPricingPlugin } from '@meetflow/plugin-ppm-pricing';

/**
 * The plugins this platform runs, listed explicitly: a plugin is installed by adding its
 * import here (`npm run new-plugin -- <id>` prints the line to add).
 */
export const installedPlugins: AnyPlugin[] = [learningEnginePlugin, ppmPricingPlugin];
