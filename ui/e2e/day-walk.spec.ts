import { PROSPECT_PIPELINE } from '@meetflow/platform/features/prospecting/superagent/prospect-pipeline';
import {
  deliveredTo,
  invitationOf,
  OFFER,
  ok,
  proposedDay,
  replyAs,
  reviewModeMailbox,
  SAMPLES,
  waitForReplies,
} from './day-walk-setup.ts';
import { test, expect, useNewWorkspace } from './fixtures.ts';

// A sales-ops user's day, scripted: the ICP analysed and edited, discovery answering with its
// quality floor, the sending forecast before launch, a campaign whose first email waits in the
// Review Queue and is approved there, the email delivered to the prospect's mailbox on the local
// mail server (GreenMail), the prospect's reply sent back through it and read over IMAP, the
// reply in the Inbox proposing a time, that time booked from the Inbox, and the invitation (.ics)
// arriving in the prospect's mailbox. The screens the other specs walk step by step (ICP Builder,
// discovery, campaign launch) are reached through their API here; the Review Queue and the Inbox
// are used as a person uses them.
const run = Date.now().toString(36);
const SELLER = `riley-${run}@lumen-ledger.example`;
const PROSPECT = {
  firstName: 'Dana',
  lastName: 'Walker',
  company: 'pipelinepilot',
  jobTitle: 'VP of Sales',
  employeeCount: 90,
  email: `dana-${run}@pipelinepilot.example`,
  website: `${SAMPLES}/pipelinepilot/`,
};
test('a working day: edited ICP → discovery with a floor → forecast → review → send → reply in the Inbox → booked → invitation delivered', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  const workspace = await useNewWorkspace(page, `e2e-day-${run}`);
  const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`;

  // The ICP from three customer sites, then edited: a technology added to the first slice.
  const sites = ['pipelinepilot', 'quotewell', 'callcraft'].map((name) => `${SAMPLES}/${name}/`);
  await ok(await request.post(at('/api/superagent/analyze-icp'), { data: { urls: sites }, timeout: 60_000 }));
  const icp = (await ok(await request.get(at('/api/icp')))) as {
    icpSlices: Array<{ criteria: { industry: string[]; jobTitles: string[]; techStack: string[] } }>;
  };
  const slice = icp.icpSlices[0]!.criteria;
  const edited = (await ok(
    await request.patch(at('/api/icp/slices/0'), { data: { techStack: [...slice.techStack, 'Lumen Ledger'] } }),
  )) as typeof icp;
  expect(edited.icpSlices[0]!.criteria.techStack).toContain('Lumen Ledger');
  await ok(await request.put(at('/api/offer'), { data: OFFER }));

  // Discovery lists only people at or above its quality floor, and says how many fell below it.
  const found = (await ok(
    await request.post(at('/api/superagent/discover-prospects'), {
      data: { icpCriteria: { industry: slice.industry, jobTitles: slice.jobTitles }, sources: ['linkedin'], targetCount: 20 },
      timeout: 60_000,
    }),
  )) as { minScore: number; belowFloor: number; prospects: Array<{ matchScore: number }> };
  expect(found.minScore).toBe(70);
  expect(found.prospects.every((person) => person.matchScore >= found.minScore)).toBe(true);
  expect(found.belowFloor).toBeGreaterThanOrEqual(0);

  // Sending in review mode from a mailbox on the local mail server, its window open now.
  const mailboxId = await reviewModeMailbox(request, at, SELLER);

  // Before launch: the forecast says when the last first email goes out with this one mailbox.
  const forecast = (await ok(await request.get(at('/api/sending/forecast?emails=1')))) as {
    mailboxes: number;
    finish: { lastDay: string | null; days: number | null };
  };
  expect(forecast.mailboxes).toBe(1);
  expect(forecast.finish.lastDay).not.toBeNull();

  // The campaign: one qualified prospect, researched, scored and written to; the first email is due at once.
  const pipeline = {
    ...PROSPECT_PIPELINE,
    nodes: PROSPECT_PIPELINE.nodes.map((node) =>
      node.id === 'copy' ? { ...node, input: { ...(node.input as object), cadenceTiming: { step1: 0, step2: 5, step3: 7 } } } : node,
    ),
  };
  const saved = (await ok(await request.post(at('/api/pipelines'), { data: pipeline }), 201)) as { version: number };
  const prospect = (await ok(await request.post(at('/api/prospects'), { data: PROSPECT }), 201)) as { id: number };
  const campaign = (await ok(
    await request.post(at('/api/campaigns'), { data: { name: 'Day walk', prospectIds: [prospect.id], pipelineVersion: saved.version } }),
    201,
  )) as { id: number };
  await ok(await request.post(at(`/api/campaigns/${campaign.id}/runs`), { data: {} }), 202);
  await expect
    .poll(async () => (await (await request.get(at('/api/outbox?status=pending_review'))).json()).total, {
      timeout: 150_000,
      intervals: [1_000],
    })
    .toBe(1);

  // Review: the reviewer approves the email in the Review Queue.
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/review');
  const item = page.getByTestId('review-item');
  await expect(item).toHaveCount(1, { timeout: 15_000 });
  await item.getByRole('button', { name: 'Approve the email to Dana Walker' }).click();
  await expect(page.getByTestId('review-empty')).toContainText('Nothing waiting for review');

  // Send: it reaches the prospect's mailbox.
  const delivered = await deliveredTo(request, at, { id: prospect.id, email: PROSPECT.email }, SELLER);
  const [first] = delivered;
  expect(first!.from?.value[0]?.address).toBe(SELLER);

  // The prospect answers in the thread, proposing a time; the mailbox is read over IMAP.
  const day = proposedDay();
  const dayText = day.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  await replyAs(
    { name: 'Dana Walker', address: PROSPECT.email },
    SELLER,
    first!,
    `Thanks Riley, sounds useful. ${dayText} at 13:15 works for me.`,
  );
  await waitForReplies(request, at, mailboxId, 1);

  // The Inbox: the reply beside what was sent, classified, its proposed time one click from booked.
  await page.goto('/inbox');
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /Dana Walker/ }).click({ timeout: 15_000 });
  const detail = page.getByRole('article', { name: 'Dana Walker' });
  await expect(detail).toContainText(/Interested, \d+% sure/);
  await expect(detail.getByRole('article', { name: 'Their reply' })).toContainText('13:15 works for me');
  await expect(detail.getByRole('list', { name: 'Times they proposed' })).toContainText('1:15 PM');
  await detail.getByRole('button', { name: 'Book this time' }).first().click();
  await expect(page.getByTestId('toast')).toContainText('Meeting Booked');
  await expect(detail.getByRole('button', { name: 'Book this time' })).toHaveCount(0);

  // The meeting is on the Meeting Scheduler's list, and the invitation reaches the prospect's mailbox with its .ics.
  const meetings = (await ok(await request.get(at('/api/meetings')))) as Array<{ prospectId: number; scheduledAt: string }>;
  expect(meetings.map((meeting) => [meeting.prospectId, meeting.scheduledAt])).toEqual([[prospect.id, day.toISOString()]]);
  const { mail: invitation, calendar } = await invitationOf(PROSPECT.email, SELLER);
  expect(calendar).toContain('METHOD:REQUEST');
  expect(calendar?.split(/\r?\n/).find((line) => line.startsWith('ATTENDEE'))).toContain(`mailto:${PROSPECT.email}`);
  expect(invitation.inReplyTo).toBe(first!.messageId);
  expect(crashes).toEqual([]);
});
