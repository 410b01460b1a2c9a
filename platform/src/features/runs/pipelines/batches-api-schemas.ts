import { z } from 'zod';

/** Body of POST /api/pipelines/{id}/batches: one run per input, all of the same pinned version. */
export const BatchBody = z.object({
  inputs: z.array(z.unknown()).min(1).max(5_000),
  version: z.number().int().min(1).optional(),
  chunkSize: z.number().int().min(1).max(500).default(50).meta({ description: 'Runs per activity call' }),
});

/** A started batch. */
export const StartedBatchSchema = z.object({
  batchId: z.string(),
  workflowId: z.string(),
  firstRunId: z.string(),
  total: z.number().int(),
});

/** Path parameters of /api/batches/{id}. */
export const BatchParams = z.object({ id: z.string().meta({ description: 'The batch id' }) });

const Count = z.number().int().min(0);
const Timestamp = z.iso.datetime();

/** One stage (node) of a batch: its runs by where that step stands. */
export const BatchStageSchema = z.object({
  nodeId: z.string(),
  label: z.string().meta({ description: "The node's label, else its id" }),
  activity: z.string(),
  total: Count,
  pending: Count,
  running: Count.meta({ description: 'In a chunk being run now' }),
  completed: Count,
  failed: Count,
  skipped: Count.meta({ description: 'Not run: a condition did not hold, an earlier step failed, or the batch was cancelled' }),
  condition: z
    .object({
      met: Count.meta({ description: 'Runs for which it held: the step runs (or ran) for them' }),
      unmet: Count.meta({ description: 'Runs for which it did not: the step is (or will be) skipped' }),
    })
    .nullable()
    .meta({
      description:
        "A step with a condition: how it came out for the runs whose value it reads has come (known as soon as that step answers, before this step's turn); null for a step without one",
    }),
});

/** A failed run of a batch, as the batch page lists it. */
export const BatchFailureSchema = z.object({
  runId: z.string(),
  nodeId: z.string().nullable().meta({ description: 'The step that failed, when the error names it' }),
  error: z.string().meta({ description: "What the step met, without the run's prefix" }),
  input: z.object({
    prospectId: z.union([z.number(), z.string()]).nullable().meta({ description: "The input's prospectId, when it has one" }),
    summary: z.string().meta({ description: 'The input in one short line' }),
  }),
});

/** GET /api/batches/{id}: where a batch stands, how fast it goes, what failed, and its retries. */
export const BatchViewSchema = z.object({
  batchId: z.string(),
  pipeline: z.object({ id: z.string(), name: z.string(), version: z.number().int().min(1) }),
  status: z.enum(['running', 'completed', 'cancelled']),
  startedAt: Timestamp,
  finishedAt: Timestamp.nullable().meta({ description: 'When its last run ended; null while it runs' }),
  total: Count,
  runs: z
    .object({ pending: Count, running: Count, completed: Count, failed: Count, cancelled: Count })
    .meta({ description: 'Runs by status (while it runs: completed = every step settled, failed = a step failed)' }),
  stages: BatchStageSchema.array().meta({ description: 'One per node, in the order of the definition' }),
  runsPerMinute: z
    .number()
    .min(0)
    .nullable()
    .meta({ description: 'Runs finished per minute so far (a run counts in part as each of its steps ends); null before any step has' }),
  etaSeconds: z.number().int().min(0).nullable().meta({ description: 'Seconds left at that pace; null once it has ended' }),
  failures: BatchFailureSchema.array().meta({ description: 'The first 50 failed runs (runs.failed counts them all)' }),
  retryOf: z.string().nullable().meta({ description: 'The batch whose failed runs this one retries' }),
  retries: z
    .object({ batchId: z.string(), startedAt: Timestamp, total: Count })
    .array()
    .meta({ description: "Batches that retried this one's failed runs, oldest first" }),
});

/** 201 of POST /api/batches/{id}/retry-failed: the new batch, linked to the one it retries. */
export const RetryBatchSchema = StartedBatchSchema.extend({ retryOf: z.string() });
