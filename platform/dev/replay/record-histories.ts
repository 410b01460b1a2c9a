// `npm run record:histories`: drives each workflow type to the points worth keeping on the real
// Temporal dev server, with the test suite's own servers and helpers (vitest runs this file alone,
// see vitest.record.config.ts), and writes each history to histories/ with an entry in its index.
//
// A case recorded again on another day gets a new file beside the old one: the old history is what
// runs started before the change look like, and it stays until none of them can be in flight.
// `npm run record:histories -- -t <case>` records only the cases whose name matches.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_OWNER, testRunContext } from '../testing/principals.ts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emailSmtpChannel } from '@meetflow/plugin-channel-email-smtp';
import { hubSpotCrm } from '@meetflow/plugin-crm-hubspot';
import { FAKE_HUBSPOT_TOKEN, startFakeHubSpot, type FakeHubSpot } from '@meetflow/plugin-crm-hubspot/testing';
import { engagementAnalysisPlugin } from '@meetflow/plugin-engagement-analysis';
import { learningEnginePlugin } from '@meetflow/plugin-learning-engine';
import { meetingBookingPlugin } from '@meetflow/plugin-meeting-booking';
import type { SequenceState, SequenceStep } from '@meetflow/workflows';
import type { WorkflowHandle } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../src/core/paths.ts';
import { publishEvent } from '../../src/core/events.ts';
import { deliveryWorkflowId, dispatchWorkflowId } from '../../src/features/revenue/webhooks/delivery.ts';
import { connectCrm } from '../../src/features/revenue/crm/connections.ts';
import { crmSyncWorkflowId, requestCrmSync } from '../../src/features/revenue/crm/run.ts';
import { sealCalendarSecret } from '../../src/features/revenue/calendars/account-secret.ts';
import { calendarSyncWorkflowId, requestCalendarSync } from '../../src/features/revenue/calendars/run.ts';
import { billingCycleWorkflowId, startBillingCycle } from '../../src/features/revenue/billing/cycle.ts';
import { installedPlugins } from '../../src/features/runs/plugins/installed.ts';
import { secretsBox } from '../../src/core/secrets-box.ts';
import { inboxPollingId } from '../../src/features/email/inbound/polling.ts';
import { oneOffWorkflowId } from '../../src/features/email/inbox/one-off.ts';
import { startLearningCycle } from '../../src/features/insights/learning/trigger.ts';
import { createMailbox } from '../../src/features/email/mailboxes/mailboxes.ts';
import { recordOutcome } from '../../src/features/insights/outcomes/record.ts';
import { startPipelineBatch } from '../../src/features/runs/pipelines/batches.ts';
import { rerunPipeline, startPipelineRun } from '../../src/features/runs/pipelines/runs.ts';
import { callPluginActivity } from '../../src/features/runs/plugins/call-activity.ts';
import { ENROLL_ACTIVITY, sequenceWorkflowId } from '../../src/features/email/sequences/enrollment.ts';
import { enrollmentActivity } from '../../src/worker/activities.ts';
import { until } from '../contract/poll.ts';
import { serveProductApp } from '../testing/http.ts';
import { startTestMailServer, type TestMailServer } from '../testing/mail-server.ts';
import { unusedLocalUrl } from '../testing/radicale.ts';
import { MATH_BATCH_PIPELINE, MATH_DEMO_PIPELINE, mathPlugin } from '../testing/math-plugin.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../testing/pipeline-worker.ts';
import { configureSending, enrolProspect, morningZone } from '../testing/sending.ts';
import {
  HISTORIES_DIR,
  INDEX_FILE,
  historyJson,
  readIndex,
  workflowIdOf,
  workflowTypeOf,
  type History,
  type HistoryFixture,
} from './fixtures.ts';

const EventType = temporal.api.enums.v1.EventType;
const box = secretsBox(randomBytes(32));
const WS = 'replay';
const WS_REVIEW = 'replay-review';
const WS_LEARN = 'replay-learning';
const SENDER = 'alex@brightline.test';
/** A three-step cadence: step 1 at once, then days 3 and 8 (the timers a release must not break). */
const steps: SequenceStep[] = [0, 3, 8].map((dayOffset, index) => ({
  step: index + 1,
  dayOffset,
  subject: `Step ${index + 1}`,
  body: 'Hello there.',
  template: 'roi-focused',
}));

let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveProductApp>>;
let mail: TestMailServer;
let mailboxId: string;
let hubSpot: FakeHubSpot;
const recorded: HistoryFixture[] = [];
const day = new Date().toISOString().slice(0, 10);

const api = async (method: string, path: string, body?: unknown, workspace = WS) => {
  const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
};
const sequence = (workspace: string, prospectId: number) =>
  stack.runner.temporal.workflow.getHandle(sequenceWorkflowId(workspace, prospectId));
const stateOf = (workspace: string, prospectId: number) => sequence(workspace, prospectId).query<SequenceState>('state');

/** A workspace that sends at once (autonomous, or review mode), with a warmed-up mailbox on the mail server. */
async function sendingWorkspace(workspace: string, mode: 'autonomous' | 'review', fromAddress: string) {
  await stack.db.workspaces.create({ slug: workspace, name: workspace });
  await configureSending(stack.db, workspace, {
    mode,
    timeZone: morningZone(Date.now()),
    window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
    gapMinutes: { min: 0, max: 0 },
  });
  const mailbox = await createMailbox(stack.db, box, workspace, {
    fromName: 'Alex Morgan',
    fromAddress,
    signature: 'Alex Morgan',
    smtp: { host: mail.host, port: mail.smtpPort, tls: 'none', user: fromAddress },
    password: 'any password: GreenMail accepts every login',
    dailyCap: 100,
  });
  // Warmed up (added two months ago), so its cap applies at once. Through the driver: createdAt is immutable in mongoose.
  await stack.db.mailboxes.collection.updateOne(
    { workspaceId: workspace, publicId: mailbox.id },
    { $set: { createdAt: new Date(Date.now() - 60 * 86_400_000) } },
  );
  return mailbox.id;
}

/** Waits until the review workspace's prospect's sequence waits for a reviewer on step 1. */
const waitingForReview = (prospectId: number) =>
  until(
    () => stateOf(WS_REVIEW, prospectId),
    (state) => state.waitingFor === 'review',
    `prospect ${prospectId}'s step 1 in the review queue`,
  );

/** Enrols a prospect of the autonomous workspace and waits until its step 1 has gone out and the sequence waits for step 2. */
async function afterStepOne(prospectId: number, email: string) {
  await enrolProspect(stack, WS, prospectId, email, steps);
  await until(
    () => stateOf(WS, prospectId),
    (state) => state.sentSteps.length === 1 && state.nextStep === 2,
    `prospect ${prospectId}'s step 1`,
  );
  await until(
    () => mail.inbox(email),
    (inbox) => inbox.length === 1,
    `${email}'s inbox`,
  );
  return simpleParser((await mail.inbox(email))[0]!);
}

/**
 * The history once the workflow is idle: no workflow task scheduled or running (a signal or an
 * activity's result just arrived), so the history ends where the workflow code left it waiting.
 */
async function settledHistory(handle: WorkflowHandle): Promise<History> {
  const taskEvents = new Set([
    EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED,
    EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED,
    EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED,
    EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED,
    EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT,
  ]);
  return until(
    () => handle.fetchHistory(),
    (history) => {
      const events = history.events ?? [];
      const lastTask = events.findLast((event) => taskEvents.has(event.eventType!));
      return lastTask?.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED;
    },
    `${handle.workflowId} to be idle`,
  );
}

/** How the history ends: still running, or how it closed. */
function statusOf(history: History): HistoryFixture['status'] {
  const last = history.events?.at(-1)?.eventType;
  const closed: Partial<Record<number, HistoryFixture['status']>> = {
    [EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED]: 'completed',
    [EventType.EVENT_TYPE_WORKFLOW_EXECUTION_FAILED]: 'failed',
    [EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW]: 'continued-as-new',
    [EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CANCELED]: 'cancelled',
    [EventType.EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED]: 'terminated',
  };
  return (last != null && closed[last]) || 'running';
}

/** The checked-out commit, and whether the workflow sources differ from it (read-only git). */
function gitState(): { commit: string | null; workflowSourcesChanged: boolean | null } {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  const head = git('rev-parse', 'HEAD');
  if (head.status !== 0) return { commit: null, workflowSourcesChanged: null };
  const changes = git('status', '--porcelain', '--', 'workflows/src');
  return { commit: head.stdout.trim(), workflowSourcesChanged: changes.status === 0 ? changes.stdout.trim() !== '' : null };
}
const git = gitState();

/**
 * Writes the history as `<case>.<day>.json` (its protobuf JSON, see fixtures.ts), after making
 * sure it replays on the code that recorded it (a history that does not is a nondeterministic workflow, not a fixture).
 */
async function save(name: string, captures: string, history: History) {
  // Under its own workflow id, as replay.test.ts replays it (a batch names its slices after its id).
  await Worker.runReplayHistory({ workflowBundle: { codePath: inject('workflowBundlePath') } }, history, workflowIdOf(history, name));
  const file = `${name}.${day}.json`;
  mkdirSync(HISTORIES_DIR, { recursive: true });
  writeFileSync(join(HISTORIES_DIR, file), `${historyJson(history)}\n`);
  recorded.push({
    file,
    case: name,
    workflowType: workflowTypeOf(history)!,
    captures,
    status: statusOf(history),
    events: history.events?.length ?? 0,
    recordedAt: new Date().toISOString(),
    ...git,
  });
}

// The installed CalDAV plugin, as start-up finds it (the calendar read-back's case connects a calendar of it).
const calDav = installedPlugins.filter((plugin) => plugin.manifest.id === 'calendar-caldav');

beforeAll(async () => {
  hubSpot = await startFakeHubSpot();
  stack = await startTestPipelineWorker(
    'record-histories',
    [mathPlugin, engagementAnalysisPlugin, meetingBookingPlugin, emailSmtpChannel, learningEnginePlugin, hubSpotCrm, ...calDav],
    { secrets: box, publicUrl: 'https://meetflow.example', settings: { 'crm-hubspot': { baseUrl: hubSpot.baseUrl, timeoutSeconds: 5 } } },
  );
  server = await serveProductApp(stack, { secrets: box, publicUrl: 'https://meetflow.example', imapPollSeconds: 1 });
  mail = await startTestMailServer();
  mailboxId = await sendingWorkspace(WS, 'autonomous', SENDER);
  await sendingWorkspace(WS_REVIEW, 'review', 'sam@brightline.test');
}, 120_000);

afterAll(async () => {
  // The index keeps every earlier recording; a file written again today replaces its own entry.
  const written = new Set(recorded.map((fixture) => fixture.file));
  const index = [...readIndex().filter((fixture) => !written.has(fixture.file)), ...recorded].sort(
    (a, b) => a.case.localeCompare(b.case) || a.recordedAt.localeCompare(b.recordedAt),
  );
  if (recorded.length > 0) writeFileSync(INDEX_FILE, `${JSON.stringify(index, null, 2)}\n`);
  // Whatever still runs (sequences on their timers, the batch) is dropped with the servers.
  await server?.close();
  await mail?.close();
  await hubSpot?.close();
  await stack?.stop();
}, 120_000);

describe('prospectSequence', () => {
  it('sequence-waiting-after-step-1', async () => {
    await afterStepOne(1, 'pat1@acme.test');
    await save(
      'sequence-waiting-after-step-1',
      'A 3-step sequence (days 0, 3, 8, autonomous mode): step 1 was sent over SMTP; the workflow waits on its timer for step 2.',
      await settledHistory(sequence(WS, 1)),
    );
  });

  it('sequence-paused-out-of-office', async () => {
    const sent = await afterStepOne(2, 'pat2@bravo.test');
    // Saving the mailbox's IMAP settings through the API starts the workspace's polling (every second here).
    await api('PATCH', `/api/mailboxes/${mailboxId}`, { imap: { host: mail.host, port: mail.imapPort, tls: 'none' } });
    const back = new Date(Date.now() + 10 * 86_400_000);
    const returnDate = back.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    await mail.send({
      from: 'pat2@bravo.test',
      to: SENDER,
      subject: `Re: ${sent.subject}`,
      inReplyTo: sent.messageId,
      references: sent.messageId,
      headers: { 'Auto-Submitted': 'auto-replied' },
      text: `I am out of the office until ${returnDate} with limited access to email.`,
    });
    const paused = await until(
      () => stateOf(WS, 2),
      (state) => state.status === 'paused',
      'the out-of-office pause',
    );
    expect(paused.pausedUntil?.slice(0, 10)).toBe(back.toISOString().slice(0, 10));
    await save(
      'sequence-paused-out-of-office',
      'Step 1 sent; an out-of-office reply, read over IMAP by the polling workflow, paused the sequence until the return date 10 days on: it waits on that timer.',
      await settledHistory(sequence(WS, 2)),
    );

    // The polling ends once no mailbox of the workspace has IMAP settings.
    await api('PATCH', `/api/mailboxes/${mailboxId}`, { imap: null });
    const polling = stack.runner.temporal.workflow.getHandle(inboxPollingId(WS));
    await polling.result();
    await save(
      'inbox-polling-read-out-of-office',
      "The workspace's IMAP polling (every second): it read the out-of-office reply above, then ended once the mailbox had no IMAP settings.",
      await polling.fetchHistory(),
    );
  });

  it('sequence-held-by-user', async () => {
    await afterStepOne(3, 'pat3@charlie.test');
    const held = (await api('POST', '/api/prospects/3/sequence', { action: 'pause' })) as unknown as SequenceState;
    expect(held).toMatchObject({ status: 'paused', pausedByUser: true });
    await save(
      'sequence-held-by-user',
      'Step 1 sent; a user paused the sequence (control signal): it waits for a resume, its cadence clock stopped.',
      await settledHistory(sequence(WS, 3)),
    );
  });

  it('sequence-interested-meeting-proposal', async () => {
    await afterStepOne(4, 'pat4@delta.test');
    const answer = await api('POST', '/api/replies', {
      prospectId: 4,
      body: 'Sounds interesting, can you send me a few times next week?',
      messageId: 'replay-interested',
    });
    expect(answer).toMatchObject({ classification: { category: 'interested' } });
    expect(await sequence(WS, 4).result()).toMatchObject({ status: 'stopped', meetingProposal: 'sent' });
    await save(
      'sequence-interested-meeting-proposal',
      'Step 1 sent; an interested reply stopped the sequence, and the email offering meeting slots was drafted and sent in its thread (meeting-proposal patch).',
      await sequence(WS, 4).fetchHistory(),
    );
  });

  it('sequence-waiting-for-review', async () => {
    await enrolProspect(stack, WS_REVIEW, 1, 'pat1@echo.test', steps);
    await waitingForReview(1);
    await save(
      'sequence-waiting-for-review',
      "Review mode: step 1 is written to the outbox and the sequence waits for a reviewer's approval (approve/reject signal).",
      await settledHistory(sequence(WS_REVIEW, 1)),
    );
  });
});

describe('prospectSequence, its first email written at enrolment', () => {
  it('sequence-first-email-from-enrolment', async () => {
    const email = 'pat2@foxtrot.test';
    await stack.db.prospects.create({
      workspaceId: WS_REVIEW,
      id: 2,
      firstName: 'Pat',
      lastName: 'P2',
      company: 'Foxtrot',
      email,
      emailLower: email,
    });
    // The enrol activity as the worker composes it, over a list of one: it writes step 1's email, then starts the sequence.
    const enrol = enrollmentActivity(stack.runner.temporal, stack.runner.taskQueue, stack.db, box)[ENROLL_ACTIVITY]!;
    const [enrolled] = await enrol.many!([{ input: { prospectId: 2, email, sequence: steps }, extra: { run: testRunContext(WS_REVIEW) } }]);
    expect(enrolled).toMatchObject({ ok: true, output: { alreadyEnrolled: false } });
    await waitingForReview(2);
    await save(
      'sequence-first-email-from-enrolment',
      "Review mode, enrolled by the enrol activity, which wrote step 1's email to the outbox for its list: the sequence waits for a reviewer's approval without writing it itself (no queueStep).",
      await settledHistory(sequence(WS_REVIEW, 2)),
    );
  });
});

describe('sequenceGroup', () => {
  it('sequence-group-one-stopped', async () => {
    const people = [
      [11, 'pat11@golf.test'],
      [12, 'pat12@hotel.test'],
    ] as const;
    for (const [id, email] of people)
      await stack.db.prospects.create({
        workspaceId: WS,
        id,
        firstName: 'Pat',
        lastName: `P${id}`,
        company: 'Acme',
        email,
        emailLower: email,
      });
    const enrol = enrollmentActivity(stack.runner.temporal, stack.runner.taskQueue, stack.db, box)[ENROLL_ACTIVITY]!;
    const results = await enrol.many!(
      people.map(([prospectId, email]) => ({ input: { prospectId, email, sequence: steps }, extra: { run: testRunContext(WS) } })),
    );
    expect(results).toMatchObject([{ ok: true }, { ok: true }]);
    const entry = (prospectId: number) => stack.db.sequenceDirectory.findOne({ workspaceId: WS, prospectId }).lean();
    const group = stack.runner.temporal.workflow.getHandle((await entry(11))!.workflowId);
    const states = () => group.query<Record<string, SequenceState>, [number[]]>('memberStates', [11, 12]);
    await until(states, (now) => now['11']?.sentSteps.length === 1 && now['12']?.sentSteps.length === 1, "both members' step 1");
    await api('POST', '/api/replies', { prospectId: 12, body: 'Please remove me from your list.', messageId: 'replay-group-stop' });
    await until(states, (now) => now['12']?.status === 'stopped', "member 12's stop");
    await until(
      () => entry(12),
      (found) => found?.endedAt instanceof Date,
      "member 12's end in the directory",
    );
    await save(
      'sequence-group-one-stopped',
      "Two sequences enrolled together by the enrol activity's list, in one group: both sent step 1; an unsubscribe reply stopped one (member signal) and its end was recorded (sequencesEnded); the other waits on its timer for step 2.",
      await settledHistory(group),
    );
  });
});

describe('runPipeline', () => {
  it('pipeline-run-failed-step and pipeline-rerun-from-failed-step', async () => {
    const failed = await startPipelineRun(stack.runner, {
      principal: TEST_OWNER,
      workspaceId: WS,
      definition: MATH_DEMO_PIPELINE,
      input: { n: 5, check: -1 },
    });
    const failedHandle = stack.runner.temporal.workflow.getHandle(failed.workflowId!);
    await expect(failedHandle.result()).rejects.toThrow();
    await save(
      'pipeline-run-failed-step',
      'A pipeline run with parallel branches, a flaky step retried and a condition met, failed for good at step "check" (true-DAG patch).',
      await failedHandle.fetchHistory(),
    );

    const rerun = await rerunPipeline(stack.runner, WS, TEST_OWNER, failed.runId, { fromNodeId: 'check', input: { n: 5, check: 3 } });
    const rerunHandle = stack.runner.temporal.workflow.getHandle(rerun.workflowId!);
    expect(await rerunHandle.result()).toMatchObject({ status: 'completed' });
    await save(
      'pipeline-rerun-from-failed-step',
      'The rerun of that run from step "check" with a fixed input: the earlier steps seeded as completed, only "check" ran.',
      await rerunHandle.fetchHistory(),
    );
  });
});

describe('runBatch', () => {
  it('batch-mid-stage', async () => {
    const slow = {
      id: 'slow-batch',
      name: 'Slow batch',
      nodes: [
        { id: 'start', activity: 'math.double', input: { n: '{{ input.n }}' } },
        { id: 'slow', activity: 'math.wait', input: { n: '{{ start.n }}', ms: 10_000 } },
        { id: 'after', activity: 'math.double', input: { n: '{{ slow.n }}' } },
      ],
      edges: [
        { from: 'start', to: 'slow' },
        { from: 'slow', to: 'after' },
      ],
    };
    const batch = await startPipelineBatch(stack.runner, {
      principal: TEST_OWNER,
      workspaceId: WS,
      definition: slow,
      inputs: [1, 2, 3, 4].map((n) => ({ n })),
      chunkSize: 1,
      concurrency: 2,
    });
    const handle = stack.runner.temporal.workflow.getHandle(batch.workflowId);
    await until(
      () => handle.query<{ level: number; nodes: Record<string, Record<string, number>> }>('progress'),
      (progress) => progress.level === 1 && (progress.nodes.slow?.running ?? 0) > 0,
      'the batch in its second stage',
    );
    await save(
      'batch-mid-stage',
      'A batch of 4 runs of a 3-stage pipeline (chunks of 1 run, concurrency 2): stage 1 done, stage 2 (a 10 s step) under way. Today every chunk of a stage is scheduled at once, whatever the concurrency.',
      await settledHistory(handle),
    );
    await handle.terminate('recorded');
  });

  it('batch-continued-as-new and batch-after-continue-as-new', async () => {
    const definition = MATH_BATCH_PIPELINE;
    // n = -1 fails "check"; 30 meets the condition of "big", 2 does not. History capped at 10 events: it continues as new after each stage.
    const batch = await startPipelineBatch(stack.runner, {
      principal: TEST_OWNER,
      workspaceId: WS,
      definition,
      inputs: [-1, 2, 30].map((n) => ({ n })),
      chunkSize: 2,
      maxHistory: 10,
    });
    const last = stack.runner.temporal.workflow.getHandle(batch.workflowId);
    expect(await last.result()).toMatchObject({ nodes: { check: { completed: 2, failed: 1 }, big: { completed: 1, skipped: 2 } } });
    await save(
      'batch-continued-as-new',
      'The first execution of a batch of 3 runs (history capped at 10 events): it started the runs, ran stage 1 ("start") in 2 chunks of up to 2 runs, then continued as new.',
      await stack.runner.temporal.workflow.getHandle(batch.workflowId, batch.firstRunId).fetchHistory(),
    );
    await save(
      'batch-after-continue-as-new',
      'The last execution of that batch (the one before ran "bump", retried, and "check", failing one run): it carried the state over, ran the last stage ("big": its condition met for one run) and finished the runs.',
      await last.fetchHistory(),
    );
  });
});

describe('runBatch in slices', () => {
  it('batch-in-slices and batch-slice', async () => {
    // 5 runs in slices of 2: three child batches, one after another; n = -1 fails "check", 30 meets the condition of "big".
    const batch = await startPipelineBatch(stack.runner, {
      principal: TEST_OWNER,
      workspaceId: WS,
      definition: MATH_BATCH_PIPELINE,
      inputs: [-1, 2, 30, 4, 31].map((n) => ({ n })),
      chunkSize: 2,
      sliceSize: 2,
    });
    const handle = stack.runner.temporal.workflow.getHandle(batch.workflowId);
    expect(await handle.result()).toMatchObject({ runs: { completed: 4, failed: 1 }, nodes: { big: { completed: 2, skipped: 3 } } });
    await save(
      'batch-in-slices',
      'A batch of 5 runs in slices of 2: it ran three child batches (slices) one after another and answered with their results added up.',
      await handle.fetchHistory(),
    );
    await save(
      'batch-slice',
      'The first slice of that batch: a child batch of 2 runs (one failing "check") that started and finished its own runs.',
      await stack.runner.temporal.workflow.getHandle(`${batch.workflowId}-slice-1`).fetchHistory(),
    );
  });
});

describe('learningCycle', () => {
  it('learning-cycle', async () => {
    await stack.host.models('learning-engine', stack.database).cycles!.init();
    const at = new Date(Date.now() - 86_400_000);
    const events = [
      ...Array.from({ length: 6 }, (_, i) => ({ type: 'sent' as const, template: 'roi-focused', prospectId: `p${i}` })),
      ...Array.from({ length: 6 }, (_, i) => ({ type: 'sent' as const, template: 'pain-point', prospectId: `q${i}` })),
      { type: 'replied' as const, template: 'roi-focused', prospectId: 'p0', category: 'interested' },
      { type: 'replied' as const, template: 'pain-point', prospectId: 'q0', category: 'objection' },
      { type: 'meeting_booked' as const, prospectId: 'p0' },
    ];
    for (const [i, event] of events.entries())
      await recordOutcome(stack.db, { ...event, step: 1, at, workspaceId: WS_LEARN, eventId: `learn-${i}` });
    const started = await startLearningCycle({ client: stack.runner.temporal, taskQueue: stack.runner.taskQueue }, WS_LEARN);
    const handle = stack.runner.temporal.workflow.getHandle(started.workflowId);
    await handle.result();
    await save(
      'learning-cycle',
      'A learning cycle of a workspace with 15 outcome events: gathered them, ran the learning engine, applied its result (too few to apply any part).',
      await handle.fetchHistory(),
    );
  });
});

describe('the small ones', () => {
  it('run-plugin-activity', async () => {
    const key = `replay-${randomUUID()}`;
    expect(
      await callPluginActivity(stack.runner.temporal, stack.runner.taskQueue, 'math.flakyIncrement', { n: 1 }, testRunContext(WS), {
        idempotencyKey: key,
      }),
    ).toEqual({
      n: 2,
    });
    // The workflow id callPluginActivity gives a call with an idempotency key (call-activity.ts).
    const workflowId = `plugin-activity-math.flakyIncrement-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
    await save(
      'run-plugin-activity',
      'One plugin activity run durably from the API (math.flakyIncrement: its first attempt failed, the retry answered).',
      await stack.runner.temporal.workflow.getHandle(workflowId).fetchHistory(),
    );
  });

  it('send-email-inbox-reply', async () => {
    // A person answers a prospect's reply from the Inbox: a one-off email, sent by its own workflow.
    await afterStepOne(9, 'pat9@kilo.test');
    await api('POST', '/api/replies', { prospectId: 9, body: 'Could you tell me more about pricing?' });
    const listed = (await api('GET', '/api/inbox?prospectId=9&status=all')) as unknown as { items: Array<{ id: string }> };
    const answer = (await api('POST', `/api/inbox/${listed.items[0]!.id}/reply`, {
      body: 'Of course: it is per attended meeting.',
    })) as unknown as {
      step: number;
    };
    const handle = stack.runner.temporal.workflow.getHandle(oneOffWorkflowId(WS, 9, answer.step));
    await handle.result();
    await save(
      'send-email-inbox-reply',
      "A person's answer from the Inbox (outbox step 200), sent through the guarded send in one try.",
      await handle.fetchHistory(),
    );
  });

  it('system-check', async () => {
    const checkId = randomUUID();
    const workflowId = `system-check-${checkId}`;
    await stack.runner.temporal.workflow.execute('systemCheck', { taskQueue: stack.runner.taskQueue, workflowId, args: [{ checkId }] });
    await save(
      'system-check',
      'The end-to-end check: one activity writing to the database.',
      await stack.runner.temporal.workflow.getHandle(workflowId).fetchHistory(),
    );
  });
});

describe('webhooks', () => {
  it('webhook-dispatch-ended, webhook-delivery-delivered and webhook-delivery-waiting-to-retry', async () => {
    const WS_HOOKS = 'replay-webhooks';
    await stack.db.workspaces.create({ slug: WS_HOOKS, name: WS_HOOKS });
    let answer = 200;
    const receiver = createServer((_req, res) => res.writeHead(answer).end(`status ${answer}`));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    try {
      const created = await api('POST', '/api/webhooks', { url, events: ['prospect.created'] }, WS_HOOKS);
      const endpointId = (created as { endpoint: { id: string } }).endpoint.id;
      const deliveryOf = async (key: string) => {
        const { eventId } = await publishEvent(stack.db, testRunContext(WS_HOOKS), {
          type: 'prospect.created',
          key,
          data: { prospect: { id: 1 } },
        });
        return until(
          () => stack.db.webhookDeliveries.findOne({ workspaceId: WS_HOOKS, eventId }).lean(),
          (delivery) => (delivery?.attempts.length ?? 0) > 0,
          `the delivery of ${key}`,
        );
      };
      const delivered = await deliveryOf('delivered');
      const deliveredRun = stack.runner.temporal.workflow.getHandle(deliveryWorkflowId(WS_HOOKS, delivered!.publicId));
      await deliveredRun.result();
      await save(
        'webhook-delivery-delivered',
        "One event's delivery to an endpoint: its receiver answered 200 at the first attempt.",
        await deliveredRun.fetchHistory(),
      );
      answer = 503;
      const waiting = await deliveryOf('waiting');
      await save(
        'webhook-delivery-waiting-to-retry',
        "One event's delivery whose receiver answered 503: it waits on its 30 s backoff timer before the next attempt.",
        await settledHistory(stack.runner.temporal.workflow.getHandle(deliveryWorkflowId(WS_HOOKS, waiting!.publicId))),
      );
      await api('DELETE', `/api/webhooks/${endpointId}`, undefined, WS_HOOKS);
      const dispatch = stack.runner.temporal.workflow.getHandle(dispatchWorkflowId(WS_HOOKS));
      await dispatch.result();
      await save(
        'webhook-dispatch-ended',
        "A workspace's dispatching (every 2 s): it started the two deliveries above, then ended once its endpoint was deleted.",
        await dispatch.fetchHistory(),
      );
    } finally {
      receiver.close();
    }
  });
});

describe('crmSync', () => {
  it('crm-sync-waiting-for-next and crm-sync-not-connected', async () => {
    const WS_CRM = 'replay-crm';
    await stack.db.workspaces.create({ slug: WS_CRM, name: WS_CRM });
    await connectCrm(
      { db: stack.db, secrets: box, host: stack.host },
      WS_CRM,
      {
        pluginId: 'crm-hubspot',
        account: { privateAppToken: FAKE_HUBSPOT_TOKEN },
      },
      null,
    );
    await stack.db.prospects.create({
      workspaceId: WS_CRM,
      id: 1,
      firstName: 'Dana',
      lastName: 'Reyes',
      company: 'Northwind Robotics',
      email: 'dana.reyes@northwind.example',
      emailLower: 'dana.reyes@northwind.example',
      website: 'https://northwind.example',
    });
    await publishEvent(stack.db, testRunContext(WS_CRM), {
      type: 'prospect.created',
      key: '1',
      data: {
        prospect: {
          id: 1,
          firstName: 'Dana',
          lastName: 'Reyes',
          email: 'dana.reyes@northwind.example',
          company: 'Northwind Robotics',
          jobTitle: null,
          source: null,
        },
      },
    });
    const starter = { client: stack.runner.temporal, taskQueue: stack.runner.taskQueue };
    await requestCrmSync(starter, WS_CRM);
    await until(
      () => stack.db.crmConnections.findOne({ workspaceId: WS_CRM }).lean(),
      (connection) => connection?.sync?.at !== null && connection?.sync?.at !== undefined && !connection.sync.running,
      'the first CRM sync',
    );
    expect(hubSpot.objects('contacts').map((contact) => contact.properties.email)).toContain('dana.reyes@northwind.example');
    await save(
      'crm-sync-waiting-for-next',
      "A workspace's CRM sync: asked for at once (Sync now), it wrote one prospect's company and contact to HubSpot, read its customers and open deals, and waits on its 15-minute timer.",
      await settledHistory(stack.runner.temporal.workflow.getHandle(crmSyncWorkflowId(WS_CRM))),
    );

    const WS_NONE = 'replay-crm-none';
    await stack.runner.temporal.workflow.execute('crmSync', {
      taskQueue: stack.runner.taskQueue,
      workflowId: crmSyncWorkflowId(WS_NONE),
      args: [{ intervalMinutes: 15 }],
    });
    await save(
      'crm-sync-not-connected',
      'A CRM sync of a workspace with no CRM connected (disconnected meanwhile): it ends at once.',
      await stack.runner.temporal.workflow.getHandle(crmSyncWorkflowId(WS_NONE)).fetchHistory(),
    );
  });
});

describe('calendarSync', () => {
  it('calendar-sync-waiting-for-next and calendar-sync-not-connected', async () => {
    const WS_CAL = 'replay-calendar';
    const publicId = 'ca'.repeat(8);
    // A connected CalDAV calendar whose server does not answer: the read-back records why and waits for the next.
    await stack.db.calendarAccounts.create({
      workspaceId: WS_CAL,
      publicId,
      pluginId: 'calendar-caldav',
      auth: 'fields',
      fields: { serverUrl: await unusedLocalUrl(), username: 'rep@replay.test' },
      secret: sealCalendarSecret(box, { workspaceId: WS_CAL, publicId }, { password: 'not used: nothing answers' }),
    });
    const starter = { client: stack.runner.temporal, taskQueue: stack.runner.taskQueue };
    await requestCalendarSync(starter, WS_CAL);
    const account = await until(
      () => stack.db.calendarAccounts.findOne({ workspaceId: WS_CAL }).lean(),
      (found) => found?.sync?.at !== null && found?.sync?.at !== undefined,
      'the first calendar read-back',
    );
    expect(account?.sync.error).toMatch(/did not answer/);
    await save(
      'calendar-sync-waiting-for-next',
      "A workspace's calendar read-back: started on connect, it read the calendar at once (its server did not answer, recorded on the account) and waits on its 1-minute timer.",
      await settledHistory(stack.runner.temporal.workflow.getHandle(calendarSyncWorkflowId(WS_CAL))),
    );
    await stack.runner.temporal.workflow.getHandle(calendarSyncWorkflowId(WS_CAL)).terminate('recorded');

    const WS_NONE = 'replay-calendar-none';
    await stack.runner.temporal.workflow.execute('calendarSync', {
      taskQueue: stack.runner.taskQueue,
      workflowId: calendarSyncWorkflowId(WS_NONE),
      args: [{ intervalMinutes: 1 }],
    });
    await save(
      'calendar-sync-not-connected',
      'A calendar read-back of a workspace with no calendar connected (disconnected meanwhile): it ends at once.',
      await stack.runner.temporal.workflow.getHandle(calendarSyncWorkflowId(WS_NONE)).fetchHistory(),
    );
  });
});

describe('billingCycle', () => {
  it('billing-cycle-waiting-for-month-end', async () => {
    const WS_BILLED = 'replay-billing';
    await startBillingCycle({ client: stack.runner.temporal, taskQueue: stack.runner.taskQueue }, WS_BILLED);
    const handle = stack.runner.temporal.workflow.getHandle(billingCycleWorkflowId(WS_BILLED));
    await save(
      'billing-cycle-waiting-for-month-end',
      "A workspace's billing cycle, started when its billing account was saved: asleep on its timer until the next UTC month starts, when it closes the month that ended.",
      await settledHistory(handle),
    );
    await handle.terminate('recorded');
  });
});
