import { proxyActivities } from '@temporalio/workflow';

/** One plugin activity to run, by its namespaced name. */
export interface RunPluginActivityInput {
  /** `<plugin>.<activity>`, e.g. `research.enrichCompany`. */
  activity: string;
  input: unknown;
  /**
   * Where and for whom it runs, as the platform decided (the API from the request's access): given
   * to the activity beside its input. Absent in histories recorded before it existed.
   */
  run?: unknown;
  /** Start-to-close timeout, e.g. '30 seconds' (the manifest's, when the caller has it). */
  timeout?: string;
  /** Heartbeat timeout for an activity that heartbeats, e.g. '1 minute': a silent attempt is retried without waiting out `timeout`. */
  heartbeatTimeout?: string;
}

/**
 * Runs a single plugin activity durably: the smallest pipeline, used to try a plugin from the
 * UI or a test, with the same retries and validation as inside a full pipeline.
 */
export async function runPluginActivity(request: RunPluginActivityInput): Promise<unknown> {
  const activities = proxyActivities<Record<string, (input: unknown, extra?: { run: unknown }) => Promise<unknown>>>({
    startToCloseTimeout: request.timeout ?? '1 minute',
    ...(request.heartbeatTimeout ? { heartbeatTimeout: request.heartbeatTimeout } : {}),
    retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 5 },
  });
  // The proxy resolves any name; callers validate names against the plugin registry first.
  return request.run ? activities[request.activity]!(request.input, { run: request.run }) : activities[request.activity]!(request.input);
}
