import { z } from 'zod';

/** One dependency's state: whether it answered, how fast, and why not. */
export const CheckResultSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number().int().min(0),
  error: z.string().optional(),
});

/**
 * The body of GET /api/health: `degraded` when any check fails; the status code is 503 only when
 * the API itself cannot serve (the database or Temporal does not answer).
 */
export const HealthReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({
    database: CheckResultSchema,
    temporal: CheckResultSchema,
    worker: CheckResultSchema.optional().meta({
      description: 'Whether a worker has polled the task queue lately (nothing runs without one); absent on an API without product routes',
    }),
  }),
});
