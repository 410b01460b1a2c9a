import { z } from 'zod';

/** One dependency's state: whether it answered, how fast, and why not. */
export const CheckResultSchema = z.object({
  ok: z.boolean(),
  latencyMs: z.number().int().min(0),
  error: z.string().optional(),
});

/** The body of GET /api/health (200 when `ok`, 503 when `degraded`). */
export const HealthReportSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({ database: CheckResultSchema, temporal: CheckResultSchema }),
});
