import { Context } from '@temporalio/activity';
import { callMany, singleOf, type BoundActivity, type ListResult, type Logger } from '@meetflow/plugin-sdk';
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
      /** The running attempt's key and when it must end, for `count` executions in it. */
      const inFlight = (count: number) => {
        const { info } = Context.current();
        const key = `${info.workflowExecution?.runId ?? 'standalone'}:${info.activityId}:${info.attempt}`;
        const startedAt = new Date();
        const expiresAt = new Date(startedAt.getTime() + (info.startToCloseTimeoutMs || FALLBACK_TIMEOUT_MS));
        const keys = count === 1 ? [key] : Array.from({ length: count }, (_, index) => `${key}#${index}`);
        return { keys, startedAt, entries: keys.map((one) => ({ key: one, activity: name, startedAt, expiresAt })) };
      };
      // A list of executions (a batch's chunk of runs) is recorded with two writes, not two per
      // execution; one execution is a list of one, with the execution's own key.
      const tracked = singleOf(async (items) => {
        const { keys, startedAt, entries } = inFlight(items.length);
        await record(pluginId, { $push: { inFlight: { $each: entries } }, $set: { lastStartedAt: startedAt } });
        let results: ListResult[] | undefined;
        try {
          results = await callMany(activity, items);
          return results;
        } finally {
          const succeeded = results?.filter((result) => result.ok).length ?? 0;
          await record(pluginId, {
            $pull: { inFlight: { key: { $in: keys } } },
            $inc: { succeeded, failed: items.length - succeeded },
            $set: { lastFinishedAt: new Date() },
          });
        }
      });
      return [name, tracked];
    }),
  );
}
