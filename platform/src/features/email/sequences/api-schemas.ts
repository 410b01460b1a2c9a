import { z } from 'zod';

/** A sequence's live state, as its workflow answers it. */
export const SequenceStateSchema = z.object({
  status: z.enum(['active', 'paused', 'stopped', 'completed']),
  sentSteps: z.array(z.number().int()),
  nextStep: z.number().int().nullable(),
  nextSendAt: z.string().nullable().describe('When the next step goes out; null while a user holds the sequence'),
  pausedUntil: z.string().nullable().describe('Set by an out-of-office reply: the sequence waits until then'),
  stopReason: z.string().nullable(),
  pausedByUser: z.boolean().default(false).describe('True while a user holds the sequence (until resumed)'),
  waitingFor: z
    .enum(['review', 'send'])
    .nullable()
    .default(null)
    .describe("What the due step waits for: a reviewer's approval, or its send (cap, window, domain limit)"),
  waitReason: z.string().nullable().default(null).describe('Why the send waits, in words'),
  meetingProposal: z
    .enum(['drafting', 'pending_review', 'sending', 'sent', 'rejected', 'no free slot', 'failed'])
    .nullable()
    .default(null)
    .describe('After an interested reply: where the email offering meeting slots is (null: none was offered)'),
});
export type SequenceStateView = z.infer<typeof SequenceStateSchema>;

/** What a user may do to a sequence. */
export const SEQUENCE_ACTIONS = ['pause', 'resume', 'stop', 'send-now'] as const;
export type SequenceAction = (typeof SEQUENCE_ACTIONS)[number];

/** Body of POST /api/prospects/{id}/sequence. */
export const SequenceControlBody = z.strictObject({
  action: z
    .enum(SEQUENCE_ACTIONS, { error: `must be one of ${SEQUENCE_ACTIONS.join(', ')}` })
    .describe(
      'pause holds the sequence until resumed (later steps move by the time held); stop ends it for good; send-now writes the next step without waiting for its day (in review mode it still waits for approval; the later steps keep their spacing)',
    ),
});
