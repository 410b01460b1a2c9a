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

/** An enrolment whose input was read: the sequence to start, and whether it starts held. */
interface Enrolment {
  workspaceId: string;
  prospectId: number;
  email: string;
  sequence: z.output<typeof EnrollInput>['sequence'];
  held: boolean;
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
): Record<string, BoundActivity> {
  /** Starts one sequence (read and checked already): whether it was running before. */
  const start: BoundActivity = async (raw) => {
    const { workspaceId, prospectId, email, sequence, held: paused } = raw as Enrolment;
    const workflowId = sequenceWorkflowId(workspaceId, prospectId);
    // REJECT_DUPLICATE: a finished sequence is never started again for the same prospect.
    const options = {
      taskQueue,
      workflowId,
      workflowIdReusePolicy: 'REJECT_DUPLICATE' as const,
      args: [
        {
          workspaceId,
          sequenceId: workflowId,
          prospectId,
          email,
          steps: sequence.map(({ step, dayOffset, subject, body, template, sentences = [] }) => ({
            step,
            dayOffset,
            subject,
            body,
            template,
            factIds: [...new Set(sentences.flatMap((sentence) => sentence.factIds))],
          })),
        },
      ],
    };
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
    const started = await startAll(
      read.map((enrolment) => ({ input: { ...enrolment, held: heldIn.get(enrolment.workspaceId)!.has(enrolment.prospectId) } })),
    );
    const running = read.filter((_, position) => started[position]!.ok);
    const sequences = running.map(({ workspaceId, prospectId, sequence }) => ({
      workspaceId,
      prospectId,
      sequenceId: sequenceWorkflowId(workspaceId, prospectId),
      lastDayOffset: Math.max(...sequence.map((step) => step.dayOffset)),
    }));
    let madeError: unknown;
    if (sequences.length > 0) await enrolled(sequences).catch((error: unknown) => (madeError = error));
    for (const [position, { index, workspaceId, prospectId, sequence }] of read.entries()) {
      const result = started[position]!;
      if (!result.ok) results[index] = { ...result, startedAt };
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
