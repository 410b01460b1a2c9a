import type { Model } from 'mongoose';
import { z } from 'zod';

/** The learning engine's `cycles` collection, as `host.models('learning-engine', connection).cycles` gives it. */
export type CyclesModel = Model<unknown>;

/** One dashboard insight (spec entity Insight) as the learning engine stores it. */
export const InsightSchema = z.object({
  title: z.string(),
  description: z.string(),
  implementedDate: z.string().nullable(),
  impact: z.string(),
  confidence: z.number(),
  type: z.string(),
  color: z.string(),
});
export type Insight = z.output<typeof InsightSchema>;

// The part of a stored cycle the dashboard reads (the plugin's cycles-store.ts owns the full schema).
const StoredCycle = z.object({
  output: z.object({ metrics: z.object({ learning_score: z.number() }), insights: z.array(InsightSchema) }),
});

/** How many learning cycles the workspace has run, and the newest one's learning score (0 when none). */
export async function learningProgress(
  cycles: CyclesModel | undefined,
  workspaceId: string,
): Promise<{ cycles: number; learningScore: number }> {
  if (!cycles) return { cycles: 0, learningScore: 0 }; // no learning engine installed: nothing learned
  const [count, latest] = await Promise.all([
    cycles.countDocuments({ workspaceId }),
    cycles.findOne({ workspaceId }, { output: 1 }).sort({ createdAt: -1, _id: -1 }).lean(),
  ]);
  return { cycles: count, learningScore: latest ? StoredCycle.parse(latest).output.metrics.learning_score : 0 };
}

/** The insights of the newest `limit` cycles, newest cycle first (each cycle's own order kept). */
export async function recentInsights(cycles: CyclesModel | undefined, workspaceId: string, limit: number): Promise<Insight[]> {
  if (!cycles) return [];
  const recent = await cycles.find({ workspaceId }, { output: 1 }).sort({ createdAt: -1, _id: -1 }).limit(limit).lean();
  return recent.flatMap((cycle) => StoredCycle.parse(cycle).output.insights);
}
