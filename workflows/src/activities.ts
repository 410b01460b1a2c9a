// The activities the workflows call, as contracts: the workflows own them and the platform
// implements them (each `create…Activities` in platform/src/features/*/activities.ts answers
// with `satisfies` one of these). Types only: nothing here runs, so the bundle stays pure.
import type { ChunkProgress, StepStatus } from './pipeline/index.ts';

export type { ChunkProgress };

/** Input of one pipeline step: the node to run and the output paths the workflow needs back. */
export interface ExecuteStepInput {
  runId: string;
  nodeId: string;
  /** Paths in the step's output whose values the workflow's conditions read. */
  watch: string[];
}

/** How a pipeline run ended, for the record. */
export interface FinishRunInput {
  runId: string;
  status: 'completed' | 'failed';
  /** Final status of steps the workflow settled without running them (skipped) or gave up on (failed). */
  settled: Record<string, Extract<StepStatus, 'skipped' | 'failed'>>;
  error?: string;
}

/** The pipeline interpreter's activities (`runPipeline`). */
export interface PipelineActivities {
  /** Marks the run running and records its Temporal ids. */
  startRun(input: { runId: string }): Promise<void>;
  /** Runs one node of one run; answers the watched values of its output. */
  executeStep(input: ExecuteStepInput): Promise<Record<string, unknown>>;
  /** Records how the run ended and the steps the workflow settled without running. */
  finishRun(input: FinishRunInput): Promise<void>;
}

/** One step for a chunk of runs of the same definition. */
export interface ChunkInput {
  nodeId: string;
  runIds: string[];
  watch: string[];
  /**
   * The node's timeout: the chunk heartbeats while each group of its runs is younger than this, so
   * a short heartbeat timeout retries a chunk whose worker died soon, and one whose group hung once
   * this has passed. Absent (histories from before): one heartbeat as each group begins.
   */
  stepTimeoutMs?: number;
}

/** How the step went for one run of the chunk. */
export type ChunkResult =
  { runId: string; status: 'completed'; summary: Record<string, unknown> } | { runId: string; status: 'failed'; error: string };

/** How each run of a batch ended. */
export interface FinishRunsInput {
  runs: Array<{ runId: string; status: 'completed' | 'failed'; settled: Record<string, 'skipped' | 'failed'>; error?: string }>;
}

/** The batch runner's activities (`runBatch`). */
export interface BatchActivities {
  /** Marks the batch's runs running. */
  startRuns(input: { runIds: string[] }): Promise<void>;
  /** Runs one node for every run of the chunk. */
  executeStepChunk(input: ChunkInput): Promise<ChunkResult[]>;
  /** Records how each run ended. */
  finishRuns(input: FinishRunsInput): Promise<void>;
}

/** One step of a sequence to put in the outbox. */
export interface QueueStepInput {
  workspaceId: string;
  sequenceId: string;
  prospectId: number;
  email: string;
  step: number;
  subject: string;
  body: string;
  /** The outreach template family, recorded with the send so learning can compare templates. */
  template?: string;
  /** Days after enrolment the step was due. */
  dayOffset?: number;
  /** The researched facts the email cites. */
  factIds?: string[];
}

/**
 * Where the step's email went: waiting for a person's approval (review mode), queued to send,
 * refused for a suppressed address, or already past the queue (a retried or replayed call).
 */
export type QueueStepResult =
  { outcome: 'pending_review' | 'queued' } | { outcome: 'suppressed'; reason: string } | { outcome: 'settled'; status: string };

/** Send (or try to send) one queued step now; `at` is the workflow's clock. */
export interface DeliverStepInput {
  workspaceId: string;
  prospectId: number;
  step: number;
  /**
   * The workflow's time when it asked (ms). The send goes by the later of this and the clock: a
   * try that runs late (retried after an outage or a lost worker) checks the window, takes the
   * day's slots and records `sentAt` as of when it runs; a time-skipping test's workflow time,
   * ahead of the clock, is the one used there.
   */
  at: number;
}

/**
 * What the send activity did: sent it; not yet, with when to try again and why (the daily cap,
 * the sending window, the domain limit, the gap between sends, no mailbox); or never, because the
 * address is suppressed, the server refused it for good, or a reviewer rejected it.
 */
export type DeliverStepResult =
  | { outcome: 'sent' }
  | { outcome: 'wait'; until: number; reason: string }
  | { outcome: 'suppressed' | 'failed' | 'rejected'; reason: string };

/** The step as sequences started before real sending queued it (kept for their replay). */
export type LegacySendStepInput = QueueStepInput;

/** The per-prospect sequence's activities (`prospectSequence`): the outbox, sending and the suppression list. */
export interface SequenceActivities {
  /** Sequences started before real sending call this instead of queueStep and deliverStep. */
  sendSequenceStep(
    input: LegacySendStepInput,
  ): Promise<{ outcome: 'queued' | 'already-queued' } | { outcome: 'suppressed'; reason: string }>;
  queueStep(input: QueueStepInput): Promise<QueueStepResult>;
  deliverStep(input: DeliverStepInput): Promise<DeliverStepResult>;
  suppressAddress(input: { workspaceId: string; email: string; reason: string }): Promise<void>;
  /** After an interested reply: the email offering the next free meeting slots, or null when none is free. */
  draftMeetingProposal(input: { workspaceId: string; prospectId: number }): Promise<{ subject: string; body: string } | null>;
  /** A group's members whose sequences ended (`sequenceGroup`): recorded in the sequence directory. */
  sequencesEnded(input: { workspaceId: string; prospectIds: number[] }): Promise<void>;
}

/** Input of the end-to-end check activity. */
export interface RecordSystemCheckInput {
  checkId: string;
  workflowId: string;
  runId: string;
}

/** The activity that proves the worker reaches the database (`systemCheck`). */
export interface SystemActivities {
  recordSystemCheck(input: RecordSystemCheckInput): Promise<{ worker: string; checkedAt: string }>;
}

/** Input of the `learningCycle` workflow; `cycleId` defaults to the workflow id (unique per scheduled run). */
export interface LearningCycleInput {
  workspaceId: string;
  cycleId?: string;
}

/** The config values the learning engine learns. */
export type LearnedKey = 'scoringWeights' | 'templatePerformance' | 'cadenceTiming';

/** How a cycle ended: the config keys it wrote, and any the engine applied with a value the API would refuse. */
export interface LearningCycleSummary {
  cycleId: string;
  applied: LearnedKey[];
  rejected: LearnedKey[];
}

/**
 * The learning cycle's platform activities. The workflow hands what `gatherOutcomes` answers to
 * the learning engine and its answer to `applyLearningResult` without reading either: their
 * shapes are the platform's and the engine's business.
 */
export interface LearningActivities {
  gatherOutcomes(input: { workspaceId: string; cycleId: string }): Promise<object>;
  applyLearningResult(input: { workspaceId: string; cycleId: string; result: unknown }): Promise<LearningCycleSummary>;
}

/** What `inboxPolling` runs: one check of every IMAP mailbox of a workspace. */
export interface InboxActivities {
  /** How many mailboxes of the workspace are read over IMAP (0: polling stops until one is added). */
  checkInboxes(input: { workspaceId: string }): Promise<{ mailboxes: number }>;
}

/** Outgoing webhooks (platform/src/features/revenue/webhooks): the fan-out of new events and one delivery's attempts. */
export interface WebhookActivities {
  /**
   * Turns the workspace's new events into deliveries for its enabled endpoints and starts each
   * delivery's workflow; how many endpoints are enabled (0: dispatching stops until one is added).
   */
  dispatchWebhookEvents(input: { workspaceId: string }): Promise<{ endpoints: number; started: number }>;
  /** One attempt of a delivery: `retry` when it should be tried again, otherwise what became of it. */
  attemptWebhookDelivery(input: {
    workspaceId: string;
    deliveryId: string;
  }): Promise<{ outcome: 'delivered' | 'retry' | 'gone' | 'dropped' }>;
  /** Marks a delivery failed once its retries are spent (24 hours). */
  failWebhookDelivery(input: { workspaceId: string; deliveryId: string }): Promise<void>;
}
