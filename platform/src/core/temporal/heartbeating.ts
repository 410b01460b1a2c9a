import { Context } from '@temporalio/activity';

/**
 * The workers' `maxHeartbeatThrottleInterval`: how long a heartbeat's details may wait in the worker
 * before they reach Temporal (the SDK sends the first at once, then at most one per this interval;
 * by default up to 80% of the heartbeat timeout, 48 s for a chunk). A batch chunk's details say how
 * its runs stand (ChunkProgress), which the batch page shows, so they are sent within a second.
 */
export const HEARTBEAT_THROTTLE = '1 second';

/** How often an activity wrapped by {@link heartbeating} heartbeats while it runs. */
export const HEARTBEAT_EVERY_MS = 10_000;

/**
 * `activity`, heartbeating every `everyMs` while it runs (none for one that ends sooner, so a
 * quick call costs Temporal nothing more). Paired with a heartbeat timeout a few beats long on
 * the workflow's side, an attempt whose worker was killed, or whose answer a Temporal outage
 * lost, is tried again once that timeout passes instead of once its whole start-to-close timeout has.
 * Called outside an activity (a test calling it directly), it only calls through.
 */
export function heartbeating<Args extends unknown[], Result>(
  activity: (...args: Args) => Promise<Result>,
  everyMs = HEARTBEAT_EVERY_MS,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    let context: Context;
    try {
      context = Context.current();
    } catch {
      return activity(...args); // not in an activity: nobody to heartbeat to
    }
    const beat = setInterval(() => context.heartbeat(), everyMs);
    try {
      return await activity(...args);
    } finally {
      clearInterval(beat);
    }
  };
}

/**
 * Heartbeats every `everyMs` (with the details last given) while the work makes progress: each
 * `progress()` (a unit of the work begun) allows it `stallMs` more; once that passes without
 * one, the beats stop. With a heartbeat timeout a few beats long, an attempt whose worker was
 * killed is retried once that timeout passes, and one whose unit hung once its allowance and the
 * timeout have; instead of a timeout as long as a whole unit for both. Outside an activity (a
 * test calling the work directly) it does nothing. `stop()` ends the beats.
 */
export function progressHeartbeat(stallMs: number, everyMs = HEARTBEAT_EVERY_MS) {
  let context: Context;
  try {
    context = Context.current();
  } catch {
    return { progress: (_details?: unknown) => {}, stop: () => {} };
  }
  let progressAt = Date.now();
  let details: unknown;
  const beat = setInterval(() => {
    if (Date.now() - progressAt < stallMs) context.heartbeat(details);
  }, everyMs);
  return {
    progress(next?: unknown) {
      progressAt = Date.now();
      details = next;
      context.heartbeat(next);
    },
    stop: () => clearInterval(beat),
  };
}
