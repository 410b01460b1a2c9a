import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { deliveryWorkflowId, dispatchWorkflowId, type StartDelivery } from './delivery.ts';
import { workspacesWithEndpoints } from './endpoints.ts';
import type { WebhooksDb } from './model.ts';

/** Where the webhook workflows are started, and how often a workspace's new events are looked for. */
export interface WebhookWorkflows {
  client: Client;
  taskQueue: string;
  /** Seconds between two looks for new events (default 2). */
  intervalSeconds?: number;
}

async function startOnce(start: () => Promise<unknown>): Promise<void> {
  try {
    await start();
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

/** Starts a delivery's workflow, unless it runs already (a delivery that settled is never sent again: its attempt finds it settled). */
export const deliveryStarter =
  ({ client, taskQueue }: WebhookWorkflows): StartDelivery =>
  (workspaceId, deliveryId) =>
    startOnce(() =>
      client.workflow.start('webhookDelivery', {
        taskQueue,
        workflowId: deliveryWorkflowId(workspaceId, deliveryId),
        args: [{ workspaceId, deliveryId }],
        workflowIdConflictPolicy: 'USE_EXISTING',
      }),
    );

/** Starts the workspace's dispatching unless it runs already (it ends by itself once no endpoint is enabled). */
export async function ensureDispatch(workflows: WebhookWorkflows, workspaceId: string): Promise<void> {
  await startOnce(() =>
    workflows.client.workflow.start('webhookDispatch', {
      taskQueue: workflows.taskQueue,
      workflowId: dispatchWorkflowId(workspaceId),
      args: [{ workspaceId, intervalSeconds: workflows.intervalSeconds ?? 2 }],
      workflowIdConflictPolicy: 'USE_EXISTING',
    }),
  );
}

/** At start-up: dispatching for every workspace with an enabled endpoint (a run ended or terminated meanwhile starts again). */
export async function resumeDispatch(db: WebhooksDb, workflows: WebhookWorkflows): Promise<number> {
  const workspaces = await workspacesWithEndpoints(db);
  for (const workspaceId of workspaces) await ensureDispatch(workflows, workspaceId);
  return workspaces.length;
}
