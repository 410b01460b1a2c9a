import type { AgentActivity } from '../db/models/agent-activity.ts';

/** The statuses the product shows for an agent. */
export type AgentStatus = 'active' | 'learning' | 'analyzing' | 'idle';

/** Percentages computed from real outcomes; null where there is no data yet (the UI says so). */
export interface AgentPerformance {
  accuracy: number | null;
  precision: number | null;
  engagement: number | null;
  success: number | null;
}

const RECENT_MS = 24 * 60 * 60_000;

/**
 * What an agent is doing now: `learning` (the learning engine) or `analyzing` (any other agent)
 * while one of its activities runs, `active` if it worked in the last 24 hours, else `idle`.
 */
export function agentStatus(pluginId: string, activity: AgentActivity | null | undefined, now: Date): AgentStatus {
  const running = (activity?.inFlight ?? []).some((execution) => new Date(execution.expiresAt) > now);
  if (running) return pluginId === 'learning-engine' ? 'learning' : 'analyzing';
  const last = activity?.lastFinishedAt ? new Date(activity.lastFinishedAt).getTime() : 0;
  return now.getTime() - last <= RECENT_MS ? 'active' : 'idle';
}

/**
 * Performance from what has been measured. `success` is the share of the agent's activity
 * executions that succeeded (one decimal). Accuracy, precision and engagement need labelled
 * outcomes (replies and meetings tied back to each agent's decisions) and stay null until then.
 */
export function agentPerformance(activity: AgentActivity | null | undefined): AgentPerformance {
  const total = (activity?.succeeded ?? 0) + (activity?.failed ?? 0);
  const success = total === 0 ? null : Math.round(((activity?.succeeded ?? 0) / total) * 1000) / 10;
  return { accuracy: null, precision: null, engagement: null, success };
}
