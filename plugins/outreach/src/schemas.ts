import { FactSchema } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { CadenceTimingSchema, TEMPLATE_IDS, TemplatePerformanceSchema } from './config.ts';
import { OfferSchema } from './offer.ts';

/** The part of the research agent's result that outreach reads; only `facts` may be quoted. */
export const ResearchSubsetSchema = z.object({
  companyName: z.string().optional(),
  companyInfo: z.string().optional(),
  industry: z.string().nullable().optional(),
  painPoints: z.array(z.string()).default([]),
  techStack: z.array(z.string()).default([]),
  facts: z.array(FactSchema).default([]),
});

export type ResearchSubset = z.infer<typeof ResearchSubsetSchema>;

export const OutreachProspectSchema = z.object({
  firstName: z.string().min(1),
  lastName: z.string(),
  jobTitle: z.string(),
  company: z.string().min(1),
  email: z.string(),
});

export type OutreachProspect = z.infer<typeof OutreachProspectSchema>;

/** The most a campaign's first emails may open on one kind of fact (issue #32), when a prospect has another kind to open on. */
export const MAX_OPENER_SHARE = 0.4;

/**
 * A campaign's first emails written so far, as the platform counts them: how many there are and
 * how many open on each kind of fact (the rest open without one). Counts may lag (prospects of a
 * batch are written at once): the writer spreads its choice anyway.
 */
export const CampaignOpenersSchema = z
  .object({
    firstEmails: z.number().int().min(0).describe("First emails written so far in the prospect's campaign."),
    kinds: z
      .record(z.string().min(1), z.number().int().min(0))
      .describe('How many of them open on each kind of fact, e.g. { "hiring": 4, "funding": 1 }.'),
  })
  .refine(({ firstEmails, kinds }) => Object.values(kinds).reduce((sum, count) => sum + count, 0) <= firstEmails, {
    message: 'the opener kinds add up to more than firstEmails: each first email opens on at most one kind of fact',
    path: ['kinds'],
  });

export type CampaignOpeners = z.infer<typeof CampaignOpenersSchema>;

/** The days an experiment may wait between the first email and the first follow-up (the spec's cadence waits 5). */
export const FOLLOW_UP_GAPS = ['3', '5', '7'] as const;

/**
 * Which kinds of fact the first email prefers to open on, when the prospect has one: the
 * writer's own choice by relevance ('most-relevant'), a growth signal, their stack and stated
 * problems, or what they sell and to whom. A preference, not a rule: the campaign's 40% cap on
 * one kind of opener still wins, and a prospect without such a fact opens on what it has.
 */
export const OPENER_ANGLES = {
  'most-relevant': [],
  growth: ['funding', 'hiring', 'employees'],
  'stack-and-problems': ['tech', 'pain-point'],
  'what-they-sell': ['product', 'customer', 'value', 'description'],
} as const satisfies Record<string, readonly string[]>;
export type OpenerAngle = keyof typeof OPENER_ANGLES;

/** The first email's subject: about the fact it opens on ('about-them'), or the template's line about the offer. */
export const SUBJECT_STYLES = ['about-them', 'about-the-offer'] as const;
export type SubjectStyle = (typeof SUBJECT_STYLES)[number];

/** The decision points the writer acts on (declared in the manifest): their ids and values, checked at the boundary. */
export const DECISION_VALUES = {
  'first-email-template': TEMPLATE_IDS,
  'follow-up-gap': FOLLOW_UP_GAPS,
  'opener-angle': Object.keys(OPENER_ANGLES) as OpenerAngle[],
  'subject-style': SUBJECT_STYLES,
} as const;

/**
 * The values experiments chose, keyed by decision point. A record of strings (the platform's
 * decision step passes every decision it made); a known decision point with a value it cannot
 * take is refused, naming both; any other key is not the writer's and is ignored.
 */
export const DecisionsSchema = z.record(z.string(), z.string()).superRefine((decisions, ctx) => {
  for (const [point, allowed] of Object.entries(DECISION_VALUES) as Array<[string, readonly string[]]>) {
    const value = decisions[point];
    if (value !== undefined && !allowed.includes(value))
      ctx.addIssue({ code: 'custom', path: [point], message: `"${value}" is not a value of ${point} (${allowed.join(', ')})` });
  }
});
export type Decisions = z.infer<typeof DecisionsSchema>;

export const WriteSequenceInputSchema = z.object({
  prospect: OutreachProspectSchema,
  research: ResearchSubsetSchema,
  scoring: z.object({ totalScore: z.number(), priority: z.string() }).optional(),
  offer: OfferSchema,
  signature: z
    .string()
    .optional()
    .describe("The sending mailbox's signature; replaces the sender's name, title and company under the emails."),
  templatePerformance: TemplatePerformanceSchema.optional().describe('Overrides the configured template response rates.'),
  cadenceTiming: CadenceTimingSchema.optional().describe('Overrides the configured cadence.'),
  firstTemplate: z
    .enum(TEMPLATE_IDS)
    .nullable()
    .optional()
    .describe(
      "The first email's template when an experiment chose it (or applied its winner); overrides the performance-based pick. Null or absent: that pick.",
    ),
  decisions: DecisionsSchema.optional().describe(
    "What experiments chose for this prospect, by decision point (the manifest's decisionPoints): 'first-email-template' opens the sequence with that template (over firstTemplate), 'follow-up-gap' waits that many days before the first follow-up, 'opener-angle' prefers a kind of fact for the first email's opener, 'subject-style' says what the first subject is about.",
  ),
  campaignOpeners: CampaignOpenersSchema.optional().describe(
    "The prospect's campaign so far: the first email opens on a kind of fact that keeps any one kind at most 40% of them.",
  ),
});

export type WriteSequenceInput = z.infer<typeof WriteSequenceInputSchema>;

/** The part of an email a sentence plays (absent when a language model wrote it). */
export const MOVES = ['greeting', 'follow-up', 'opener', 'bridge', 'offer', 'proof', 'ask', 'sign-off'] as const;
export type Move = (typeof MOVES)[number];

/** One sentence of an email and the facts it rests on (none for generic lines). */
export const SentenceSchema = z.object({ text: z.string().min(1), factIds: z.array(z.string()), move: z.enum(MOVES).optional() });
export type Sentence = z.infer<typeof SentenceSchema>;

export const EmailSchema = z.object({
  step: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** Days after enrolment on which this email goes out. */
  dayOffset: z.number().int().min(0),
  template: z.enum(TEMPLATE_IDS),
  subject: z.string().min(1),
  /** The sentences joined by blank lines. */
  body: z.string().min(1),
  sentences: z.array(SentenceSchema).min(1),
});

export type Email = z.infer<typeof EmailSchema>;

export const WriteSequenceOutputSchema = z.object({
  sequence: z.array(EmailSchema).length(3),
  overallStrategy: z.string(),
  /** Fraction: the templates' response rates weighted by step. */
  expectedResponseRate: z.number().min(0).max(1),
  /** 0–1: how many of the personal lines a sequence can carry were filled with researched facts. */
  confidence: z.number().min(0).max(1),
  citations: z.array(z.object({ factId: z.string(), url: z.string(), snippet: z.string() })),
  writer: z.enum(['templates', 'llm']),
  /** What the platform counts per campaign (CampaignOpeners): the kind of fact the first email opens on, null when it opens on none. */
  openerKind: z.string().nullable().optional(),
});

export type WriteSequenceOutput = z.infer<typeof WriteSequenceOutputSchema>;

/** Output of templates: the template copy, in the order the copywriter prefers them before anything is learned. */
export const TemplatesOutputSchema = z.object({
  templates: z.array(
    z.object({
      id: z.enum(TEMPLATE_IDS),
      subjects: z.array(z.string()).describe('Subject lines, slots such as {firstName} left as they are.'),
      valueLines: z.array(z.string()).describe("The sender's offer, after the personal lines."),
      asks: z.array(z.string()).describe('The closing question or call to action.'),
    }),
  ),
});
