import { OUTREACH } from '@meetflow/plugin-sdk/contracts/agents';
import { defineManifest } from '@meetflow/plugin-sdk';
import { configSchema } from './config.ts';
import { DECISION_VALUES, TemplatesOutputSchema, WriteSequenceInputSchema, WriteSequenceOutputSchema } from './schemas.ts';
import { z } from 'zod';

const TEMPLATE_LABELS = { 'roi-focused': 'ROI-focused', 'pain-point': 'Pain point', 'value-prop': 'Value proposition' } as const;
const OPENER_ANGLE_LABELS = {
  'most-relevant': 'The most relevant fact',
  growth: 'A growth signal (funding, hiring, headcount)',
  'stack-and-problems': 'Their tools or a problem they state',
  'what-they-sell': 'What they sell and to whom',
} as const;
const SUBJECT_STYLE_LABELS = { 'about-them': 'About their fact', 'about-the-offer': 'About the offer' } as const;

/** The outreach agent: three-email sequences whose personal lines all cite researched facts. */
export const manifest = defineManifest({
  id: OUTREACH.plugin,
  name: 'Personalised outreach',
  version: '0.1.0',
  description:
    "Writes a 3-email sequence for the sender's offer (ROI, pain-point, value-proposition templates ordered by response rate), personalised only with cited research facts and checked by a copy lint.",
  kind: 'agent',
  ui: { icon: 'mail', color: '#0ea5e9', category: 'Outreach', order: 30 },
  config: configSchema,
  // What an experiment may decide per prospect: writeSequence acts on each through its `decisions` input (plan.ts).
  decisionPoints: [
    {
      id: 'first-email-template',
      label: "First email's template",
      description: 'Which template opens the sequence; the other two follow by response rate.',
      activity: 'writeSequence',
      arms: DECISION_VALUES['first-email-template'].map((value) => ({ value, label: TEMPLATE_LABELS[value] })),
    },
    {
      id: 'follow-up-gap',
      label: 'Days before the first follow-up',
      description: 'How many days after the first email the second goes out; the third keeps its gap after it.',
      activity: 'writeSequence',
      arms: DECISION_VALUES['follow-up-gap'].map((value) => ({ value, label: `${value} days` })),
    },
    {
      id: 'opener-angle',
      label: "First email's opener",
      description:
        'Which kind of researched fact the first email opens on, when the prospect has one (the campaign still spreads its openers).',
      activity: 'writeSequence',
      arms: DECISION_VALUES['opener-angle'].map((value) => ({ value, label: OPENER_ANGLE_LABELS[value] })),
    },
    {
      id: 'subject-style',
      label: "First email's subject",
      description: "Whether the first subject line is about the prospect's fact or about the offer.",
      activity: 'writeSequence',
      arms: DECISION_VALUES['subject-style'].map((value) => ({ value, label: SUBJECT_STYLE_LABELS[value] })),
    },
  ],
  activities: {
    writeSequence: {
      description: 'Writes the outreach sequence for one researched prospect; every personal sentence cites its facts.',
      access: 'public',
      input: WriteSequenceInputSchema,
      output: WriteSequenceOutputSchema,
      timeout: '1 minute',
    },
    templates: {
      description: 'The template copy the sequences are written from (subjects, value lines, asks), for the templates screen.',
      access: 'public',
      input: z.object({}),
      output: TemplatesOutputSchema,
      timeout: '10 seconds',
      service: true,
    },
  },
});
