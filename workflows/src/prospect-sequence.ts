import { condition, defineQuery, defineSignal, patched, proxyActivities, setHandler } from '@temporalio/workflow';
import type { QueueStepResult, SequenceActivities } from './activities.ts';
import { DELIVER_STEP_OPTIONS } from './send-email.ts';

/** One email of a sequence; `dayOffset` counts days from enrolment (the outreach agent's offsets). */
export interface SequenceStep {
  step: number;
  dayOffset: number;
  subject: string;
  body: string;
  /** The outreach template family (recorded with the send for learning). */
  template?: string;
  /** The researched facts the email cites (shown beside it in the review queue). */
  factIds?: string[];
}

/** A prospect enrolled in a sequence. */
export interface ProspectSequenceInput {
  workspaceId: string;
  sequenceId: string;
  prospectId: number;
  email: string;
  steps: SequenceStep[];
  /**
   * Where enrolment wrote the first step's email (due at enrolment, so written with the rest of
   * its chunk's in one call): the sequence then does not write it again. Left out (sequences
   * started before, or held ones), the sequence writes it when its day comes, as every later one.
   */
  firstStep?: QueueStepResult;
}

/** What engagement analysis made of a reply (its `action` decides what the sequence does). */
export interface ReplySignal {
  category: string;
  action: 'stop' | 'pause' | 'continue';
  /** For an out-of-office reply: the sequence waits until then. */
  returnDate?: string | null;
  /** An interested reply: once stopped, the sequence offers meeting slots in the same thread. */
  proposeMeeting?: boolean;
}

/** The sequence as the UI and API see it. */
export interface SequenceState {
  status: 'active' | 'paused' | 'stopped' | 'completed';
  sentSteps: number[];
  nextStep: number | null;
  nextSendAt: string | null;
  pausedUntil: string | null;
  stopReason: string | null;
  /** True while a user holds the sequence (paused until resumed, not until a date). */
  pausedByUser: boolean;
  /** What the due step waits for: a person's approval (review mode), or its send (cap, window…). */
  waitingFor?: 'review' | 'send' | null;
  /** After an interested reply: where the email offering meeting slots is. */
  meetingProposal?: 'drafting' | 'pending_review' | 'sending' | 'sent' | 'rejected' | 'no free slot' | 'failed' | null;
  /** Why the send waits, in words (e.g. the mailbox's daily cap is reached). */
  waitReason?: string | null;
}

/** What a user asks of a sequence from the prospect's page or a campaign. */
export interface SequenceControl {
  /** send-now: the next step is written (and, once approved, sent) without waiting for its day. */
  action: 'pause' | 'resume' | 'stop' | 'send-now';
}

export const replySignal = defineSignal<[ReplySignal]>('reply');
export const unsubscribeSignal = defineSignal<[{ reason?: string }]>('unsubscribe');
export const controlSignal = defineSignal<[SequenceControl]>('control');
/** A reviewer approved (or rejected) the step's email; an approval starts its send. */
export const approveSignal = defineSignal<[{ step: number }]>('approve');
export const rejectSignal = defineSignal<[{ step: number }]>('reject');

/** Sequences started before real sending only queued each step; their histories replay without this. */
export const SENDING_PATCH = 'real-sending';
/** Sequences before this never offered meeting slots after an interested reply. */
export const MEETING_PROPOSAL_PATCH = 'meeting-proposal';
/** The outbox step of the email offering meeting slots (after every cadence step). */
export const PROPOSAL_STEP = 100;
export const sequenceStateQuery = defineQuery<SequenceState>('state');

const DAY_MS = 86_400_000;
const retry = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes', maximumAttempts: 20 };
const { sendSequenceStep, queueStep, suppressAddress, draftMeetingProposal } = proxyActivities<SequenceActivities>({
  startToCloseTimeout: '30 seconds',
  retry,
});
const { deliverStep } = proxyActivities<SequenceActivities>(DELIVER_STEP_OPTIONS);

/**
 * One prospect's sequence: each step's email is written to the outbox when its day comes
 * (durable timers, so a restart loses nothing), waits for a reviewer's approval in review mode,
 * then is sent through a mailbox within the guardrails (the send activity answers when to try
 * again: cap, window, domain limit). A reply stops or pauses it, an unsubscribe stops it and
 * suppresses the address for the whole workspace. Later steps count from when the previous one
 * was approved and sent, so a late approval never sends two emails back to back.
 */
export async function prospectSequence(input: ProspectSequenceInput): Promise<SequenceState> {
  return runSequence(input, (handlers) => {
    setHandler(sequenceStateQuery, handlers.state);
    setHandler(replySignal, handlers.reply);
    setHandler(unsubscribeSignal, handlers.unsubscribe);
    setHandler(approveSignal, handlers.approve);
    setHandler(rejectSignal, handlers.reject);
    setHandler(controlSignal, handlers.control);
  });
}

/** What a running sequence answers: its state, and each signal a prospect's sequence takes. */
export interface SequenceHandlers {
  state(): SequenceState;
  reply(reply: ReplySignal): void;
  unsubscribe(input: { reason?: string }): void;
  approve(input: { step: number }): void;
  reject(input: { step: number }): void;
  control(input: SequenceControl): void;
}

/**
 * One prospect's sequence, wherever it runs: alone in its own workflow (`prospectSequence`) or
 * beside the rest of its chunk in one (`sequenceGroup`). `listen` is given its handlers before it
 * first waits; `held` starts it paused by a user (its campaign is paused), as a pause signal
 * delivered with its start would.
 */
export async function runSequence(
  input: ProspectSequenceInput,
  listen: (handlers: SequenceHandlers) => void,
  held = false,
): Promise<SequenceState> {
  const enrolledAt = Date.now(); // deterministic inside a workflow: the time the run started
  const state: SequenceState = {
    status: 'active',
    sentSteps: [],
    nextStep: null,
    nextSendAt: null,
    pausedUntil: null,
    stopReason: null,
    pausedByUser: false,
  };
  let unsubscribed: { reason: string } | null = null;
  let signals = 0; // any signal wakes the timer so the wait is recomputed
  // A user's pause stops the cadence's clock: on resume every later step moves by the time held,
  // so a long pause never sends the overdue steps back to back.
  let heldSince: number | null = null;
  let heldMs = 0;
  const decisions = new Map<number, 'approve' | 'reject'>();
  let sendNow: number | null = null; // the step a user asked to go out without waiting for its day
  let proposalWanted = false; // an interested reply stopped it: offer meeting slots
  const stopped = () => state.status === 'stopped'; // read after awaits: signals change it meanwhile
  const legacy = !patched(SENDING_PATCH);

  const reply = (answer: ReplySignal) => {
    signals++;
    if (state.status === 'stopped' || state.status === 'completed') return;
    if (answer.action === 'stop') Object.assign(state, { status: 'stopped', stopReason: `reply: ${answer.category}` });
    if (answer.action === 'stop' && answer.proposeMeeting) proposalWanted = true;
    if (answer.action === 'pause' && answer.returnDate) {
      const until = Math.max(Date.parse(answer.returnDate), Date.now());
      Object.assign(state, { status: 'paused', pausedUntil: new Date(until).toISOString() });
    }
  };
  const unsubscribe = ({ reason }: { reason?: string }) => {
    signals++;
    unsubscribed = { reason: reason ?? 'unsubscribed' };
    Object.assign(state, { status: 'stopped', stopReason: 'unsubscribed' });
  };
  const approve = ({ step }: { step: number }) => {
    signals++;
    decisions.set(step, 'approve');
  };
  const reject = ({ step }: { step: number }) => {
    signals++;
    decisions.set(step, 'reject');
  };
  const control = ({ action }: SequenceControl) => {
    signals++;
    if (state.status === 'stopped' || state.status === 'completed') return;
    if (action === 'stop') Object.assign(state, { status: 'stopped', stopReason: 'stopped by user', pausedByUser: false });
    if (action === 'pause' && heldSince === null) {
      heldSince = Date.now();
      Object.assign(state, { status: 'paused', pausedByUser: true });
    }
    if (action === 'send-now' && heldSince === null && state.nextStep !== null) sendNow = state.nextStep;
    if (action === 'resume' && heldSince !== null) {
      heldMs += Date.now() - heldSince;
      heldSince = null;
      Object.assign(state, { status: state.pausedUntil ? 'paused' : 'active', pausedByUser: false });
    }
  };
  listen({ state: () => state, reply, unsubscribe, approve, reject, control });
  if (held) control({ action: 'pause' });

  const steps = [...input.steps].sort((a, b) => a.dayOffset - b.dayOffset);
  for (const step of steps) {
    for (;;) {
      if (state.status === 'stopped') break;
      if (heldSince !== null) {
        Object.assign(state, { nextStep: step.step, nextSendAt: null });
        const seen = signals;
        await condition(() => signals !== seen);
        continue;
      }
      const sendAt = Math.max(enrolledAt + heldMs + step.dayOffset * DAY_MS, state.pausedUntil ? Date.parse(state.pausedUntil) : 0);
      Object.assign(state, { nextStep: step.step, nextSendAt: new Date(sendAt).toISOString() });
      const wait = sendAt - Date.now();
      if (wait <= 0) break;
      if (sendNow === step.step) {
        // Sent early: the later steps keep their spacing from this one.
        heldMs -= Math.max(enrolledAt + heldMs + step.dayOffset * DAY_MS - Date.now(), 0);
        sendNow = null;
        break;
      }
      const seen = signals;
      await condition(() => signals !== seen, wait);
    }
    if (state.status === 'stopped') break;
    if (state.status === 'paused') Object.assign(state, { status: 'active', pausedUntil: null });
    const email = {
      workspaceId: input.workspaceId,
      sequenceId: input.sequenceId,
      prospectId: input.prospectId,
      email: input.email,
      step: step.step,
      subject: step.subject,
      body: step.body,
      template: step.template,
      dayOffset: step.dayOffset,
    };
    if (legacy) {
      const sent = await sendSequenceStep(email);
      if (sent.outcome === 'suppressed') {
        Object.assign(state, { status: 'stopped', stopReason: `suppressed: ${sent.reason}` });
        break;
      }
      state.sentSteps.push(step.step);
      continue;
    }
    const dueAt = Date.now();
    const heldBefore = heldMs;
    // Input, not a patch, decides: a history without it replays the same commands.
    const queued = step === steps[0] && input.firstStep ? input.firstStep : await queueStep({ ...email, factIds: step.factIds ?? [] });
    if (queued.outcome === 'suppressed') {
      Object.assign(state, { status: 'stopped', stopReason: `suppressed: ${queued.reason}` });
      break;
    }
    if (queued.outcome === 'pending_review') {
      Object.assign(state, { waitingFor: 'review', waitReason: null });
      await condition(() => decisions.has(step.step) || stopped());
      state.waitingFor = null;
      if (stopped()) break;
      if (decisions.get(step.step) === 'reject') {
        Object.assign(state, { status: 'stopped', stopReason: 'rejected in review' });
        break;
      }
    }
    const sent = await deliver(step.step);
    state.waitingFor = null;
    state.waitReason = null;
    if (sent === null) break; // stopped while it waited
    if (sent.outcome !== 'sent') {
      Object.assign(state, {
        status: 'stopped',
        stopReason: sent.outcome === 'rejected' ? 'rejected in review' : `${sent.outcome}: ${sent.reason}`,
      });
      break;
    }
    state.sentSteps.push(step.step);
    // The next steps count from this one's approval and send (a user's pause meanwhile counted once).
    heldMs = Math.max(heldMs, heldBefore + Date.now() - dueAt);
  }

  // Decided after the loop so histories without an interested reply never meet the patch marker.
  if (proposalWanted && !unsubscribed && patched(MEETING_PROPOSAL_PATCH)) await proposeMeeting();

  if (unsubscribed)
    await suppressAddress({ workspaceId: input.workspaceId, email: input.email, reason: (unsubscribed as { reason: string }).reason });
  Object.assign(state, {
    nextStep: null,
    nextSendAt: null,
    pausedByUser: false,
    ...(state.status === 'stopped' ? {} : { status: 'completed' }),
  });
  return state;

  /**
   * The email after an interested reply: the free meeting slots, in the same thread, reviewed like
   * any step in review mode and sent within the same guardrails. An unsubscribe cancels it.
   */
  async function proposeMeeting() {
    const cancelled = () => unsubscribed !== null;
    // The cadence is over: no step of it comes next while the proposal goes out.
    Object.assign(state, { nextStep: null, nextSendAt: null, meetingProposal: 'drafting' });
    const draft = await draftMeetingProposal({ workspaceId: input.workspaceId, prospectId: input.prospectId });
    if (!draft) {
      state.meetingProposal = 'no free slot';
      return;
    }
    const queued = await queueStep({
      workspaceId: input.workspaceId,
      sequenceId: input.sequenceId,
      prospectId: input.prospectId,
      email: input.email,
      step: PROPOSAL_STEP,
      subject: draft.subject,
      body: draft.body,
      template: 'meeting-proposal',
      factIds: [],
    });
    if (queued.outcome === 'suppressed') return;
    if (queued.outcome === 'pending_review') {
      state.meetingProposal = 'pending_review';
      await condition(() => decisions.has(PROPOSAL_STEP) || cancelled());
      if (cancelled()) return;
      if (decisions.get(PROPOSAL_STEP) === 'reject') {
        state.meetingProposal = 'rejected';
        return;
      }
    }
    state.meetingProposal = 'sending';
    const sent = await deliver(PROPOSAL_STEP, cancelled);
    state.waitingFor = null;
    state.waitReason = null;
    state.meetingProposal = sent === null ? null : sent.outcome === 'sent' ? 'sent' : sent.outcome === 'rejected' ? 'rejected' : 'failed';
  }

  /** Sends the step, waiting (durably) as long as the send activity says; null when stopped meanwhile. */
  async function deliver(step: number, cancelled = stopped) {
    for (;;) {
      if (cancelled()) return null;
      if (heldSince !== null) {
        const seen = signals;
        await condition(() => signals !== seen);
        continue;
      }
      const result = await deliverStep({ workspaceId: input.workspaceId, prospectId: input.prospectId, step, at: Date.now() });
      if (result.outcome !== 'wait') return result;
      Object.assign(state, { waitingFor: 'send', waitReason: result.reason, nextSendAt: new Date(result.until).toISOString() });
      const seen = signals;
      await condition(() => signals !== seen && (cancelled() || heldSince !== null), Math.max(result.until - Date.now(), 1));
    }
  }
}
