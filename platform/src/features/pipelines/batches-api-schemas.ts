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

/** Where a batch stands: its runs by status (from the run records) and per-step counts (from the workflow). */
export const BatchStatusSchema = z.object({
  batchId: z.string(),
  total: z.number().int(),
  runs: z.record(z.string(), z.number().int()).meta({ description: 'Runs by status: pending, running, completed, failed' }),
  progress: z
    .object({
      total: z.number().int(),
      levels: z.number().int(),
      level: z.number().int(),
      nodes: z.record(z.string(), z.record(z.string(), z.number().int())),
    })
    .nullable()
    .meta({ description: 'Per-step counts from the running workflow; null once it has finished' }),
});
