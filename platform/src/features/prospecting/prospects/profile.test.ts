import { randomBytes } from 'node:crypto';
import { prospectSequence, sequenceStateQuery, type SequenceState, type SequenceStep } from '@meetflow/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretsBox } from '../../../core/secrets-box.ts';
import { reviewEmail } from '../../email/outbox/review.ts';
import { sequenceWorkflowId } from '../../email/sequences/enrollment.ts';
import { PROSPECT_PIPELINE } from '../superagent/prospect-pipeline.ts';
import { prospectProfileRouter } from './routes.ts';
import { jsonClient, serveRouters } from '../../../../dev/testing/prospects-server.ts';
import { configureSending, connectSinkMailbox, morningZone } from '../../../../dev/testing/sending.ts';
import { startSequenceTestbed, type SequenceTestbed } from '../../../../dev/testing/sequence-testbed.ts';

// The prospect panel's sequence, through real sequences on the time-skipping server: each email
// comes back with where it stands (every outbox status, planned, stopped), never a 400.
const taskQueue = 'prospect-profile';
let bed: SequenceTestbed;
let server: Awaited<ReturnType<typeof serveRouters>>;
const box = secretsBox(randomBytes(32));

const step = (n: number, dayOffset: number): SequenceStep => ({ step: n, dayOffset, subject: `Subject ${n}`, body: `Body of email ${n}.` });
type ProfileEmail = { step: number; subject: string; body: string; status: string; edited: boolean };

/** A prospect the prospect pipeline has processed: its run wrote `steps` as the sequence (the profile reads the copy step's output). */
async function processed(workspaceId: string, id: number, email: string, steps: SequenceStep[]) {
  const { db } = bed;
  await db.prospects.create({ workspaceId, id, firstName: 'Pat', lastName: `P${id}`, company: 'Acme', email, emailLower: email });
  const runId = `profile-${workspaceId}-${id}`;
  await db.pipelineRuns.create({
    runId,
    workspaceId,
    pipelineId: PROSPECT_PIPELINE.id,
    pipelineVersion: PROSPECT_PIPELINE.version,
    definition: PROSPECT_PIPELINE,
    input: { prospectId: id },
    status: 'completed',
    steps: {},
    startedAt: new Date(),
  });
  await bed.db.stepOutputs.create({
    runId,
    nodeId: 'copy',
    output: { sequence: steps, overallStrategy: 'test', expectedResponseRate: 0.1, confidence: 1 },
  });
}

/** Enrols the prospect in `steps`, as the pipeline's enrolment step does. */
function enrol(workspaceId: string, prospectId: number, email: string, steps: SequenceStep[]) {
  const workflowId = sequenceWorkflowId(workspaceId, prospectId);
  return bed.env.client.workflow.start(prospectSequence, {
    taskQueue,
    workflowId,
    args: [{ workspaceId, sequenceId: workflowId, prospectId, email, steps }],
  });
}

/** Lets the server's clock run (an hour at a time) until the sequence's state is what `done` asks. */
async function untilState(handle: Awaited<ReturnType<typeof enrol>>, done: (state: SequenceState) => boolean) {
  for (;;) {
    const state = await handle.query(sequenceStateQuery);
    if (done(state)) return state;
    await bed.env.sleep('1 hour');
  }
}

/** Review mode, a sending window around the server's clock, and a warmed-up mailbox sending to the sink. */
async function reviewWorkspace(workspaceId: string) {
  await configureSending(bed.db, workspaceId, {
    mode: 'review',
    timeZone: morningZone(await bed.env.currentTimeMs()),
    window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
  });
  await connectSinkMailbox(bed.db, box, workspaceId, bed.sink, { warmedUp: true, addedAt: await bed.env.currentTimeMs() });
}

async function emailsOf(workspaceId: string, prospectId: number): Promise<ProfileEmail[]> {
  const response = await jsonClient(server.url, workspaceId).get(`/api/prospects/${prospectId}/profile`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return (JSON.parse(text) as { sequence: { emails: ProfileEmail[] } }).sequence.emails;
}
const statuses = (emails: ProfileEmail[]) => emails.map((email) => [email.step, email.status]);
const outboxId = async (workspaceId: string, prospectId: number, n: number) =>
  (await bed.db.outbox.findOne({ workspaceId, prospectId, step: n }).lean())!._id.toString();

beforeAll(async () => {
  bed = await startSequenceTestbed('prospect-profile', taskQueue, { secrets: box, publicUrl: 'https://meetflow.example' });
  await Promise.all([bed.db.prospects.init(), bed.db.pipelineRuns.init(), bed.db.stepOutputs.init()]);
  server = await serveRouters(prospectProfileRouter(bed.db, bed.env.client));
});
afterAll(async () => {
  await server.close();
  await bed.stop();
});

describe("GET /api/prospects/{id}/profile: the sequence's emails", () => {
  it('says awaiting review, then shows what was sent (as the reviewer edited it), rejected, and the step the stop left unwritten', async () => {
    const ws = 'profile-review';
    await reviewWorkspace(ws);
    const steps = [step(1, 0), step(2, 3), step(3, 8)];
    await processed(ws, 1, 'ada@acme.test', steps);
    const handle = await enrol(ws, 1, 'ada@acme.test', steps);
    await untilState(handle, (state) => state.waitingFor === 'review' && state.nextStep === 1);

    const waiting = await emailsOf(ws, 1);
    expect(statuses(waiting)).toEqual([
      [1, 'pending_review'],
      [2, 'planned'],
      [3, 'planned'],
    ]);
    expect(waiting[0]).toMatchObject({ subject: 'Subject 1', body: 'Body of email 1.', edited: false });

    const edit = { action: 'approve' as const, subject: 'A sharper subject', body: 'The body as the reviewer left it.' };
    await reviewEmail({ db: bed.db, temporal: bed.env.client }, ws, await outboxId(ws, 1, 1), edit, 'user:reviewer');
    await untilState(handle, (state) => state.waitingFor === 'review' && state.nextStep === 2);
    const sent = await emailsOf(ws, 1);
    expect(statuses(sent)).toEqual([
      [1, 'sent'],
      [2, 'pending_review'],
      [3, 'planned'],
    ]);
    // What went out, not the copy as first written.
    expect(sent[0]).toMatchObject({ subject: 'A sharper subject', body: 'The body as the reviewer left it.', edited: true });
    expect(bed.sink.messages.find((message) => message.to.includes('ada@acme.test'))?.parsed.subject).toBe('A sharper subject');

    await reviewEmail({ db: bed.db, temporal: bed.env.client }, ws, await outboxId(ws, 1, 2), { action: 'reject' }, 'user:reviewer');
    expect(await handle.result()).toMatchObject({ status: 'stopped', stopReason: 'rejected in review' });
    const ended = await emailsOf(ws, 1);
    expect(statuses(ended)).toEqual([
      [1, 'sent'],
      [2, 'rejected'],
      [3, 'stopped'],
    ]);
    expect(ended[2]).toMatchObject({ subject: 'Subject 3', body: 'Body of email 3.', edited: false });
  });

  it('says suppressed for an approved email to an address suppressed meanwhile, and stopped for the step after it', async () => {
    const ws = 'profile-suppressed';
    await reviewWorkspace(ws);
    const steps = [step(1, 0), step(2, 3)];
    await processed(ws, 2, 'gone@acme.test', steps);
    const handle = await enrol(ws, 2, 'gone@acme.test', steps);
    await untilState(handle, (state) => state.waitingFor === 'review');
    await bed.db.suppressions.create({ workspaceId: ws, email: 'gone@acme.test', reason: 'unsubscribed' });
    await reviewEmail({ db: bed.db, temporal: bed.env.client }, ws, await outboxId(ws, 2, 1), { action: 'approve' }, 'user:reviewer');
    expect(await handle.result()).toMatchObject({ status: 'stopped', sentSteps: [] });
    expect(statuses(await emailsOf(ws, 2))).toEqual([
      [1, 'suppressed'],
      [2, 'stopped'],
    ]);
  });

  it('says stopped for every step once a user stops the sequence before any was written', async () => {
    const ws = 'profile-stopped';
    await reviewWorkspace(ws);
    const steps = [step(1, 2), step(2, 5)];
    await processed(ws, 3, 'cy@acme.test', steps);
    const handle = await enrol(ws, 3, 'cy@acme.test', steps);
    await untilState(handle, (state) => state.nextStep === 1 && state.nextSendAt !== null);
    expect(statuses(await emailsOf(ws, 3))).toEqual([
      [1, 'planned'],
      [2, 'planned'],
    ]);
    const stop = await jsonClient(server.url, ws).post('/api/prospects/3/sequence', { action: 'stop' });
    expect(stop.status).toBe(200);
    expect(await handle.result()).toMatchObject({ status: 'stopped', stopReason: 'stopped by user' });
    expect(statuses(await emailsOf(ws, 3))).toEqual([
      [1, 'stopped'],
      [2, 'stopped'],
    ]);
  });
});
