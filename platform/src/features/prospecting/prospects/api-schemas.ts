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

/**
 * Where a prospect stands in the prospect pipeline, by its latest run (the campaign page's
 * outcomes): never run, running, enrolled in its sequence, scored below the qualification
 * threshold, run to the end without a sequence, or failed (a step failed for good, or cancelled).
 */
export const PROSPECT_STATUSES = ['not-processed', 'in-progress', 'enrolled', 'not-qualified', 'completed', 'failed'] as const;
export type ProspectStatus = (typeof PROSPECT_STATUSES)[number];

/** Whether a prospect has a sequence, as Temporal lists them: none, one still running (active or paused), or one that ended (completed or stopped). */
export const SEQUENCE_FILTERS = ['none', 'running', 'ended'] as const;
export type SequenceFilter = (typeof SEQUENCE_FILTERS)[number];

/** The columns the list sorts by. */
export const PROSPECT_SORTS = ['id', 'name', 'company', 'industry', 'score'] as const;

/** The filters of the prospect list, the CSV export and a selection "by filter", over how a number is read (from a query string, or JSON). */
function filterFields(number: () => z.ZodNumber | z.ZodCoercedNumber) {
  const score = (what: string) =>
    number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100').optional().describe(what);
  return {
    search: z
      .string()
      .trim()
      .max(200)
      .optional()
      .describe('Words matched case-insensitively against the start of the names, company words and email (all words must match).'),
    industry: nonBlank(100)
      .optional()
      .describe(
        "An industry, or the start of its words: the prospects whose industry is one the words name in the industry taxonomy (its label or another name for it: 'fin' finds Financial services & fintech, payments, banking…), or whose own label has words starting so.",
      ),
    minScore: score('Only prospects scored at least this (unscored ones are left out).'),
    maxScore: score('Only prospects scored at most this (unscored ones are left out).'),
    source: nonBlank(100).optional().describe('Exact source the prospect came from (e.g. linkedin, apollo, csv).'),
    campaign: number()
      .int('must be a whole number')
      .min(1, 'must be a campaign id')
      .max(9_999_999_999, 'must be a campaign id')
      .optional()
      .describe("Only the campaign's prospects (a campaign of this workspace)."),
    status: z
      .enum(PROSPECT_STATUSES)
      .optional()
      .describe(
        "Where the prospect pipeline's latest run for the prospect stands: not-processed (never run), in-progress, enrolled, not-qualified, completed (ran to the end without a sequence), failed.",
      ),
    sequence: z
      .enum(SEQUENCE_FILTERS)
      .optional()
      .describe('none: never enrolled; running: its sequence runs (active or paused); ended: its sequence completed or was stopped.'),
  };
}

/** The filters as a query string gives them. */
export const ProspectFilterQuery = z.object(filterFields(() => z.coerce.number()));
/** The filters in a JSON body (a selection by filter): the same, with numbers as numbers. */
export const ProspectFilter = z.strictObject(filterFields(() => z.number()));
export type ProspectFilterValues = z.infer<typeof ProspectFilterQuery>;

const sortFields = {
  sort: z
    .enum(PROSPECT_SORTS)
    .default('id')
    .describe('id (the order they were added), name (last, then first), company, industry or score; ties by id.'),
  order: z
    .enum(['asc', 'desc'])
    .optional()
    .describe('Ascending or descending; default descending for score (unscored last), else ascending.'),
};
export type ProspectSort = { sort: (typeof PROSPECT_SORTS)[number]; order?: 'asc' | 'desc' | undefined };

/** Query of GET /api/prospects. */
export const ProspectListQuery = ProspectFilterQuery.extend({
  ...sortFields,
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ProspectListOptions = z.infer<typeof ProspectListQuery>;

/** A comma-separated list of at most `max` prospect ids in a query string (the pattern says so). */
const idList = (max: number, message: string) =>
  z
    .string()
    .max(max * 16)
    .regex(new RegExp(`^[1-9]\\d{0,14}(,[1-9]\\d{0,14}){0,${max - 1}}$`), message);

/** The most prospects a selection names one by one (beyond that, select by filter). */
export const MAX_CHOSEN = 1_000;

/** Query of GET /api/prospects/export.csv: the list's filters and order, and optionally the prospects chosen one by one. */
export const ProspectExportQuery = ProspectFilterQuery.extend({
  ...sortFields,
  ids: idList(MAX_CHOSEN, `must be at most ${MAX_CHOSEN} prospect ids separated by commas`)
    .optional()
    .describe('Only these prospects (at most 1,000), when they also match the filters.'),
  exclude: idList(MAX_CHOSEN, `must be at most ${MAX_CHOSEN} prospect ids separated by commas`)
    .optional()
    .describe('Leave these prospects out (at most 1,000).'),
});

/** The ids of a query's id list, without repeats (none when absent). */
export const idsOf = (list: string | undefined): number[] => (list ? [...new Set(list.split(',').map(Number))] : []);
const ChosenIds = z.array(
  z.number().int('must be whole numbers').min(1, 'must be prospect ids').max(999_999_999_999_999, 'must be prospect ids'),
);

/**
 * Which prospects a bulk action acts on: some chosen one by one (`ids`), or every prospect
 * matching a filter (`filter`, `{}` for all of them) but those `exclude` names. The server
 * resolves a filter itself, in the caller's workspace: the ids never travel.
 */
export const ProspectSelection = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('ids'),
    ids: ChosenIds.min(1, 'choose at least one prospect').max(MAX_CHOSEN, `at most ${MAX_CHOSEN} prospects; select by filter for more`),
  }),
  z.strictObject({
    kind: z.literal('filter'),
    filter: ProspectFilter.describe("The list's filters; every prospect of the workspace matching them is selected"),
    exclude: ChosenIds.max(MAX_CHOSEN).default([]).describe('Prospects matching the filter to leave out'),
  }),
]);
export type ProspectSelectionValue = z.infer<typeof ProspectSelection>;

/** Body of the bulk actions: the selection they act on. */
export const SelectionBody = z.strictObject({ selection: ProspectSelection });

/** 200 of POST /api/prospects/sequences/stop. */
export const StopSequencesResult = z.object({
  selected: z.number().int().describe('Prospects the selection holds'),
  stopped: z.number().int().describe('Sequences stopped (each was running, active or paused)'),
  notRunning: z.number().int().describe('Selected prospects with no running sequence (never enrolled, or it had ended): nothing to stop'),
});

/** The most prospects GET /api/prospects/states answers for at once. */
export const MAX_STATES = 100;

/** Query of GET /api/prospects/states. */
export const StatesQuery = z.object({
  ids: idList(MAX_STATES, `must be at most ${MAX_STATES} prospect ids separated by commas`).describe(
    'The prospects (at most 100), e.g. the rows of a page',
  ),
});

/** Where one prospect stands: its latest run's status and its sequence. */
export const ProspectState = z.object({
  id: z.number().int(),
  status: z.enum(PROSPECT_STATUSES),
  runId: z.string().nullable().describe('Its latest prospect-pipeline run; null when never run'),
  sequence: z
    .object({
      state: z.enum(['running', 'ended']).describe('running: active or paused; ended: completed or stopped'),
      status: z
        .enum(['active', 'paused', 'stopped', 'completed'])
        .nullable()
        .describe("The sequence's own state; null when its workflow did not answer (the worker is down)"),
      sentSteps: z.number().int().nullable().describe('Emails it has sent; null when its workflow did not answer'),
    })
    .nullable()
    .describe('Its sequence; null when never enrolled'),
});

/** 200 of GET /api/prospects/filters: what the list's filters offer. */
export const ProspectFilterOptions = z.object({
  industries: z.array(z.string()).describe("The industry taxonomy's labels (what research, the ICP and lead scoring name industries by)"),
  sources: z.array(z.string()).describe("The sources the workspace's prospects came from"),
});

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
  source: z.string().nullable().describe('Where the prospect came from (e.g. linkedin, apollo, csv)'),
  sample: z.boolean().describe('True for a fictional person from the built-in sample database: the UI labels it sample data.'),
});
export type ProspectSummaryView = z.infer<typeof ProspectSummary>;

/** One prospect with everything stored about it. */
export const ProspectDetail = ProspectSummary.extend({
  website: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
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
