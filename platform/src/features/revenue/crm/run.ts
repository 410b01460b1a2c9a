import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { CrmSyncActivities, CrmSyncInput, CrmSyncPage } from '@meetflow/workflows';
import { beginSync, CrmSyncStopped, exclusionsPage, finishSync, syncPage, type CrmSyncDeps } from './sync.ts';

/** How often a connected CRM is synced when nobody presses "Sync now". */
export const CRM_SYNC_INTERVAL_MINUTES = 15;

const PREFIX = 'crm-sync:';

/** The workflow id of a workspace's CRM sync: one run per workspace. */
export const crmSyncWorkflowId = (workspaceId: string) => `${PREFIX}${workspaceId}`;

/**
 * The workspace a sync activity acts in: its run context's, the workflow execution that called it
 * (a `crmSync` the platform started as `crm-sync:<workspace>`), never anything in its input.
 */
export function workspaceOfRun(): string {
  const { workflowType, workflowExecution } = Context.current().info;
  const id = workflowExecution?.workflowId ?? '';
  if (workflowType !== 'crmSync' || !id.startsWith(PREFIX) || id.length === PREFIX.length)
    throw ApplicationFailure.create({
      type: 'NotACrmSync',
      nonRetryable: true,
      message: `a CRM sync activity runs only in a crmSync workflow the platform started (called from ${workflowType} ${id})`,
    });
  return id.slice(PREFIX.length);
}

/** The sync's activities on the worker, each in its run's workspace. */
export function crmSyncActivities(deps: CrmSyncDeps, workspaceOf: () => string = workspaceOfRun): CrmSyncActivities {
  const stopped = async <T>(work: () => Promise<T>, orElse: (reason: string) => NoInfer<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof CrmSyncStopped) return orElse(error.message);
      throw error;
    }
  };
  return {
    beginCrmSync: async () => ({ connected: await beginSync(deps.db, workspaceOf()) }),
    syncCrmPage: async () =>
      stopped(
        async (): Promise<CrmSyncPage> => ({ more: (await syncPage(deps, workspaceOf())).more, stopped: null }),
        (reason) => ({ more: false, stopped: reason }),
      ),
    refreshCrmExclusions: async ({ generation, cursor }) =>
      stopped(
        async (): Promise<{ nextCursor: string | null; stopped: string | null }> => ({
          ...(await exclusionsPage(deps, workspaceOf(), generation, cursor)),
          stopped: null,
        }),
        (reason) => ({ nextCursor: null, stopped: reason }),
      ),
    finishCrmSync: ({ generation, error }) => finishSync(deps.db, workspaceOf(), generation, error),
  };
}

/** Where the sync workflows are started. */
export interface CrmSyncStarter {
  client: Client;
  taskQueue: string;
}

/**
 * Asks for a sync of the workspace now ("Sync now", and right after connecting): signals its sync
 * workflow, starting it when none runs. Answers false when one was running already (the asked sync
 * then runs as soon as it is done).
 */
export async function requestCrmSync(starter: CrmSyncStarter, workspaceId: string): Promise<{ started: boolean }> {
  const workflowId = crmSyncWorkflowId(workspaceId);
  const running = await starter.client.workflow
    .getHandle(workflowId)
    .describe()
    .then((description) => description.status.name === 'RUNNING')
    .catch(() => false);
  const args: [CrmSyncInput] = [{ intervalMinutes: CRM_SYNC_INTERVAL_MINUTES }];
  await starter.client.workflow.signalWithStart('crmSync', {
    taskQueue: starter.taskQueue,
    workflowId,
    args,
    signal: 'crmSyncNow',
    signalArgs: [],
  });
  return { started: !running };
}

/** At start-up: the sync of every workspace with a connected CRM (a run ended meanwhile starts again). */
export async function resumeCrmSyncs(starter: CrmSyncStarter, workspaces: readonly string[]): Promise<number> {
  for (const workspaceId of workspaces) {
    try {
      await starter.client.workflow.start('crmSync', {
        taskQueue: starter.taskQueue,
        workflowId: crmSyncWorkflowId(workspaceId),
        args: [{ intervalMinutes: CRM_SYNC_INTERVAL_MINUTES, pending: false } satisfies CrmSyncInput],
        workflowIdConflictPolicy: 'USE_EXISTING',
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }
  return workspaces.length;
}
