import type { AnyPlugin } from '@meetflow/plugin-sdk';
import { engagementAnalysisPlugin } from '@meetflow/plugin-engagement-analysis';
import { leadScoringPlugin } from '@meetflow/plugin-lead-scoring';
import { learningEnginePlugin } from '@meetflow/plugin-learning-engine';
import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import { outreachPlugin } from '@meetflow/plugin-outreach';
import { researchPlugin } from '@meetflow/plugin-research';
import { sourceApolloPlugin } from '@meetflow/plugin-source-apollo';
import { sourceCrunchbasePlugin } from '@meetflow/plugin-source-crunchbase';
import { sourceLinkedinPlugin } from '@meetflow/plugin-source-linkedin';
import { sourceZoominfoPlugin } from '@meetflow/plugin-source-zoominfo';
import { ppmPricingPlugin } from '@meetflow/plugin-ppm-pricing';

/**
 * The plugins this platform runs, listed explicitly: a plugin is installed by adding its
 * import here (`npm run new-plugin -- <id>` prints the line to add).
 */
export const installedPlugins: AnyPlugin[] = [
  researchPlugin, leadScoringPlugin, outreachPlugin, engagementAnalysisPlugin, meetingBookingPlugin, learningEnginePlugin, ppmPricingPlugin,
  sourceLinkedinPlugin, sourceCrunchbasePlugin, sourceApolloPlugin, sourceZoominfoPlugin,
];
