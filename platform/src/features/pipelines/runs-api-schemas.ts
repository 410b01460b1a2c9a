import { z } from 'zod';
import { PipelineDefinitionSchema } from './definition.ts';

/** Query of GET /api/runs: how many runs (newest first), and of which pipeline. */
export const ListQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), pipeline: z.string().optional() });

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
  startedAt: Timestamp.optional(),
  endedAt: Timestamp.optional(),
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

/** One run with the definition it pinned and its input. */
export const RunSchema = RunSummarySchema.extend({ definition: PipelineDefinitionSchema, input: z.unknown() });

/** Body of GET /api/runs/{id}/steps/{nodeId}/output. */
export const StepOutputSchema = z.object({ nodeId: z.string(), output: z.unknown() });
