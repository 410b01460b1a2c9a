import { z } from 'zod';
import {
  CONFIG_SCHEMAS,
  CadenceTimingValue,
  LearningSettingsValue,
  ScoringWeightsValue,
  SendingValue,
  TemplatePerformanceValue,
} from './schemas.ts';

/** The body of PUT /api/config/:key, per key. */
export const ConfigBodies = {
  scoringWeights: z.object({ configValue: CONFIG_SCHEMAS.scoringWeights }),
  templatePerformance: z.object({ configValue: CONFIG_SCHEMAS.templatePerformance }),
  cadenceTiming: z.object({ configValue: CONFIG_SCHEMAS.cadenceTiming }),
  learningSettings: z.object({ configValue: CONFIG_SCHEMAS.learningSettings }),
  sending: z.object({ configValue: CONFIG_SCHEMAS.sending }),
} as const;

/** One config entry as served. */
export const ConfigEntrySchema = z.union([
  z.object({ configKey: z.literal('scoringWeights'), configValue: ScoringWeightsValue }),
  z.object({ configKey: z.literal('templatePerformance'), configValue: TemplatePerformanceValue }),
  z.object({ configKey: z.literal('cadenceTiming'), configValue: CadenceTimingValue }),
  z.object({ configKey: z.literal('learningSettings'), configValue: LearningSettingsValue }),
  z.object({ configKey: z.literal('sending'), configValue: SendingValue }),
]);
