// @meetflow/plugin-engagement-analysis: classifies replies to outreach with explainable rules.
import { definePlugin } from '@meetflow/plugin-sdk';
import { createEngagementActivities } from './activities.ts';
import { manifest } from './manifest.ts';

/** The engagement-analysis plugin, as the platform installs it. */
export const engagementAnalysisPlugin = definePlugin(manifest, createEngagementActivities);

export { classifyReply } from './classify.ts';
export type { ReplyCategory, ReplyClassification, ReplyInput } from './schemas.ts';
