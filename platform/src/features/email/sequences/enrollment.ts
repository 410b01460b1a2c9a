import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import {
  concurrently,
  parseActivityInput,
  singleOf,
  workspaceOf,
  type BoundActivity,
  type BoundMany,
  type ListResult,
} from '@meetflow/plugin-sdk';
import { z } from 'zod';
import type { ProspectSequenceInput, QueueStepInput, QueueStepResult, SequenceStep } from '@meetflow/workflows';
import type { ActivityOptions } from '../../runs/services.ts';

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

/** Sequences a list (a batch's chunk) starts at once. */
const ENROL_CONCURRENCY = 8;

/** How the enrol step runs as a pipeline step: placed by sales ops and up, 30 s a try. */
export const ENROLL_OPTIONS: ActivityOptions = { access: 'sales-ops', timeout: '30 seconds' };

/** Where the sequence of a prospect runs: one per (workspace, prospect), so enrolling twice is a no-op. */
export function sequenceWorkflowId(workspaceId: string, prospectId: number): string {
  return `sequence-${workspaceId}-${prospectId}`;
}

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
): Record<string, BoundActivity> {
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
        const before = await temporal.workflow
          .getHandle(workflowId)
          .describe()
          .then(
            () => true,
            (error: unknown) => {
              if (error instanceof WorkflowNotFoundError) return false;
              throw error;
            },
          );
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
    const started = queueError === undefined ? await startAll(enrolments.map((enrolment) => ({ input: enrolment }))) : [];
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
