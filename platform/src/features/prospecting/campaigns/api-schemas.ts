import { z } from 'zod';
import { NOT_BLANK, emailAddress, nonBlank } from '../../../core/http/api-strings.ts';
import { CAMPAIGN_STATUSES } from './model.ts';

/** Mailbox public ids a campaign sends through (repeats are dropped; each must be a mailbox of the workspace). */
const MailboxIds = z.array(nonBlank(64, 'must not be empty', 'must be at most 64 characters')).max(100);

/** Body of POST /api/campaigns. */
export const NewCampaignBody = z.strictObject({
  name: nonBlank(200, 'must not be empty', 'must be at most 200 characters'),
  status: z.enum(CAMPAIGN_STATUSES).default('draft'),
  prospectIds: z
    .array(z.number().int('must be whole numbers').positive('must be positive'))
    .max(10_000)
    .default([])
    .describe('Ids of prospects of the same workspace; repeats are dropped.'),
  sliceNames: z
    .array(z.string().regex(NOT_BLANK, 'must not be blank').trim())
    .max(20)
    .default([])
    .describe('ICP slices to score against; empty = every slice'),
  pipelineVersion: z
    .number()
    .int()
    .min(1)
    .nullable()
    .default(null)
    .describe('A saved version of the prospect pipeline; null = the built-in one'),
  mailboxIds: MailboxIds.default([]).describe(
    "Public ids of the workspace's mailboxes its emails go out through, by rotation; empty = every active mailbox. Repeats are dropped.",
  ),
});
export type NewCampaign = z.infer<typeof NewCampaignBody>;

/** A campaign as the outreach screen shows it (spec section 3); ids are integers, sequential per workspace. */
export const CampaignView = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  prospectIds: z.array(z.number().int()),
  mailboxIds: z
    .array(z.string())
    .describe('Public ids of the mailboxes its emails go out through, by rotation; empty = every active mailbox of the workspace'),
});
export type CampaignViewType = z.infer<typeof CampaignView>;

/** Path parameters of /api/campaigns/{id}. */
export const CampaignIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number')
    .meta({ description: 'The campaign id' }),
});

/** What a campaign's prospect has come to in its latest prospect-pipeline run. */
export const PROSPECT_OUTCOMES = ['not-processed', 'pending', 'running', 'enrolled', 'not-qualified', 'completed', 'failed'] as const;

/** Per-stage progress of a batch (the same figures as GET /api/batches/{id}): how many of its runs each step has settled, and how. */
export const StageProgress = z.object({
  nodeId: z.string(),
  label: z.string(),
  total: z.number().int(),
  pending: z.number().int().describe('Not reached yet'),
  running: z.number().int().describe('In a chunk being run now'),
  completed: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int().describe('Not run for this prospect: an earlier step failed, or the prospect did not qualify'),
  done: z.number().int().describe('completed + failed + skipped'),
  condition: z
    .object({ met: z.number().int(), unmet: z.number().int() })
    .nullable()
    .describe(
      'A step with a condition (copy: lead scoring said qualified): for how many runs it held and for how many not, counted as soon as the step it reads answers; null for a step without one',
    ),
});

/** GET /api/campaigns/{id}: a campaign with its latest batch's live progress and what its prospects came to. */
export const CampaignDetail = CampaignView.extend({
  sliceNames: z.array(z.string()).describe('ICP slices its prospects are scored against; empty = every slice'),
  pipelineVersion: z.number().int().nullable().describe('The saved prospect-pipeline version it runs; null = the built-in one'),
  createdAt: z.iso.datetime(),
  batch: z
    .object({
      batchId: z.string(),
      kind: z.enum(['start', 'retry', 'added']),
      startedAt: z.iso.datetime(),
      running: z.boolean(),
      total: z.number().int(),
      stages: z.array(StageProgress),
    })
    .nullable()
    .describe('The latest batch the campaign started; null before any'),
  results: z
    .object({
      prospects: z.number().int(),
      notProcessed: z.number().int().describe('No prospect-pipeline run yet'),
      inProgress: z.number().int(),
      qualified: z.number().int().describe('Scored at or above the qualification threshold (counted as soon as scored, mid-batch too)'),
      enrolled: z.number().int().describe('Qualified, with a written sequence they are enrolled in'),
      notQualified: z.number().int().describe('Scored below the qualification threshold (counted as soon as scored)'),
      failed: z.number().int().describe('A step failed for good (counted as soon as it did), or the run was cancelled'),
      notRunByCampaign: z.number().int().describe('Not run by this campaign\'s batches yet ("run new" runs them)'),
    })
    .describe("Each prospect counted once, by its latest prospect-pipeline run (the campaign's, a Process click's or the seed's)"),
  skipped: z.array(z.object({ reason: z.string(), count: z.number().int() })).describe('Why prospects got no sequence, most common first'),
  failures: z
    .array(z.object({ prospectId: z.number().int(), name: z.string(), runId: z.string(), error: z.string() }))
    .describe('Prospects whose latest run failed (the first 50); "retry failed" runs them again'),
});
export type CampaignDetailView = z.infer<typeof CampaignDetail>;

/** Query of GET /api/campaigns/{id}/prospects. */
export const CampaignProspectsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** One prospect of a campaign, with its run outcome and its sequence's state. */
export const CampaignProspect = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string().nullable(),
  company: z.string(),
  email: z.string(),
  score: z.number().nullable(),
  sample: z.boolean(),
  outcome: z.enum(PROSPECT_OUTCOMES),
  runId: z.string().nullable(),
  error: z.string().nullable(),
  sequence: z
    .object({
      status: z.enum(['active', 'paused', 'stopped', 'completed']),
      sentSteps: z.number().int(),
      nextSendAt: z.string().nullable(),
    })
    .nullable()
    .describe('The live sequence; null when not enrolled'),
});

/** Body of PATCH /api/campaigns/{id}: rename, pause or resume (every sequence is signalled), add or remove prospects, choose its mailboxes. */
export const CampaignPatchBody = z.strictObject({
  name: nonBlank(200, 'must not be empty', 'must be at most 200 characters').optional(),
  status: z
    .enum(['active', 'paused'], { error: 'must be active or paused' })
    .optional()
    .describe('paused holds every enrolled sequence of the campaign until it is active again'),
  addProspectIds: z
    .array(z.number().int('must be whole numbers').positive('must be positive'))
    .max(10_000)
    .default([])
    .describe('Prospects of the workspace to add (an active campaign runs them at once)'),
  removeProspectIds: z
    .array(z.number().int('must be whole numbers').positive('must be positive'))
    .max(10_000)
    .default([])
    .describe('Prospects to take out; their sequences are stopped'),
  mailboxIds: MailboxIds.optional().describe(
    'Replaces the mailboxes its emails go out through (public ids; repeats are dropped); [] = every active mailbox. Emails already given a slot keep it.',
  ),
});

/** What PATCH did beyond the fields: the sequences signalled and the batch started for added prospects. */
export const CampaignPatchResult = z.object({
  campaign: CampaignDetail,
  sequences: z
    .object({ signalled: z.number().int(), notEnrolled: z.number().int(), ended: z.number().int() })
    .describe('Sequences paused, resumed or stopped; those never enrolled or already ended are counted apart'),
  batchId: z.string().nullable().describe('The batch that runs the added prospects, when one started'),
});

/** Body of POST /api/campaigns/{id}/runs. */
export const CampaignRunsBody = z.strictObject({
  prospects: z
    .enum(['new', 'failed', 'all'], { error: 'must be new, failed or all' })
    .default('new')
    .describe(
      'new: those this campaign has not run yet (the first start runs everyone); failed: those whose latest run failed; all: everyone again (enrolment never doubles)',
    ),
  chunkSize: z.number().int().min(1).max(200).default(25).describe('Prospects per activity call'),
});

/** A person from a discovery result to launch a campaign with. */
export const LaunchPerson = z.object({
  firstName: nonBlank(100),
  lastName: nonBlank(100),
  jobTitle: z.string().max(200).trim().nullable().default(null),
  company: nonBlank(200),
  email: emailAddress(),
  industry: z.string().max(100).trim().nullable().default(null),
  website: z.url().nullable().default(null),
  linkedinUrl: z.string().max(500).nullable().default(null),
  employeeCount: z.number().int().min(0).nullable().default(null),
  source: nonBlank(50).describe('The discovery source it came from'),
  sample: z.boolean().default(false),
});

/** People a launch takes at most (the body of 2,000 stays under the API's 1 MB limit; a larger campaign adds prospects by id). */
export const LAUNCH_PEOPLE = 2_000;

/** Body of POST /api/campaigns/launch. */
export const LaunchCampaignBody = z.strictObject({
  name: nonBlank(200, 'must not be empty', 'must be at most 200 characters'),
  sliceNames: z
    .array(z.string().regex(NOT_BLANK, 'must not be blank').trim())
    .max(20)
    .default([])
    .describe('ICP slices to score against; empty = every slice'),
  people: z.array(LaunchPerson).min(1, 'choose at least one person').max(LAUNCH_PEOPLE, 'at most 2,000 people a campaign'),
  chunkSize: z.number().int().min(1).max(200).default(25).describe('Prospects per activity call'),
});
