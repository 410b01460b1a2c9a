import { ENGAGEMENT_ANALYSIS } from '@meetflow/plugin-sdk/contracts/agents';
import { defineManifest } from '@meetflow/plugin-sdk';
import { engagementConfigSchema } from './config.ts';
import { replyClassificationSchema, replyInputSchema } from './schemas.ts';

/** The engagement-analysis agent: reads prospects' replies and tells the sequence what to do. */
export const manifest = defineManifest({
  id: ENGAGEMENT_ANALYSIS.plugin,
  name: 'Engagement Analysis',
  version: '0.1.0',
  description:
    'Classifies replies to outreach (interested, not now, objection, out of office, unsubscribe, referral, bounce) with explainable rules, and says whether the sequence stops, pauses or continues.',
  kind: 'agent',
  ui: { icon: 'mail-question', color: '#0ea5e9', category: 'Engagement', order: 40 },
  config: engagementConfigSchema,
  activities: {
    classifyReply: {
      description:
        'Classifies one reply with the matched phrases as evidence, its meeting intent, return date or referral, and the action for the sequence.',
      access: 'public',
      input: replyInputSchema,
      output: replyClassificationSchema,
      timeout: '30 seconds',
    },
  },
});
