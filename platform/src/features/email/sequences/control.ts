import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { sequenceWorkflowId } from './enrollment.ts';
import { ConflictError } from '../../../core/errors.ts';
import { SequenceStateSchema, type SequenceAction, type SequenceStateView } from './api-schemas.ts';

/** The live state of a prospect's sequence (its workflow's `state` query); null when it was never enrolled. */
export async function sequenceStateOf(temporal: Client, workspaceId: string, prospectId: number): Promise<SequenceStateView | null> {
  try {
    return SequenceStateSchema.parse(await temporal.workflow.getHandle(sequenceWorkflowId(workspaceId, prospectId)).query('state'));
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
}

const FINISHED = new Set(['stopped', 'completed']);

/**
 * Pauses, resumes or stops one prospect's sequence (the `control` signal), then answers its
 * state. 409 when it has no sequence or the sequence has ended (the caller answers 404 for an
 * unknown prospect first). Pausing a paused sequence (or resuming an active one) changes nothing
 * and is not an error.
 */
export async function controlSequence(
  temporal: Client,
  workspaceId: string,
  prospectId: number,
  action: SequenceAction,
): Promise<SequenceStateView> {
  const before = await sequenceStateOf(temporal, workspaceId, prospectId);
  if (!before)
    throw new ConflictError(`Prospect ${prospectId} is not in a sequence: process it first (only qualified prospects are enrolled)`);
  if (FINISHED.has(before.status))
    throw new ConflictError(
      `Prospect ${prospectId}'s sequence has ${before.status === 'completed' ? 'completed' : 'stopped'}: there is nothing to ${action}`,
    );
  if (action === 'send-now') refuseSendNow(prospectId, before);
  const handle = temporal.workflow.getHandle(sequenceWorkflowId(workspaceId, prospectId));
  await handle.signal('control', { action });
  return SequenceStateSchema.parse(await handle.query('state'));
}

/** Send now only moves a step that is still waiting for its day. */
function refuseSendNow(prospectId: number, state: SequenceStateView): void {
  if (state.pausedByUser) throw new ConflictError(`Prospect ${prospectId}'s sequence is paused: resume it first.`);
  if (state.waitingFor === 'review')
    throw new ConflictError(`Step ${state.nextStep} is due already: it waits for approval in the Review Queue.`);
  if (state.waitingFor === 'send')
    throw new ConflictError(`Step ${state.nextStep} is due already: it waits for its send (${state.waitReason ?? 'guardrails'}).`);
  if (state.nextStep === null) throw new ConflictError(`Prospect ${prospectId}'s sequence has no step left to send.`);
}

/**
 * Sends the same control to many prospects' sequences (a campaign's pause or resume): those
 * never enrolled or already ended are counted, not failed. Signals go a few at a time.
 */
export async function controlSequences(
  temporal: Client,
  workspaceId: string,
  prospectIds: readonly number[],
  action: SequenceAction,
): Promise<{ signalled: number; notEnrolled: number; ended: number }> {
  const counts = { signalled: 0, notEnrolled: 0, ended: 0 };
  const queue = [...prospectIds];
  await Promise.all(
    Array.from({ length: Math.min(8, queue.length) }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const handle = temporal.workflow.getHandle(sequenceWorkflowId(workspaceId, id));
        try {
          await handle.signal('control', { action });
          counts.signalled += 1;
        } catch (error) {
          if (!(error instanceof WorkflowNotFoundError)) throw error;
          // A closed workflow refuses signals with the same error as a missing one; tell them apart.
          const exists = await handle.describe().then(
            () => true,
            () => false,
          );
          if (exists) counts.ended += 1;
          else counts.notEnrolled += 1;
        }
      }
    }),
  );
  return counts;
}

/**
 * Signals a prospect's sequence; answers false when there is none running (never enrolled, or
 * ended), which callers treat as nothing left to tell.
 */
export async function signalSequence(
  temporal: Client,
  workspaceId: string,
  prospectId: number,
  signal: string,
  arg: object,
): Promise<boolean> {
  try {
    await temporal.workflow.getHandle(sequenceWorkflowId(workspaceId, prospectId)).signal(signal, arg);
    return true;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}
