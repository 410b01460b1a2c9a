import { z } from 'zod';
import { PipelineDefinitionSchema } from './definition.ts';
import { WorkspaceQuery } from '../../../core/http/workspace.ts';

/** The statuses a run may have. */
export const RUN_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;

/** A whole number from 1, from a query string. */
const positiveInt = (error: string) => z.coerce.number({ error }).int({ error }).min(1, { error });

/** A bound of `createdAt`: a day (`2026-11-20`, UTC) or a moment with its offset (`2026-11-20T08:00:00+01:00`). */
const CreatedBound = (bound: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'must be a date (YYYY-MM-DD) or an ISO date-time' })
    .optional()
    .meta({ description: bound });

/**
 * Query of GET /api/runs: which runs (every filter optional, all must match) and which page of
 * them, newest first. Exact: an unknown parameter is a 400 naming it.
 */
export const ListQuery = z
  .object({
    ...WorkspaceQuery.shape,
    pipeline: z.string().min(1).max(200).optional().meta({ description: "Only this pipeline's runs (its id)" }),
    version: positiveInt('must be a version number (1 or more)')
      .optional()
      .meta({ description: 'Only the runs of this version (the version each run pinned; with `pipeline`, of that pipeline)' }),
    status: z.enum(RUN_STATUSES).optional().meta({ description: 'Only runs with this status' }),
    prospect: positiveInt('must be a prospect id (a whole number, 1 or more)')
      .optional()
      .meta({ description: "Only runs for this prospect (its id, as the run's input names it: `input.prospectId`)" }),
    from: CreatedBound('Only runs created at or after this (a day: from its start, UTC)'),
    to: CreatedBound('Only runs created at or before this (a day: to its end, UTC)'),
    limit: z.coerce.number().int().min(1).max(200).default(50).meta({ description: 'Runs per page' }),
    offset: z.coerce.number().int().min(0).default(0).meta({ description: 'Runs to skip (page × limit)' }),
  })
  // Not strictObject: its one issue for every unknown key has no path, this names each key as its field.
  .catchall(z.never({ error: 'is not a parameter of this route' }));
export type RunsListOptions = z.infer<typeof ListQuery>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The `createdAt` bounds of `from` and `to`, both inclusive: a day `from` starts at its midnight, a day `to` ends at its last millisecond (UTC). */
export function createdRange({ from, to }: Pick<RunsListOptions, 'from' | 'to'>): { $gte?: Date; $lte?: Date } {
  const end = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000 - 1);
  return {
    ...(from ? { $gte: new Date(DAY.test(from) ? `${from}T00:00:00.000Z` : from) } : {}),
    ...(to ? { $lte: DAY.test(to) ? end(to) : new Date(to) } : {}),
  };
}

/** Body of POST /api/runs/{id}/rerun: from one step (else the whole run), with a new input (else the old one). */
export const RerunBody = z.object({ fromStep: z.string().min(1).optional(), input: z.unknown().optional() });

/** Path parameters of /api/runs/{id}. */
export const RunParams = z.object({ id: z.string().meta({ description: 'The run id' }) });

/** Path parameters of /api/runs/{id}/steps/{nodeId}/output. */
export const StepOutputParams = RunParams.extend({ nodeId: z.string().meta({ description: 'The step (node) id' }) });

const Timestamp = z.iso.datetime();

/** One step of a run, as the activities record it. */
export const StepRecordSchema = z.object({
  status: z.enum(['pending', 'running', 'completed', 'failed', 'skipped']),
  activity: z.string(),
  pluginVersion: z
    .string()
    .optional()
    .meta({ description: "The version of the plugin (its manifest's) that ran the step, once it has started" }),
  attempts: z.number().int().min(0),
  startedAt: Timestamp.optional(),
  endedAt: Timestamp.optional(),
  outputRef: z.string().optional().meta({ description: '`step-outputs/<runId>/<nodeId>`' }),
  error: z.string().optional(),
  conditionMet: z
    .boolean()
    .optional()
    .meta({ description: 'A step with a condition: whether it held, recorded once the step it reads has completed' }),
});

/** A run as GET /api/runs lists it (without definition and input); stored fields such as `_id` may follow. */
export const RunSummarySchema = z.looseObject({
  runId: z.string(),
  workspaceId: z.string(),
  pipelineId: z.string(),
  pipelineVersion: z.number().int().min(1),
  status: z.enum(['pending', 'running', 'completed', 'failed', 'cancelled']).meta({
    description: '`cancelled`: its batch was cancelled before it finished',
  }),
  steps: z.record(z.string(), StepRecordSchema),
  workflowId: z.string().optional(),
  temporalRunId: z.string().optional(),
  startedAt: Timestamp.optional().meta({
    description: "When the run itself started (a batch's run: when its first step did, not the batch); absent before then",
  }),
  endedAt: Timestamp.optional().meta({
    description: "When the run itself ended (a batch's run: when the last step it ran did, not the batch); absent while it runs",
  }),
  error: z.string().optional(),
  restartedFrom: z.object({ runId: z.string(), nodeId: z.string() }).optional().meta({ description: 'Set on a rerun from a step' }),
  retryOf: z.string().optional().meta({ description: 'Set on a rerun of a whole run' }),
  draft: z
    .boolean()
    .optional()
    .meta({ description: 'True for a test run of an unsaved draft from the editor (its version is the one it was drafted from)' }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** A run as GET /api/runs lists it: its summary, and the prospect it ran for when its input names one. */
export const ListedRunSchema = RunSummarySchema.extend({
  prospectId: z
    .number()
    .int()
    .optional()
    .meta({ description: "The prospect the run was for (its input's `prospectId`), when the input names one" }),
});

/** One run with the definition it pinned and its input. */
export const RunSchema = RunSummarySchema.extend({ definition: PipelineDefinitionSchema, input: z.unknown() });

/** Body of GET /api/runs/{id}/steps/{nodeId}/output. */
export const StepOutputSchema = z.object({ nodeId: z.string(), output: z.unknown() });
