import { createHash } from 'node:crypto';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import {
  concurrently,
  duplicateKeyIndexes,
  parseActivityInput,
  singleOf,
  workspaceOf,
  type BoundActivity,
  type BoundMany,
  type ListResult,
} from '@meetflow/plugin-sdk';
import { z } from 'zod';
import type {
  ProspectSequenceInput,
  QueueStepInput,
  QueueStepResult,
  SequenceGroupInput,
  SequenceMember,
  SequenceStep,
} from '@meetflow/workflows';
import type { ActivityOptions } from '../../runs/services.ts';
import { signalSequences } from './control.ts';
import { sequenceWorkflowId, type SequenceDirectoryDb } from './directory.ts';

export { sequenceWorkflowId } from './directory.ts';

/** The built-in activity that enrols a prospect in its durable email sequence. */
export const ENROLL_ACTIVITY = 'platform.enrollSequence';

const EnrollInput = z.object({
  prospectId: z.number().int().min(1),
  email: z.email(),
  /** The outreach agent's sequence: day offsets from enrolment, subjects and bodies. */
  sequence: z
    .array(
      z
        .object({
          step: z.number().int(),
          dayOffset: z.number().min(0),
          subject: z.string(),
          body: z.string(),
          template: z.string().optional(),
          /** The outreach agent's sentences, each with the facts it cites. */
          sentences: z.array(z.object({ factIds: z.array(z.string()) }).loose()).optional(),
        })
        .loose(),
    )
    .min(1),
});

/** A sequence enrolment started (or found running): whose, and the day offset of its last step. */
export interface EnrolledSequence {
  workspaceId: string;
  prospectId: number;
  sequenceId: string;
  lastDayOffset: number;
}

/** Sequences a list (a batch's chunk) starts at once, without a directory. */
const ENROL_CONCURRENCY = 8;

/**
 * The most members of one `sequenceGroup`. Its history grows with its members' steps, sends and
 * waits (about 30 events a member for three sent steps), so a group stays far below Temporal's
 * history limits however long its members wait for caps or reviews.
 */
export const GROUP_SIZE = 25;

/** How the enrol step runs as a pipeline step: placed by sales ops and up, 30 s a try. */
export const ENROLL_OPTIONS: ActivityOptions = { access: 'sales-ops', timeout: '30 seconds' };

/**
 * The workflow of a group of a workspace's sequences, named by its members (so a retry of the
 * same enrolment finds the group it started). Distinct from every `sequence-<workspace>-<prospect>`.
 */
export function sequenceGroupId(workspaceId: string, prospectIds: readonly number[]): string {
  const members = [...prospectIds].sort((a, b) => a - b);
  const digest = createHash('sha256').update(members.join(',')).digest('hex').slice(0, 16);
  return `sequences-${workspaceId}-${members[0]}-${digest}`;
}

/**
 * A directory entry older than this that points at a group which does not exist is not taken
 * over: its group ran and was deleted after Temporal's retention, so the sequence ended long ago.
 */
const CLAIM_TAKEOVER_MS = 3_600_000;

/** An enrolment whose input was read: the sequence to start, whether it starts held, and where its first email already is. */
interface Enrolment {
  workspaceId: string;
  prospectId: number;
  email: string;
  sequence: z.output<typeof EnrollInput>['sequence'];
  held: boolean;
  firstStep?: QueueStepResult | undefined;
  /** Its first email was written by this enrolment (not found there). */
  firstWritten?: boolean;
}

/** The sequence's steps as the workflow takes them, each with the facts its sentences cite. */
function sequenceSteps(sequence: Enrolment['sequence']): SequenceStep[] {
  return sequence.map(({ step, dayOffset, subject, body, template, sentences = [] }) => ({
    step,
    dayOffset,
    subject,
    body,
    template,
    factIds: [...new Set(sentences.flatMap((sentence) => sentence.factIds))],
  }));
}

/** The step the sequence runs first: the earliest by day, as its workflow orders them (a stable sort). */
const firstOf = (sequence: Enrolment['sequence']): SequenceStep =>
  sequenceSteps([...sequence].sort((a, b) => a.dayOffset - b.dayOffset).slice(0, 1))[0]!;

/** Where a step's email is, and whether this call wrote it (or found it there). */
export interface QueuedStep {
  result: QueueStepResult;
  written: boolean;
}

/**
 * Writes steps' emails to the outbox, their results in order, each saying whether it wrote the
 * email; and takes back those it wrote (`unwrite`). The sequence activities' queueSteps, and the
 * outbox, bound to the database by the worker.
 */
export interface FirstSteps {
  write(inputs: readonly QueueStepInput[]): Promise<QueuedStep[]>;
  unwrite(emails: ReadonlyArray<{ workspaceId: string; prospectId: number; step: number }>): Promise<void>;
}

/**
 * `platform.enrollSequence`: starts the prospect's `prospectSequence` workflow (its timers
 * then send each step on its day). Idempotent: a prospect already enrolled stays enrolled once.
 * Pipelines call it like a plugin activity, and its input is validated the same way; the
 * workspace is the run context's (the step runner's), never the input's. Its list form (a batch's
 * chunk) reads which prospects are held once per workspace, starts {@link ENROL_CONCURRENCY}
 * sequences at a time, and makes what enrolment makes for all of them in one call; one call is a
 * list of one.
 */
export function createEnrollmentActivity(
  temporal: Client,
  taskQueue: string,
  /** Of a workspace's prospects, those whose sequence must start held (they are in a paused campaign). */
  held: (workspaceId: string, prospectIds: readonly number[]) => Promise<ReadonlySet<number>> = async () => new Set(),
  /** What else enrolment makes, once the sequences run (their booking links, composed by the worker); idempotent. */
  enrolled: (sequences: readonly EnrolledSequence[]) => Promise<unknown> = async () => undefined,
  /**
   * Writes the first emails due at enrolment, for a whole list at once (composed by the worker);
   * left out, each sequence writes its own first email, as it writes every later one.
   */
  queueFirst: FirstSteps | null = null,
  /**
   * The sequence directory (the worker's database): each prospect is claimed there before its
   * sequence starts, and several prospects of a workspace enrolled together run as one
   * `sequenceGroup` (at most {@link GROUP_SIZE} each). Left out, every prospect starts its own
   * `prospectSequence` and nothing is claimed (tests of enrolment without a database).
   */
  directory: SequenceDirectoryDb | null = null,
): Record<string, BoundActivity> {
  /** Whether a workflow exists (running or closed within Temporal's retention). */
  const exists = (workflowId: string) =>
    temporal.workflow
      .getHandle(workflowId)
      .describe()
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof WorkflowNotFoundError) return false;
          throw error;
        },
      );

  /** Starts one sequence (read and checked already): whether it was running before. */
  const start: BoundActivity = async (raw) => {
    const { workspaceId, prospectId, email, sequence, held: paused, firstStep } = raw as Enrolment;
    const workflowId = sequenceWorkflowId(workspaceId, prospectId);
    const input: ProspectSequenceInput = {
      workspaceId,
      sequenceId: workflowId,
      prospectId,
      email,
      steps: sequenceSteps(sequence),
      ...(firstStep ? { firstStep } : {}),
    };
    // REJECT_DUPLICATE: a finished sequence is never started again for the same prospect.
    const options = { taskQueue, workflowId, workflowIdReusePolicy: 'REJECT_DUPLICATE' as const, args: [input] };
    try {
      if (paused) {
        // Whether it ran before is asked first: signalWithStart signals a running sequence and
        // does not say so (its SDK answers only the run id). Two racing enrolments may both hear "not before".
        const before = await exists(workflowId);
        // Started and paused in one call: a paused campaign's new sequences wait with the others
        // (a sequence already running is paused too, as the campaign's pause meant).
        await temporal.workflow.signalWithStart('prospectSequence', { ...options, signal: 'control', signalArgs: [{ action: 'pause' }] });
        return before;
      }
      await temporal.workflow.start('prospectSequence', options);
      return false;
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError) return true;
      throw error;
    }
  };
  const startAll = concurrently(start, ENROL_CONCURRENCY);

  /** Of some prospects with no directory entry, those whose sequence started before the directory did (in its own workflow). */
  const fromBefore = async (workspaceId: string, prospectIds: readonly number[]): Promise<Set<number>> => {
    const ids = new Map(prospectIds.map((prospectId) => [sequenceWorkflowId(workspaceId, prospectId), prospectId]));
    const found = new Set<number>();
    if (!/^[a-z0-9][a-z0-9-]*$/.test(workspaceId)) {
      // Not a slug the visibility query may quote: asked one by one.
      for (const [workflowId, prospectId] of ids) if (await exists(workflowId)) found.add(prospectId);
      return found;
    }
    const query = `WorkflowType = 'prospectSequence' AND WorkflowId IN (${[...ids.keys()].map((id) => `'${id}'`).join(', ')})`;
    for await (const workflow of temporal.workflow.list({ query })) {
      const prospectId = ids.get(workflow.workflowId);
      if (prospectId !== undefined) found.add(prospectId);
    }
    return found;
  };

  /**
   * Claims a workspace's prospects in the directory for one workflow (theirs alone for a list of
   * one, a group's otherwise) and starts it with those it holds; answers, per prospect, whether
   * its sequence ran before (claimed by another enrolment, or started before the directory). A
   * claim an earlier try of this enrolment made for a workflow it never started is taken over.
   */
  const startClaimed = async (db: SequenceDirectoryDb, workspaceId: string, list: readonly Enrolment[]): Promise<boolean[]> => {
    const ids = list.map((enrolment) => enrolment.prospectId);
    const alone = list.length === 1;
    const workflowId = alone ? sequenceWorkflowId(workspaceId, ids[0]!) : sequenceGroupId(workspaceId, ids);
    const now = new Date();
    const entries = await db.sequenceDirectory
      .find({ workspaceId, prospectId: { $in: ids } }, { prospectId: 1, workflowId: 1, enrolledAt: 1, endedAt: 1 })
      .lean();
    const holder = new Map(entries.map((entry) => [entry.prospectId, entry.workflowId]));
    const stale = new Set(
      entries
        .filter((entry) => entry.workflowId !== workflowId && entry.endedAt === null)
        .filter((entry) => now.getTime() - entry.enrolledAt.getTime() < CLAIM_TAKEOVER_MS)
        .map((entry) => entry.workflowId),
    );
    for (const old of stale) {
      if (await exists(old)) continue;
      await db.sequenceDirectory.updateMany(
        { workspaceId, prospectId: { $in: ids }, workflowId: old },
        { $set: { workflowId, enrolledAt: now } },
      );
      for (const entry of entries) if (entry.workflowId === old) holder.set(entry.prospectId, workflowId);
    }
    const unclaimed = ids.filter((prospectId) => !holder.has(prospectId));
    // A list of one finds a sequence from before the directory when its start is refused as a duplicate.
    const before = !alone && unclaimed.length > 0 ? await fromBefore(workspaceId, unclaimed) : new Set<number>();
    const claiming = unclaimed.filter((prospectId) => !before.has(prospectId));
    if (claiming.length > 0) {
      let raced = false;
      try {
        await db.sequenceDirectory.insertMany(
          claiming.map((prospectId) => ({ workspaceId, prospectId, workflowId, enrolledAt: now, endedAt: null })),
          { ordered: false },
        );
      } catch (error) {
        if (!duplicateKeyIndexes(error)) throw error;
        raced = true; // another enrolment claimed some of them meanwhile: the directory says whose each is
      }
      if (raced)
        for (const entry of await db.sequenceDirectory
          .find({ workspaceId, prospectId: { $in: claiming } }, { prospectId: 1, workflowId: 1 })
          .lean())
          holder.set(entry.prospectId, entry.workflowId);
      else for (const prospectId of claiming) holder.set(prospectId, workflowId);
    }
    const members = list.filter((enrolment) => holder.get(enrolment.prospectId) === workflowId);
    let ranBefore = false;
    if (alone && members.length === 1) ranBefore = (await start(members[0]!)) as boolean;
    else if (members.length > 0) {
      const input: SequenceGroupInput = {
        workspaceId,
        members: members.map(({ prospectId, email, sequence, held, firstStep }): SequenceMember => ({
          workspaceId,
          sequenceId: sequenceWorkflowId(workspaceId, prospectId),
          prospectId,
          email,
          steps: sequenceSteps(sequence),
          ...(firstStep ? { firstStep } : {}),
          ...(held ? { held: true } : {}),
        })),
      };
      try {
        await temporal.workflow.start('sequenceGroup', { taskQueue, workflowId, workflowIdReusePolicy: 'REJECT_DUPLICATE', args: [input] });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
        ranBefore = true; // an earlier try of this enrolment started it
      }
    }
    // Prospects in a sequence already, of a paused campaign: their sequences are paused too, as the campaign's pause meant.
    const others = list.filter((enrolment) => holder.get(enrolment.prospectId) !== workflowId);
    const pause = others.filter((enrolment) => enrolment.held).map((enrolment) => enrolment.prospectId);
    if (pause.length > 0) await signalSequences({ temporal, db }, workspaceId, pause, 'control', { action: 'pause' });
    return list.map((enrolment) => (holder.get(enrolment.prospectId) === workflowId ? ranBefore : true));
  };

  /** Starts a list's sequences: whether each ran before, in order (each item failing alone where it could not start). */
  const startList = async (list: readonly Enrolment[]): Promise<ListResult[]> => {
    if (!directory) return startAll(list.map((enrolment) => ({ input: enrolment })));
    const results: ListResult[] = new Array(list.length);
    const slices: Array<Array<[number, Enrolment]>> = [];
    for (const workspaceId of new Set(list.map((enrolment) => enrolment.workspaceId))) {
      const mine = [...list.entries()].filter(([, enrolment]) => enrolment.workspaceId === workspaceId);
      for (let from = 0; from < mine.length; from += GROUP_SIZE) slices.push(mine.slice(from, from + GROUP_SIZE));
    }
    for (const slice of slices) {
      const startedAt = new Date();
      try {
        const ranBefore = await startClaimed(
          directory,
          slice[0]![1].workspaceId,
          slice.map(([, enrolment]) => enrolment),
        );
        for (const [position, [index]] of slice.entries())
          results[index] = { ok: true, output: ranBefore[position], startedAt, endedAt: new Date() };
      } catch (error) {
        for (const [index] of slice) results[index] = { ok: false, error, startedAt, endedAt: new Date() };
      }
    }
    return results;
  };

  const many: BoundMany = async (items) => {
    const startedAt = new Date();
    const results: ListResult[] = new Array(items.length);
    const read: Array<{ index: number } & Omit<Enrolment, 'held'>> = [];
    for (const [index, item] of items.entries()) {
      try {
        const { prospectId, email, sequence } = parseActivityInput(ENROLL_ACTIVITY, EnrollInput, item.input);
        read.push({ index, workspaceId: workspaceOf(item.extra ?? {}), prospectId, email, sequence });
      } catch (error) {
        results[index] = { ok: false, error, startedAt, endedAt: new Date() };
      }
    }
    const heldIn = new Map<string, ReadonlySet<number>>();
    for (const workspaceId of new Set(read.map((enrolment) => enrolment.workspaceId))) {
      const prospectIds = read.filter((enrolment) => enrolment.workspaceId === workspaceId).map((enrolment) => enrolment.prospectId);
      heldIn.set(workspaceId, await held(workspaceId, prospectIds));
    }
    const enrolments: Enrolment[] = read.map((enrolment) => ({
      ...enrolment,
      held: heldIn.get(enrolment.workspaceId)!.has(enrolment.prospectId),
    }));
    // The first emails due now, written for the list at once, so no sequence needs a call of its own
    // for them. A held one's waits for its campaign (its sequence writes it on resume); a sequence
    // already running finds its email where it was (the write is idempotent per prospect and step).
    const dueNow = enrolments.flatMap((enrolment) => {
      const first = enrolment.held ? null : firstOf(enrolment.sequence);
      return first?.dayOffset === 0 ? [{ enrolment, first }] : [];
    });
    let queueError: unknown;
    if (queueFirst && dueNow.length > 0) {
      const queued = await queueFirst
        .write(
          dueNow.map(({ enrolment, first }) => {
            const { step, dayOffset, subject, body, template, factIds } = first;
            const sequenceId = sequenceWorkflowId(enrolment.workspaceId, enrolment.prospectId);
            return {
              workspaceId: enrolment.workspaceId,
              sequenceId,
              prospectId: enrolment.prospectId,
              email: enrolment.email,
              step,
              dayOffset,
              subject,
              body,
              template,
              factIds,
            };
          }),
        )
        .catch((error: unknown) => ((queueError = error), []));
      for (const [position, { enrolment }] of dueNow.entries())
        Object.assign(enrolment, { firstStep: queued[position]?.result, firstWritten: queued[position]?.written ?? false });
    }
    // The first emails could not be written: nothing starts, and every item fails (to be retried).
    const started = queueError === undefined ? await startList(enrolments) : [];
    // A sequence that was there before (a finished one never starts again) did not take the first
    // email this enrolment wrote for it: that email is taken back, so none waits for no sequence.
    const stray = enrolments.filter(
      (enrolment, position) => enrolment.firstWritten && started[position]?.ok && started[position].output === true,
    );
    let madeError: unknown;
    if (queueFirst && stray.length > 0)
      await queueFirst
        .unwrite(stray.map(({ workspaceId, prospectId, sequence }) => ({ workspaceId, prospectId, step: firstOf(sequence).step })))
        .catch((error: unknown) => (madeError = error));
    const running = read.filter((_, position) => started[position]?.ok);
    const sequences = running.map(({ workspaceId, prospectId, sequence }) => ({
      workspaceId,
      prospectId,
      sequenceId: sequenceWorkflowId(workspaceId, prospectId),
      lastDayOffset: Math.max(...sequence.map((step) => step.dayOffset)),
    }));
    if (sequences.length > 0 && madeError === undefined) await enrolled(sequences).catch((error: unknown) => (madeError = error));
    for (const [position, { index, workspaceId, prospectId, sequence }] of read.entries()) {
      const result = started[position] ?? { ok: false as const, error: queueError };
      if (!result.ok) results[index] = { ...result, startedAt, endedAt: result.endedAt ?? new Date() };
      // What enrolment makes failed: the item fails, and its retry finds the sequence running and makes it again.
      else if (madeError !== undefined) results[index] = { ok: false, error: madeError, startedAt, endedAt: new Date() };
      else {
        const output = {
          sequenceId: sequenceWorkflowId(workspaceId, prospectId),
          enrolled: true,
          alreadyEnrolled: result.output,
          steps: sequence.length,
        };
        results[index] = { ok: true, output, startedAt, endedAt: new Date() };
      }
    }
    return results;
  };
  return { [ENROLL_ACTIVITY]: singleOf(many) };
}
