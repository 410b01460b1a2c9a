import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { ConflictError } from '../../../core/errors.ts';
import { SequenceStateSchema, type SequenceAction, type SequenceStateView } from './api-schemas.ts';
import { sequenceAddresses, type SequenceAddress, type SequenceDirectoryDb } from './directory.ts';

/** What addressing a prospect's sequence needs: Temporal, and the directory saying which workflow runs it. */
export interface SequenceDeps {
  temporal: Client;
  db: SequenceDirectoryDb;
}

/** The signals a prospect's sequence takes, wherever it runs. */
export type SequenceSignal = 'reply' | 'unsubscribe' | 'approve' | 'reject' | 'control';

const FINISHED = new Set(['stopped', 'completed']);

/** A closed workflow refuses signals with "not found"; some server versions say "already completed". */
const isGone = (error: unknown) =>
  error instanceof WorkflowNotFoundError || /already completed|not found/i.test((error as Error)?.message ?? '');

/**
 * Asks the states of some prospects' sequences of one workspace: alone ones one by one, a group's
 * members in one query per group. A workflow that does not answer fails the whole question, or,
 * with `unanswered: 'null'` (a page that shows live states beside others), leaves its prospects' states null.
 */
export async function sequenceStatesOf(
  deps: SequenceDeps,
  workspaceId: string,
  prospectIds: readonly number[],
  addresses?: ReadonlyMap<number, SequenceAddress>,
  unanswered: 'throw' | 'null' = 'throw',
): Promise<Map<number, SequenceStateView | null>> {
  const where = addresses ?? (await sequenceAddresses(deps.db, workspaceId, prospectIds));
  const states = new Map<number, SequenceStateView | null>();
  const groups = new Map<string, number[]>();
  const alone: number[] = [];
  for (const prospectId of new Set(prospectIds)) {
    const address = where.get(prospectId);
    if (address?.kind === 'member') groups.set(address.workflowId, [...(groups.get(address.workflowId) ?? []), prospectId]);
    else alone.push(prospectId);
  }
  const asked = async (ask: () => Promise<unknown>) => {
    try {
      return await ask();
    } catch (error) {
      if (error instanceof WorkflowNotFoundError || unanswered === 'null') return null;
      throw error;
    }
  };
  await Promise.all([
    ...alone.map(async (prospectId) => {
      const answer = await asked(() => deps.temporal.workflow.getHandle(where.get(prospectId)?.workflowId ?? '').query('state'));
      states.set(prospectId, answer === null ? null : SequenceStateSchema.parse(answer));
    }),
    ...[...groups].map(async ([workflowId, members]) => {
      const answer = (await asked(() => deps.temporal.workflow.getHandle(workflowId).query('memberStates', members))) as Record<
        string,
        unknown
      > | null;
      for (const prospectId of members) {
        const state = answer?.[String(prospectId)];
        states.set(prospectId, state === undefined ? null : SequenceStateSchema.parse(state));
      }
    }),
  ]);
  return states;
}

/** The live state of a prospect's sequence (asked of its workflow); null when it was never enrolled. */
export async function sequenceStateOf(deps: SequenceDeps, workspaceId: string, prospectId: number): Promise<SequenceStateView | null> {
  return (await sequenceStatesOf(deps, workspaceId, [prospectId])).get(prospectId) ?? null;
}

/**
 * Pauses, resumes or stops one prospect's sequence (the `control` signal), then answers its
 * state. 409 when it has no sequence or the sequence has ended (the caller answers 404 for an
 * unknown prospect first). Pausing a paused sequence (or resuming an active one) changes nothing
 * and is not an error.
 */
export async function controlSequence(
  deps: SequenceDeps,
  workspaceId: string,
  prospectId: number,
  action: SequenceAction,
): Promise<SequenceStateView> {
  const before = await sequenceStateOf(deps, workspaceId, prospectId);
  if (!before)
    throw new ConflictError(`Prospect ${prospectId} is not in a sequence: process it first (only qualified prospects are enrolled)`);
  if (FINISHED.has(before.status))
    throw new ConflictError(
      `Prospect ${prospectId}'s sequence has ${before.status === 'completed' ? 'completed' : 'stopped'}: there is nothing to ${action}`,
    );
  if (action === 'send-now') refuseSendNow(prospectId, before);
  await signalSequence(deps, workspaceId, prospectId, 'control', { action });
  const after = await sequenceStateOf(deps, workspaceId, prospectId);
  if (!after) throw new ConflictError(`Prospect ${prospectId}'s sequence has ended: there is nothing to ${action}`);
  return after;
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
 * never enrolled or already ended are counted, not failed. A group's members get one signal
 * together; alone ones one each, a few at a time.
 */
export async function controlSequences(
  deps: SequenceDeps,
  workspaceId: string,
  prospectIds: readonly number[],
  action: SequenceAction,
): Promise<{ signalled: number; notEnrolled: number; ended: number }> {
  return signalSequences(deps, workspaceId, prospectIds, 'control', { action });
}

/** Signals many prospects' sequences of one workspace; counts those signalled, never enrolled and ended. */
export async function signalSequences(
  deps: SequenceDeps,
  workspaceId: string,
  prospectIds: readonly number[],
  signal: SequenceSignal,
  arg: object,
): Promise<{ signalled: number; notEnrolled: number; ended: number }> {
  const counts = { signalled: 0, notEnrolled: 0, ended: 0 };
  const where = await sequenceAddresses(deps.db, workspaceId, prospectIds);
  const groups = new Map<string, number[]>();
  const queue: number[] = [];
  for (const prospectId of new Set(prospectIds)) {
    const address = where.get(prospectId)!;
    if (address.kind === 'alone') queue.push(prospectId);
    else if (address.endedAt) counts.ended += 1;
    else groups.set(address.workflowId, [...(groups.get(address.workflowId) ?? []), prospectId]);
  }
  for (const [workflowId, all] of groups) {
    const ended = await endedMembers(deps, workflowId, all);
    counts.ended += ended.size;
    const members = all.filter((prospectId) => !ended.has(prospectId));
    if (members.length === 0) continue;
    try {
      await deps.temporal.workflow.getHandle(workflowId).signal('member', { prospectIds: members, name: signal, arg });
      counts.signalled += members.length;
    } catch (error) {
      if (!isGone(error)) throw error;
      counts.ended += members.length;
    }
  }
  await Promise.all(
    Array.from({ length: Math.min(8, queue.length) }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const handle = deps.temporal.workflow.getHandle(where.get(id)!.workflowId);
        try {
          await handle.signal(signal, arg);
          counts.signalled += 1;
        } catch (error) {
          if (!isGone(error)) throw error;
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
  deps: SequenceDeps,
  workspaceId: string,
  prospectId: number,
  signal: SequenceSignal,
  arg: object,
): Promise<boolean> {
  const address = (await sequenceAddresses(deps.db, workspaceId, [prospectId])).get(prospectId)!;
  try {
    if (address.kind === 'alone') await deps.temporal.workflow.getHandle(address.workflowId).signal(signal, arg);
    else if (address.endedAt || (await endedMembers(deps, address.workflowId, [prospectId])).has(prospectId)) return false;
    else await deps.temporal.workflow.getHandle(address.workflowId).signal('member', { prospectIds: [prospectId], name: signal, arg });
    return true;
  } catch (error) {
    if (isGone(error)) return false;
    throw error;
  }
}

/**
 * Of a group's members the directory does not yet know ended, those whose sequence has ended in
 * the group all the same (the group records its members' ends a moment later): a signal would be
 * taken and ignored there, so it is not sent, nor counted delivered. A group that does not answer
 * (gone, or no worker) names none: its members are signalled as before, and a gone group refuses.
 */
async function endedMembers(deps: SequenceDeps, workflowId: string, members: number[]): Promise<Set<number>> {
  try {
    const states = (await deps.temporal.workflow.getHandle(workflowId).query('memberStates', members)) as Record<
      string,
      { status?: string }
    >;
    return new Set(members.filter((prospectId) => FINISHED.has(states?.[String(prospectId)]?.status ?? '')));
  } catch {
    return new Set();
  }
}
