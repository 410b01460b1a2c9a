import { z } from 'zod';
import { emailAddress, nonBlank } from '../../../core/http/api-strings.ts';
import { OUTBOX_STATUSES, SequenceStateSchema } from '../../email/services.ts';

const text = (max: number) => nonBlank(max, 'must not be empty', `must be at most ${max} characters`);
const webUrl = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(2048);

/** Body of POST /api/prospects. */
export const NewProspectBody = z.strictObject({
  firstName: text(100),
  lastName: text(100),
  company: text(200),
  email: emailAddress(),
  jobTitle: text(200).optional(),
  website: webUrl.optional(),
  linkedinUrl: webUrl.optional(),
  source: text(100).optional(),
  score: z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100').nullable().optional(),
  industry: text(100).optional(),
  companySize: text(50).optional(),
  employeeCount: z.number().int('must be a whole number').min(0, 'must not be negative').optional(),
  sample: z
    .boolean({ error: 'must be true or false' })
    .optional()
    .describe('True when added from a sample discovery result (the built-in sample database, not a provider); default false.'),
});
export type NewProspect = z.infer<typeof NewProspectBody>;

/** Query of GET /api/prospects. */
export const ProspectListQuery = z.object({
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Words matched case-insensitively against the start of the names, company words and email (all words must match).'),
  industry: nonBlank(100).optional().describe('Exact industry, any case.'),
  minScore: z.coerce.number().min(0).max(100).optional().describe('Only prospects scored at least this (unscored ones are left out).'),
  source: nonBlank(100).optional().describe('Exact source the prospect came from (e.g. linkedin, apollo, csv).'),
  sort: z.enum(['id', 'score']).default('id').describe('`id` ascending, or `score` descending (then id).'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ProspectListOptions = z.infer<typeof ProspectListQuery>;

/** Path of GET /api/prospects/:id. */
export const ProspectIdParams = z.object({
  id: z.string().regex(/^[1-9]\d{0,14}$/, 'must be a positive integer'),
});

/** A prospect as the pipeline list shows it (spec section 3). */
export const ProspectSummary = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string().nullable(),
  company: z.string(),
  email: z.string(),
  score: z.number().nullable(),
  industry: z.string().nullable(),
  sample: z.boolean().describe('True for a fictional person from the built-in sample database: the UI labels it sample data.'),
});
export type ProspectSummaryView = z.infer<typeof ProspectSummary>;

/** One prospect with everything stored about it. */
export const ProspectDetail = ProspectSummary.extend({
  website: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  source: z.string().nullable(),
  companySize: z.string().nullable(),
  employeeCount: z.number().nullable(),
  createdAt: z.iso.datetime(),
});
export type ProspectDetailView = z.infer<typeof ProspectDetail>;

/**
 * Where one email of a prospect's sequence stands: `planned` (not written to the outbox yet: its
 * day has not come), every outbox status (`pending_review` waits in the Review Queue, `queued`
 * waits for its send, `sending`, `sent`, `failed` refused by the server, `suppressed` never sent
 * to a suppressed address, `rejected` in review), or `stopped` (the sequence ended before this step
 * was written, so it never will be).
 */
export const PROFILE_EMAIL_STATUSES = ['planned', ...OUTBOX_STATUSES, 'stopped'] as const;
export type ProfileEmailStatus = (typeof PROFILE_EMAIL_STATUSES)[number];

/** GET /api/prospects/:id/profile: what the detail panel shows. */
export const ProspectProfile = z.object({
  prospect: ProspectDetail,
  research: z
    .object({
      website: z.string(),
      confidence: z.number(),
      facts: z.array(
        z.object({
          id: z.string(),
          kind: z.string(),
          value: z.string(),
          confidence: z.number(),
          evidence: z.object({ url: z.string(), snippet: z.string() }).describe('The page and the words the fact was read from'),
        }),
      ),
    })
    .nullable()
    .describe('The latest research; null before any'),
  score: z
    .object({
      totalScore: z.number(),
      priority: z.string(),
      qualified: z.boolean(),
      reasoning: z.string(),
      dimensions: z
        .array(z.object({ key: z.string(), label: z.string(), score: z.number(), reason: z.string() }).loose())
        .describe('Every dimension with its score (0–100), points and the reason'),
    })
    .nullable()
    .describe('The latest score; null before any'),
  sequence: z
    .object({
      state: SequenceStateSchema.nullable().describe("The sequence workflow's live state; null when never enrolled"),
      emails: z.array(
        z
          .object({
            step: z.number(),
            dayOffset: z.number(),
            subject: z.string().describe('What was sent (or waits to be), as a reviewer left it; the copy as written until then'),
            body: z.string().describe('What was sent (or waits to be), as a reviewer left it; the copy as written until then'),
            status: z
              .enum(PROFILE_EMAIL_STATUSES)
              .describe(
                'planned: not written to the outbox yet; pending_review, queued, sending, sent, failed, suppressed, rejected: its outbox status; stopped: the sequence ended before it was written',
              ),
            edited: z.boolean().describe('True when a reviewer changed the email before approving it'),
          })
          .loose(),
      ),
    })
    .nullable()
    .describe('The latest sequence written for the prospect; null when none (unqualified, or not processed)'),
  runs: z
    .array(z.object({ runId: z.string(), status: z.string(), startedAt: z.string().nullable(), error: z.string().nullable() }))
    .describe("The prospect pipeline's runs for this prospect, newest first (10 at most)"),
});
