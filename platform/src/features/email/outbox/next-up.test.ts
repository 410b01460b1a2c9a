import { randomUUID } from 'node:crypto';
import type { ProspectSequenceInput } from '@meetflow/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForTest, serveRouters } from '../../../../dev/testing/http.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { sequenceWorkflowId } from '../sequences/enrollment.ts';
import type { NextUpItem } from './next-up.ts';
import { outboxRouter } from './routes.ts';

// GET /api/outbox/next-up over a real worker and dev server: the emails waiting for their send
// (from the outbox) and the sequences' next steps not written yet (from their live state), soonest
// first, in the asking workspace only, even beside a workspace whose slug starts with its own.
let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveForTest>>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const mine = `next-up-${randomUUID().slice(0, 8)}`;
/** Its sequences are `sequence-<mine>-2-<id>`: they start with `sequence-<mine>-`. */
const theirs = `${mine}-2`;
const started: string[] = [];

const nextUpOf = async (workspace: string, query = '') => {
  const response = await fetch(`${server.url}/api/outbox/next-up?workspace=${workspace}${query}`);
  const text = await response.text();
  return { status: response.status, text, body: (response.ok ? JSON.parse(text) : { items: [] }) as { items: NextUpItem[] } };
};
/** Who, which step, at what stage: what the list says of each item. */
const summary = (items: NextUpItem[]) => items.map((item) => `${item.prospect?.firstName ?? '?'} step ${item.step} ${item.stage}`);

async function prospect(workspaceId: string, id: number, firstName: string) {
  const email = `${firstName.toLowerCase()}@acme-${id}.example`;
  await stack.db.prospects.create({ workspaceId, id, firstName, lastName: 'Next', company: `Acme ${id}`, email, emailLower: email });
  return { id, email };
}

/** Enrols a prospect in a sequence whose first email is due `firstDays` days from now (its timer waits meanwhile). */
async function enrol(workspaceId: string, person: { id: number; email: string }, firstDays: number) {
  const workflowId = sequenceWorkflowId(workspaceId, person.id);
  const input: ProspectSequenceInput = {
    workspaceId,
    sequenceId: workflowId,
    prospectId: person.id,
    email: person.email,
    steps: [firstDays, firstDays + 3].map((dayOffset, index) => ({
      step: index + 1,
      dayOffset,
      subject: `Step ${index + 1}`,
      body: `Body ${index + 1}`,
      factIds: [],
    })),
  };
  await stack.runner.temporal.workflow.start('prospectSequence', { taskQueue: stack.runner.taskQueue, workflowId, args: [input] });
  started.push(workflowId);
}

/** An email written to the outbox, as the sequence's queue step writes it. */
const written = (workspaceId: string, person: { id: number; email: string }, more: Record<string, unknown>) =>
  stack.db.outbox.create({
    workspaceId,
    sequenceId: sequenceWorkflowId(workspaceId, person.id),
    prospectId: person.id,
    step: 1,
    email: person.email,
    subject: 'Step 1',
    body: 'Body 1',
    ...more,
  });

beforeAll(async () => {
  stack = await startTestPipelineWorker('outbox-next-up', [], { enrollment: true });
  server = await serveRouters(outboxRouter({ db: stack.db, temporal: stack.runner.temporal }));
  const now = Date.now();
  const [ada, bo, cy, di, ed] = await Promise.all(['Ada', 'Bo', 'Cy', 'Di', 'Ed'].map((name, index) => prospect(mine, index + 1, name)));
  await stack.db.campaigns.create({ workspaceId: mine, id: 1, name: 'Spring push', status: 'active', prospectIds: [1, 2, 3, 4] });
  // Ada and Bo wait for their first email's day; Cy's first email waits for its send; Di's waits for review (the queue itself).
  await enrol(mine, ada!, 2);
  await enrol(mine, bo!, 1);
  await written(mine, cy!, {
    campaignId: 1,
    status: 'queued',
    waitReason: 'daily cap reached on riley@lumen.example',
    waitingUntil: new Date(now + 3 * HOUR),
  });
  await enrol(mine, di!, 1);
  await written(mine, di!, { campaignId: 1, status: 'pending_review' });
  // Ed's email was approved a moment ago and has no wait recorded: it is due now.
  await written(mine, ed!, { status: 'queued' });
  // The other workspace: sooner than anything of mine, and never shown in mine.
  const [zed, yan] = await Promise.all([prospect(theirs, 1, 'Zed'), prospect(theirs, 2, 'Yan')]);
  await enrol(theirs, zed!, 0.5);
  await written(theirs, yan!, { status: 'queued', waitReason: 'outside the sending window', waitingUntil: new Date(now + HOUR) });
}, 60_000);

afterAll(async () => {
  await Promise.all(started.map((workflowId) => stack.runner.temporal.workflow.getHandle(workflowId).terminate('test over')));
  await server?.close();
  await stack?.stop();
});

describe('GET /api/outbox/next-up', () => {
  it("lists what comes up next, soonest first: sends by their wait, sequences' steps by their day", async () => {
    // Temporal's list of running sequences catches up with their start shortly after.
    await expect
      .poll(async () => summary((await nextUpOf(mine)).body.items), { timeout: 15_000 })
      .toEqual(['Ed step 1 send', 'Cy step 1 send', 'Bo step 1 write', 'Ada step 1 write']);
    const { status, body } = await nextUpOf(mine);
    expect(status).toBe(200);
    const [ed, cy, bo, ada] = body.items;
    expect(ed).toMatchObject({ at: null, reason: 'due now: it goes out in the next sending run', campaign: null });
    expect(cy).toMatchObject({
      reason: 'daily cap reached on riley@lumen.example',
      campaign: { id: 1, name: 'Spring push' },
      prospect: { firstName: 'Cy', lastName: 'Next', company: 'Acme 3', email: 'cy@acme-3.example', jobTitle: null },
    });
    expect(Date.parse(cy!.at!) - Date.now()).toBeGreaterThan(2 * HOUR);
    // A sequence's first email is written on its day: enrolment plus its offset, as the sequence itself answers.
    const boDue = Date.parse(bo!.at!) - Date.now();
    expect(boDue).toBeGreaterThan(DAY - HOUR);
    expect(boDue).toBeLessThanOrEqual(DAY);
    expect(Date.parse(ada!.at!) - Date.parse(bo!.at!)).toBeGreaterThan(DAY - HOUR);
    expect(bo).toMatchObject({ reason: 'waiting for its day in the cadence, counted from enrolment' });
    expect(bo!.campaign).toEqual({ id: 1, name: 'Spring push' });
  });

  it('shows another workspace nothing of these, and these nothing of it', async () => {
    await expect
      .poll(async () => summary((await nextUpOf(theirs)).body.items), { timeout: 15_000 })
      .toEqual(['Yan step 1 send', 'Zed step 1 write']);
    const names = (await nextUpOf(mine)).body.items.map((item) => item.prospect?.firstName);
    expect(names).not.toContain('Zed');
    expect(names).not.toContain('Yan');
  });

  it('answers at most `limit`, the soonest', async () => {
    expect(summary((await nextUpOf(mine, '&limit=2')).body.items)).toEqual(['Ed step 1 send', 'Cy step 1 send']);
  });

  it('refuses a bad limit, naming it', async () => {
    for (const limit of ['0', '21', 'soon']) {
      const { status, text } = await nextUpOf(mine, `&limit=${limit}`);
      expect([status, text]).toEqual([400, expect.stringMatching(/^Invalid request: limit: /)]);
    }
  });

  it('answers an empty list for a workspace with nothing waiting', async () => {
    expect((await nextUpOf(`next-up-empty-${randomUUID().slice(0, 8)}`)).body).toEqual({ items: [] });
  });
});
