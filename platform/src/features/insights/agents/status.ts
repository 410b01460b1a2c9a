import { LEARNING_ENGINE, MEETING_BOOKING, OUTREACH } from '@meetflow/plugin-sdk/contracts/agents';
import { percentOf } from '../../../core/numbers.ts';
import type { AgentActivity } from './activity-model.ts';

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
  if (running) return pluginId === LEARNING_ENGINE.plugin ? 'learning' : 'analyzing';
  const last = activity?.lastFinishedAt ? new Date(activity.lastFinishedAt).getTime() : 0;
  return now.getTime() - last <= RECENT_MS ? 'active' : 'idle';
}

/** Minutes, hours or days, whichever reads best, for "… ago". */
function ago(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return minutes <= 1 ? 'a minute ago' : `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} hour${hours === 1 ? '' : 's'} ago` : `${Math.round(hours / 24)} days ago`;
}

/**
 * What the agent is doing, in a sentence for the sidebar's tooltip: the activities running
 * now, else when it last finished one, else that it has not run yet.
 */
export function agentActivityText(activity: AgentActivity | null | undefined, now: Date): string {
  const running = (activity?.inFlight ?? []).filter((execution) => new Date(execution.expiresAt) > now);
  if (running.length > 0) {
    const names = [...new Set(running.map((execution) => execution.activity.split('.').pop()))].join(', ');
    return `Running ${names} (${running.length} in progress)`;
  }
  if (!activity?.lastFinishedAt) return 'Has not run yet';
  const done = activity.succeeded + activity.failed;
  return `Last finished work ${ago(now.getTime() - new Date(activity.lastFinishedAt).getTime())}; ${done} run${done === 1 ? '' : 's'}, ${activity.failed} failed`;
}

/** The workspace's outcome totals an agent's performance can be read from (the dashboard's rollup). */
export interface OutcomeTotals {
  sends: number;
  replies: number;
  meetingsAttended: number;
  noShows: number;
}

/**
 * Performance from what has been measured, one decimal, null where nothing is:
 * - `success`: for meeting booking the show-up rate (attended ÷ attended + no-shows); for every
 *   other agent the share of its activity executions that succeeded;
 * - `engagement`: for outreach, replies ÷ emails sent;
 * - accuracy and precision need labelled outcomes tied back to each decision and stay null.
 */
export function agentPerformance(
  pluginId: string,
  activity: AgentActivity | null | undefined,
  totals?: OutcomeTotals | null,
): AgentPerformance {
  const executions = percentOf(activity?.succeeded ?? 0, (activity?.succeeded ?? 0) + (activity?.failed ?? 0));
  const showUps = totals ? percentOf(totals.meetingsAttended, totals.meetingsAttended + totals.noShows) : null;
  return {
    accuracy: null,
    precision: null,
    engagement: pluginId === OUTREACH.plugin && totals ? percentOf(totals.replies, totals.sends) : null,
    success: pluginId === MEETING_BOOKING.plugin ? (showUps ?? executions) : executions,
  };
}
