import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { concurrently, parseActivityInput, workspaceOf, type BoundActivity } from '@meetflow/plugin-sdk';
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

/** Sequences a batch's chunk starts at once (its list form). */
const ENROL_CONCURRENCY = 8;

/** How the enrol step runs as a pipeline step: placed by sales ops and up, 30 s a try. */
export const ENROLL_OPTIONS: ActivityOptions = { access: 'sales-ops', timeout: '30 seconds' };

/** Where the sequence of a prospect runs: one per (workspace, prospect), so enrolling twice is a no-op. */
export function sequenceWorkflowId(workspaceId: string, prospectId: number): string {
  return `sequence-${workspaceId}-${prospectId}`;
}

/**
 * `platform.enrollSequence`: starts the prospect's `prospectSequence` workflow (its timers
 * then send each step on its day). Idempotent: a prospect already enrolled stays enrolled once.
 * Pipelines call it like a plugin activity, and its input is validated the same way; the
 * workspace is the run context's (the step runner's), never the input's.
 */
export function createEnrollmentActivity(
  temporal: Client,
  taskQueue: string,
  /** True when the prospect's sequence must start held (it is in a paused campaign). */
  held: (workspaceId: string, prospectId: number) => Promise<boolean> = async () => false,
  /** What else enrolment makes, once the sequence runs (the prospect's booking link, composed by the worker); idempotent. */
  enrolled: (sequence: EnrolledSequence) => Promise<unknown> = async () => undefined,
): Record<string, BoundActivity> {
  const enrol: BoundActivity = async (raw: unknown, extra) => {
    const { prospectId, email, sequence } = parseActivityInput(ENROLL_ACTIVITY, EnrollInput, raw);
    const workspaceId = workspaceOf(extra ?? {});
    const workflowId = sequenceWorkflowId(workspaceId, prospectId);
    const lastDayOffset = Math.max(...sequence.map((step) => step.dayOffset));
    const made = () => enrolled({ workspaceId, prospectId, sequenceId: workflowId, lastDayOffset });
    try {
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
      if (await held(workspaceId, prospectId)) {
        // Started and paused in one call: a paused campaign's new sequences wait with the others
        // (a sequence already running is paused too, as the campaign's pause meant).
        await temporal.workflow.signalWithStart('prospectSequence', { ...options, signal: 'control', signalArgs: [{ action: 'pause' }] });
      } else {
        await temporal.workflow.start('prospectSequence', options);
      }
      await made();
      return { sequenceId: workflowId, enrolled: true, alreadyEnrolled: false, steps: sequence.length };
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError) {
        await made();
        return { sequenceId: workflowId, enrolled: true, alreadyEnrolled: true, steps: sequence.length };
      }
      throw error;
    }
  };
  // A batch's chunk enrols its prospects a few at a time: each is mostly waiting on Temporal's
  // workflow start and the booking link's write, not on this process.
  enrol.many = concurrently(enrol, ENROL_CONCURRENCY);
  return { [ENROLL_ACTIVITY]: enrol };
}
