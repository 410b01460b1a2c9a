import { createHash, randomUUID } from 'node:crypto';
import { ApplicationFailure, WorkflowFailedError, type Client } from '@temporalio/client';
import type { Connection } from 'mongoose';
import type { RunContext } from '@meetflow/plugin-sdk';
import { InputError } from '../../../core/errors.ts';
import type { PluginHost } from './host.ts';

/** What API routes over plugins need: the host and its database, and Temporal to run activities on the worker. */
export interface PluginApiDeps {
  host: PluginHost;
  connection: Connection;
  temporal: Client;
  taskQueue: string;
}

/** An error class of the platform's vocabulary, built from a plugin failure's message. */
export type FailureClass = new (message: string) => Error;

/** How a call is made: an idempotency key, the failures to translate, the manifest's timeout. */
export interface CallOptions {
  /** Same key, same workflow id: a repeated request joins (or replays) the first one's call. */
  idempotencyKey?: string;
  /** Plugin failure `type` → platform error, e.g. `{ SlotUnavailable: ConflictError }`. */
  failures?: Record<string, FailureClass>;
  /** Start-to-close timeout of the activity, e.g. the manifest's '30 seconds'. */
  timeout?: string;
  /** True when the manifest says the activity heartbeats: an attempt silent for a minute is then retried. */
  heartbeats?: boolean;
}

/** How long a heartbeating activity may go silent before its attempt is retried (as in pipelines). */
const HEARTBEAT_TIMEOUT = '1 minute';

/** The business failure at the root of a failed run, if a plugin threw one. */
function applicationFailureOf(error: WorkflowFailedError): ApplicationFailure | undefined {
  for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof ApplicationFailure) return cause;
  }
  return undefined;
}

// Workflow ids are global to the namespace and bounded in length: hash the caller's key.
function workflowIdFor(activity: string, idempotencyKey: string | undefined): string {
  const key = idempotencyKey === undefined ? randomUUID() : createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40);
  return `plugin-activity-${activity}-${key}`;
}

/**
 * Runs one plugin activity from the API process (activities only run on the worker) through
 * the `runPluginActivity` workflow and awaits its output. `run` is the context the platform
 * decided (the request's workspace and principal, or the platform's own): the workflow hands it
 * to the activity beside its input. A plugin's non-retryable failure becomes the platform error
 * the caller maps its type to; invalid input is always a 400 with the plugin's message naming the
 * field; anything else is rethrown as it is.
 */
export async function callPluginActivity(
  temporal: Client,
  taskQueue: string,
  activity: string,
  input: unknown,
  run: RunContext,
  options: CallOptions = {},
): Promise<unknown> {
  try {
    return await temporal.workflow.execute('runPluginActivity', {
      taskQueue,
      workflowId: workflowIdFor(activity, options.idempotencyKey),
      // A concurrent duplicate request waits for the first one's result instead of failing.
      workflowIdConflictPolicy: 'USE_EXISTING',
      args: [
        {
          activity,
          input,
          run,
          ...(options.timeout ? { timeout: options.timeout } : {}),
          ...(options.heartbeats ? { heartbeatTimeout: HEARTBEAT_TIMEOUT } : {}),
        },
      ],
    });
  } catch (error) {
    if (!(error instanceof WorkflowFailedError)) throw error;
    const failure = applicationFailureOf(error);
    if (failure?.type === 'InvalidActivityInput') throw new InputError(failure.message.replace(/\s*\n\s*/g, ' '));
    const mapped = failure?.type ? options.failures?.[failure.type] : undefined;
    if (failure && mapped) throw new mapped(failure.message);
    throw error;
  }
}

/** How a declared activity is called: the manifest gives the timeouts, the caller the rest. */
export type DeclaredCallOptions = Omit<CallOptions, 'timeout' | 'heartbeats'>;

/**
 * Runs one installed plugin activity through callPluginActivity with what its manifest declares:
 * its timeout, and a heartbeat timeout when it heartbeats (as pipeline steps get them).
 */
export function callDeclaredActivity(
  deps: PluginApiDeps,
  activity: string,
  input: unknown,
  run: RunContext,
  options: DeclaredCallOptions = {},
): Promise<unknown> {
  const declared = deps.host.activityIndex().get(activity);
  return callPluginActivity(deps.temporal, deps.taskQueue, activity, input, run, {
    ...options,
    ...(declared?.timeout ? { timeout: declared.timeout } : {}),
    heartbeats: declared?.heartbeats === true,
  });
}

/**
 * Calls a plugin's service (an activity its manifest marks `service`: a read) in the API process,
 * with no workflow. Failures are translated as for callPluginActivity: invalid input is a 400, a
 * business failure becomes the platform error its type maps to.
 */
export async function callPluginService(
  deps: Pick<PluginApiDeps, 'host' | 'connection'>,
  service: string,
  input: unknown,
  run: RunContext,
  options: Pick<CallOptions, 'failures'> = {},
): Promise<unknown> {
  try {
    return await deps.host.callService(service, input, deps.connection, run);
  } catch (error) {
    if (!(error instanceof ApplicationFailure)) throw error;
    if (error.type === 'InvalidActivityInput') throw new InputError(error.message.replace(/\s*\n\s*/g, ' '));
    const mapped = error.type ? options.failures?.[error.type] : undefined;
    if (mapped) throw new mapped(error.message);
    throw error;
  }
}

/**
 * The most specific message of a failed call, on one line: a failed workflow's root cause says
 * what the plugin met, and its "will retry" is moot once the retries are used up.
 */
export function rootReason(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (let cause: unknown = (error as { cause?: unknown } | null)?.cause; cause instanceof Error; cause = cause.cause)
    message = cause.message;
  return message
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/;\s*will retry\.?$/, '.');
}
