import { engagementAnalysisPlugin } from '@meetflow/plugin-engagement-analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFromToday } from '../../../../dev/testing/return-date.ts';
import { sequenceWorkflowId } from '../sequences/enrollment.ts';
import { serveProductApp } from '../../../../dev/testing/http.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';

let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveProductApp>>;
const post = async (path: string, body: unknown) => {
  const response = await fetch(`${server.url}${path}?workspace=${WS}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, any> | null };
};
// Its own workspace: sequence workflow ids are per (workspace, prospect) on the run's one Temporal server.
const WS = 'replies';
const steps = [3, 8, 15].map((dayOffset, index) => ({ step: index + 1, dayOffset, subject: `Step ${index + 1}`, body: 'Hello' }));

/** A prospect with a running sequence, as the prospect pipeline leaves it. */
async function enrolled(id: number, email: string) {
  expect((await post('/api/prospects', { firstName: 'Pat', lastName: `P${id}`, company: 'Acme', email })).status).toBe(201);
  const workflowId = sequenceWorkflowId(WS, id);
  await stack.runner.temporal.workflow.start('prospectSequence', {
    taskQueue: stack.runner.taskQueue,
    workflowId,
    args: [{ workspaceId: WS, sequenceId: workflowId, prospectId: id, email, steps }],
  });
  return stack.runner.temporal.workflow.getHandle(workflowId);
}

beforeAll(async () => {
  stack = await startTestPipelineWorker('replies', [engagementAnalysisPlugin]);
  server = await serveProductApp(stack);
});
afterAll(async () => {
  await server.close();
  await stack.stop();
});

describe('POST /api/replies', () => {
  it('stops the sequence on an interested reply and counts the reply once', async () => {
    const sequence = await enrolled(1, 'one@acme.example');
    const reply = {
      prospectId: 1,
      body: 'Sounds interesting, can you send me a few times next week?',
      messageId: 'm-1',
      receivedAt: '2026-11-23T10:00:00Z',
    };
    const first = await post('/api/replies', reply);
    expect(first).toMatchObject({
      status: 200,
      body: {
        classification: { category: 'interested', action: 'stop' },
        sequence: { signal: 'reply', state: { status: 'stopped', stopReason: 'reply: interested' } },
      },
    });
    expect((await sequence.result()).status).toBe('stopped');
    await post('/api/replies', reply); // the same message again
    expect(await stack.db.outcomeEvents.countDocuments({ workspaceId: WS, type: 'replied', prospectId: '1' })).toBe(1);
  });

  it('pauses until an out-of-office return date', async () => {
    await enrolled(2, 'two@acme.example');
    const back = daysFromToday(7);
    const answer = await post('/api/replies', {
      prospectId: 2,
      subject: 'Automatic reply: Out of office',
      body: `I am out of the office until ${back.british} with limited access to email.`,
      receivedAt: new Date().toISOString(),
    });
    expect(answer.body).toMatchObject({
      classification: { category: 'out-of-office', action: 'pause', returnDate: back.iso },
      sequence: { state: { status: 'paused', pausedUntil: `${back.iso}T00:00:00.000Z` } },
    });
  });

  it('unsubscribes: the sequence stops and the address is suppressed for the workspace', async () => {
    const sequence = await enrolled(3, 'three@acme.example');
    const answer = await post('/api/replies', { prospectId: 3, body: 'Please remove me from your mailing list and stop emailing me.' });
    expect(answer.body).toMatchObject({ classification: { category: 'unsubscribe' }, sequence: { signal: 'unsubscribe' } });
    expect(await sequence.result()).toMatchObject({ status: 'stopped', stopReason: 'unsubscribed' });
    expect(await stack.db.suppressions.findOne({ workspaceId: WS, email: 'three@acme.example' }).lean()).toMatchObject({
      reason: 'asked to be removed',
    });
  });

  it('classifies a reply from a prospect with no sequence, and names a missing prospect', async () => {
    expect(
      (await post('/api/prospects', { firstName: 'No', lastName: 'Sequence', company: 'Acme', email: 'four@acme.example' })).status,
    ).toBe(201);
    expect(await post('/api/replies', { prospectId: 4, body: 'Not right now, maybe next quarter.' })).toMatchObject({
      status: 200,
      body: { classification: { category: 'not-now' }, sequence: null },
    });
    const missing = await fetch(`${server.url}/api/replies?workspace=${WS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prospectId: 99, body: 'hi' }),
    });
    expect([missing.status, await missing.text()]).toEqual([404, 'No prospect 99 in this workspace']);
  });
});
