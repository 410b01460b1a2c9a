import { z } from 'zod';
import { NOT_BLANK } from '../../../core/http/api-strings.ts';
import { OUTCOME_TYPES } from './event-model.ts';

const fraction = z.number().min(0).max(1);
const lowercase = z.string().regex(NOT_BLANK, 'must not be blank').trim().toLowerCase(); // the embedded database ignores collations

/** An outcome event as services record it; `eventId` is the caller's idempotency key within the workspace. */
export const OutcomeEventInput = z
  .object({
    workspaceId: z.string().min(1),
    eventId: z.string().min(1).max(200),
    type: z.enum(OUTCOME_TYPES),
    at: z.coerce.date(),
    prospectId: z
      .union([z.string().min(1), z.number()])
      .transform(String)
      .optional(),
    template: lowercase.optional().describe('Template family of a sent or replied email, e.g. roi-focused.'),
    step: z.number().int().min(1).optional().describe('Sequence step of a sent or replied email.'),
    dayOffset: z.number().int().min(0).optional().describe('Day offset the step was sent at; the cadence in force when missing.'),
    category: lowercase.optional().describe('Reply class of a replied event (engagement-analysis category).'),
    score: z.number().min(0).max(100).optional().describe('Total lead score of a lead_scored event.'),
    features: z
      .object({ companySize: fraction, industryMatch: fraction, techStack: fraction, jobTitle: fraction, timing: fraction.optional() })
      .optional()
      .describe(
        'The scoring dimensions of a lead_scored event as 0–1 (timing may be missing); the learning cycle fits the weights on them.',
      ),
  })
  .refine((event) => event.type !== 'lead_scored' || event.score !== undefined, {
    path: ['score'],
    message: 'a lead_scored event needs its score',
    // Checked even when other fields are bad, so one 400 names every problem.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });

export type OutcomeEventInput = z.input<typeof OutcomeEventInput>;
export type ParsedOutcomeEvent = z.output<typeof OutcomeEventInput>;

/** Reply classes that count as positive replies (engagement-analysis categories). */
export const POSITIVE_REPLY_CATEGORIES: ReadonlySet<string> = new Set(['interested', 'referral']);
