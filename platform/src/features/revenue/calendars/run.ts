import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { CalendarReadBack, CalendarSyncActivities, CalendarSyncInput } from '@meetflow/workflows';
import { ServiceUnavailableError } from '../../../core/errors.ts';
import type { CalendarDeps } from './calendars.ts';

/** How often a connected calendar's changes are read back (cancelled and moved meetings). */
export const CALENDAR_SYNC_INTERVAL_MINUTES = 1;

const PREFIX = 'calendar-sync:';

/** The workflow id of a workspace's calendar read-back: one run per workspace (Temporal UI: search this id). */
export const calendarSyncWorkflowId = (workspaceId: string) => `${PREFIX}${workspaceId}`;

/**
 * The workspace the read-back acts in: its run context's, the workflow execution that called it
 * (a `calendarSync` the platform started as `calendar-sync:<workspace>`), never anything in its input.
 */
export function workspaceOfRun(): string {
  const { workflowType, workflowExecution } = Context.current().info;
  const id = workflowExecution?.workflowId ?? '';
  if (workflowType !== 'calendarSync' || !id.startsWith(PREFIX) || id.length === PREFIX.length)
    throw ApplicationFailure.create({
      type: 'NotACalendarSync',
      nonRetryable: true,
      message: `the calendar read-back runs only in a calendarSync workflow the platform started (called from ${workflowType} ${id})`,
    });
  return id.slice(PREFIX.length);
}

/** The read-back's activity on the worker, in its run's workspace (`readBack` is sync.ts's readBackCalendar, composed by the worker). */
export function calendarSyncActivities(
  readBack: (workspaceId: string, at: Date) => Promise<CalendarReadBack>,
  workspaceOf: () => string = workspaceOfRun,
): CalendarSyncActivities {
  return {
    // The workflow's time decides a channel's renewal; a run recorded before it sent one reads the worker's.
    readBackCalendar: (input) =>
      readBack(workspaceOf(), input?.at && Number.isFinite(Date.parse(input.at)) ? new Date(input.at) : new Date()),
  };
}

/** Where the read-back workflows are started. */
export interface CalendarSyncStarter {
  client: Client;
  taskQueue: string;
}

/** What the calendar routes (and the OAuth connect) are built over: the calendar services and where the read-back is started. */
export type CalendarRouteDeps = CalendarDeps & {
  workflows: CalendarSyncStarter;
  /** MEETFLOW_PUBLIC_URL: where the providers' change notifications are sent (only an https one: else polling alone). */
  publicUrl?: string;
  /** Where a refused notification is logged. */
  logger?: { warn(object: object, message: string): void };
};

const input = (): [CalendarSyncInput] => [{ intervalMinutes: CALENDAR_SYNC_INTERVAL_MINUTES }];

/**
 * A calendar was connected: its workspace's read-back reads it now, started when none runs (one
 * run per workspace: a running one is signalled, not started twice). Answers whether it started.
 */
export async function requestCalendarSync(starter: CalendarSyncStarter, workspaceId: string): Promise<{ started: boolean }> {
  const workflowId = calendarSyncWorkflowId(workspaceId);
  const running = await starter.client.workflow
    .getHandle(workflowId)
    .describe()
    .then((description) => description.status.name === 'RUNNING')
    .catch(() => false);
  await starter.client.workflow.signalWithStart('calendarSync', {
    taskQueue: starter.taskQueue,
    workflowId,
    args: input(),
    signal: 'calendarConnected',
    signalArgs: [],
  });
  return { started: !running };
}

/**
 * The provider notified a change in the workspace's calendar: its read-back reads now (signalled,
 * or started when none runs: the account exists, so a run that ended is resumed).
 */
export async function signalCalendarChanged(starter: CalendarSyncStarter, workspaceId: string): Promise<void> {
  await starter.client.workflow.signalWithStart('calendarSync', {
    taskQueue: starter.taskQueue,
    workflowId: calendarSyncWorkflowId(workspaceId),
    args: input(),
    signal: 'calendarChanged',
    signalArgs: [],
  });
}

/**
 * After a calendar was connected (stored already): its read-back, or a 503 saying the calendar is
 * connected but not yet read back (the server's next start resumes it).
 */
export async function startReadBack(starter: CalendarSyncStarter, workspaceId: string, provider: string): Promise<void> {
  try {
    await requestCalendarSync(starter, workspaceId);
  } catch {
    throw new ServiceUnavailableError(
      `${provider} is connected, but reading its changes back could not be started (the workflow service did not answer): it starts with the server's next start.`,
    );
  }
}

/** At start-up: the read-back of every workspace with a connected calendar (a run ended meanwhile starts again; a running one is kept). */
export async function resumeCalendarSyncs(starter: CalendarSyncStarter, workspaces: readonly string[]): Promise<number> {
  for (const workspaceId of workspaces) {
    try {
      await starter.client.workflow.start('calendarSync', {
        taskQueue: starter.taskQueue,
        workflowId: calendarSyncWorkflowId(workspaceId),
        args: input(),
        workflowIdConflictPolicy: 'USE_EXISTING',
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }
  return workspaces.length;
}
