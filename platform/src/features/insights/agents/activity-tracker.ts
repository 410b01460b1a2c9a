import { Context } from '@temporalio/activity';
import type { BoundActivity, Logger } from '@meetflow/plugin-sdk';
import type { Model } from 'mongoose';
import type { AgentActivity } from './activity-model.ts';

const FALLBACK_TIMEOUT_MS = 5 * 60_000;

/**
 * Wraps plugin activities so each execution is recorded on its agent's rollup: in flight while
 * it runs, then counted as succeeded or failed. Bookkeeping never fails the activity itself.
 */
export function trackActivities(
  activities: Record<string, BoundActivity>,
  store: Model<AgentActivity>,
  logger: Logger,
): Record<string, BoundActivity> {
  const record = async (pluginId: string, update: object) => {
    try {
      await store.updateOne({ pluginId }, update, { upsert: true });
    } catch (error) {
      logger.warn({ pluginId, err: (error as Error).message }, 'could not record agent activity');
    }
  };
  return Object.fromEntries(
    Object.entries(activities).map(([name, activity]) => {
      const pluginId = name.slice(0, name.indexOf('.'));
      const tracked: BoundActivity = async (input, extra) => {
        const { info } = Context.current();
        const key = `${info.workflowExecution?.runId ?? 'standalone'}:${info.activityId}:${info.attempt}`;
        const startedAt = new Date();
        const expiresAt = new Date(startedAt.getTime() + (info.startToCloseTimeoutMs || FALLBACK_TIMEOUT_MS));
        await record(pluginId, { $push: { inFlight: { key, activity: name, startedAt, expiresAt } }, $set: { lastStartedAt: startedAt } });
        let outcome: 'succeeded' | 'failed' = 'failed';
        try {
          const output = await activity(input, extra);
          outcome = 'succeeded';
          return output;
        } finally {
          await record(pluginId, { $pull: { inFlight: { key } }, $inc: { [outcome]: 1 }, $set: { lastFinishedAt: new Date() } });
        }
      };
      return [name, tracked];
    }),
  );
}
