import { OFFER } from './seller-offer.ts';
import { PROSPECT_PIPELINE } from '@meetflow/platform/features/prospecting/superagent/prospect-pipeline';
import { morningZone } from '@meetflow/platform/dev/testing/sending';
import { startSmtpSink, type SmtpSink } from '@meetflow/plugin-channel-email-smtp/testing';
import { expectNoViolations } from './axe.ts';
import { test, expect, SIGNED_OUT, type APIRequestContext, useNewWorkspace, signUpAndSignIn } from './fixtures.ts';

// Review mode end to end: a prospect researched, scored and written to by a campaign waits in the
// Review Queue with the facts its email cites; a reviewer edits and approves it, a real SMTP
// server on loopback receives the edited email, and the prospect's reply (threaded by
// In-Reply-To) is classified and stops the sequence.
const run = Date.now().toString(36);
const SAMPLES = process.env.MEETFLOW_E2E_SAMPLES_URL;
const SALES_SITES = ['pipelinepilot', 'quotewell', 'callcraft'].map((name) => `${SAMPLES}/${name}/`);
const PROSPECT = {
  firstName: 'Quinn',
  lastName: 'Reviewed',
  company: 'pipelinepilot',
  jobTitle: 'VP of Sales',
  employeeCount: 90,
  email: `quinn-${run}@pipelinepilot.example`,
  website: `${SAMPLES}/pipelinepilot/`,
};
const EDITED_BODY = `Hi Quinn,\n\nA shorter note, rewritten by a reviewer (${run}): could Lumen Ledger take month-end off your plate?\n\nRiley`;

/** A reply from the prospect to the sent email, threaded by its Message-ID (raw RFC 822). */
const reply = (from: string, inReplyTo: string, subject: string, text: string) =>
  [
    `From: Quinn Reviewed <${from}>`,
    'To: Riley Chen <riley@lumen-ledger.example>',
    `Subject: Re: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <reply-${run}@pipelinepilot.example>`,
    `In-Reply-To: ${inReplyTo}`,
    `References: ${inReplyTo}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
  ].join('\r\n');

let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink(`riley-${run}@lumen-ledger.example`, 'sink password');
});
test.afterAll(async () => {
  await sink.close();
});

/**
 * The workspace ready to send in review mode: ICP and offer, sending settings whose window is open
 * now with no gap between sends, a mailbox on the sink, and a campaign of one qualified prospect
 * whose first email is due at once. Step 1's day comes from the cadence (`cadenceTiming.step1`),
 * which the config API keeps at 1 day or more, so the campaign runs a saved version of the
 * prospect pipeline whose copy step sends step 1 on day 0. Answers the prospect's id.
 */
async function enrolledInReviewMode(request: APIRequestContext, at: (path: string) => string): Promise<number> {
  const ok = async (response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) => {
    expect(response.status(), await response.text()).toBe(status);
    return response.json();
  };
  await ok(await request.post(at('/api/superagent/analyze-icp'), { data: { urls: SALES_SITES }, timeout: 60_000 }));
  await ok(await request.put(at('/api/offer'), { data: OFFER }));
  await ok(
    await request.put(at('/api/config/sending'), {
      data: {
        configValue: {
          mode: 'review',
          timeZone: morningZone(Date.now()),
          window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
          gapMinutes: { min: 0, max: 0 },
          newProspectsPerDomainPerDay: 2,
        },
      },
    }),
  );
  await ok(
    await request.post(at('/api/mailboxes'), {
      data: {
        fromName: 'Riley Chen',
        fromAddress: sink.user,
        signature: 'Riley Chen\nLumen Ledger',
        smtp: { host: '127.0.0.1', port: sink.port, tls: 'none', user: sink.user },
        password: sink.password,
      },
    }),
    201,
  );
  const pipeline = {
    ...PROSPECT_PIPELINE,
    nodes: PROSPECT_PIPELINE.nodes.map((node) =>
      node.id === 'copy' ? { ...node, input: { ...(node.input as object), cadenceTiming: { step1: 0, step2: 5, step3: 7 } } } : node,
    ),
  };
  const saved = (await ok(await request.post(at('/api/pipelines'), { data: pipeline }), 201)) as { version: number };
  const prospect = (await ok(await request.post(at('/api/prospects'), { data: PROSPECT }), 201)) as { id: number };
  const campaign = (await ok(
    await request.post(at('/api/campaigns'), {
      data: { name: 'Review mode proof', prospectIds: [prospect.id], pipelineVersion: saved.version },
    }),
    201,
  )) as { id: number };
  await ok(await request.post(at(`/api/campaigns/${campaign.id}/runs`), { data: {} }), 202);
  let detail: { batch: { running: boolean } | null; results: { enrolled: number } } | undefined;
  await expect
    .poll(
      async () => {
        detail = await (await request.get(at(`/api/campaigns/${campaign.id}`))).json();
        return detail?.batch?.running;
      },
      { timeout: 150_000, intervals: [1_000] },
    )
    .toBe(false);
  expect(detail?.results.enrolled, JSON.stringify(detail)).toBe(1);
  return prospect.id;
}

test('review mode: the email waits with its cited facts, is edited and approved, arrives over SMTP, and a reply stops the sequence', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  const workspace = await useNewWorkspace(page, `e2e-review-${run}`);
  const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`;
  const prospectId = await enrolledInReviewMode(request, at);

  // The first email waits for review; nothing has been sent.
  let pending: { items: Array<{ id: string; subject: string; body: string; facts: Array<{ value: string }> }>; total: number };
  await expect
    .poll(async () => (pending = await (await request.get(at('/api/outbox?status=pending_review'))).json()).total, { timeout: 30_000 })
    .toBe(1);
  const [written] = pending!.items;
  expect(written!.facts.length, 'the email cites researched facts').toBeGreaterThan(0);
  expect(sink.messages).toHaveLength(0);

  // A viewer reads the queue but is offered no action.
  const invited = await request.post(at('/api/invitations'), { data: { role: 'viewer' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const viewer = await browser.newContext({ storageState: SIGNED_OUT });
  const theirs = await viewer.newPage();
  const signup = { email: `vera-${run}@viewer.example`, password: 'a long passphrase', name: 'Vera Viewer' };
  await signUpAndSignIn(theirs.request, signup);
  const accepted = await theirs.request.post('/api/invitations/accept', { data: { token: (await invited.json()).token } });
  expect(accepted.status()).toBe(200);
  await theirs.addInitScript((slug) => localStorage.setItem('meetflow.workspace', slug), workspace);
  await theirs.goto('/review');
  await expect(theirs.getByTestId('review-item')).toHaveCount(1);
  await expect(theirs.getByTestId('review-read-only')).toContainText('Your role here is Viewer');
  await expect(theirs.getByTestId('review-item').getByRole('button')).toHaveCount(0);
  await expect(theirs.getByTestId('approve-all')).toHaveCount(0);
  await expect(theirs.getByTestId('sending-mode')).toContainText('Every email is approved before it is sent.');
  await expect(theirs.getByTestId('track-opens')).toHaveText('Opens are not tracked.');
  await viewer.close();

  // The reviewer sees the email with the facts it cites beside it.
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/review');
  await expect(page.getByRole('heading', { name: 'Review Queue', level: 1 })).toBeVisible();
  await expect(page.getByTestId('sending-mode')).toBeChecked();
  // Open tracking is off by default, saying why; an admin turns it on and off, and the rest of the sending settings stay as saved.
  const sendingConfig = async () => ((await (await request.get(at('/api/config/sending'))).json()) as { configValue: object }).configValue;
  const saved = await sendingConfig();
  const trackOpens = page.getByRole('checkbox', { name: 'Track opens' });
  await expect(trackOpens).not.toBeChecked();
  await expect(trackOpens).toHaveAccessibleDescription(/^Off by default: tracking pixels hurt deliverability/);
  await trackOpens.click();
  await expect(page.getByTestId('toast')).toContainText('Open Tracking On');
  await expect(trackOpens).toBeChecked();
  expect(await sendingConfig()).toEqual({ ...saved, trackOpens: true });
  await trackOpens.click();
  await expect(page.getByTestId('toast')).toContainText('Open Tracking Off');
  await expect(trackOpens).not.toBeChecked();
  expect(await sendingConfig()).toEqual({ ...saved, trackOpens: false });
  await expect(page.getByTestId('status-tab-pending_review')).toContainText('1');
  const item = page.getByTestId('review-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('heading', { name: 'Quinn Reviewed' })).toBeVisible();
  await expect(item).toContainText(`VP of Sales at pipelinepilot · ${PROSPECT.email}`);
  await expect(item).toContainText('Email 1 of the sequence · Review mode proof');
  await expect(item.getByTestId('review-status')).toHaveText('Pending review');
  await expect(item.getByTestId('review-subject')).toHaveText(written!.subject);
  const facts = item.getByRole('complementary', { name: /Cited facts/ });
  await expect(facts.getByTestId('review-fact')).toHaveCount(written!.facts.length);
  await expect(facts.getByTestId('review-fact').first()).toContainText(written!.facts[0]!.value);
  // The queue is short, so what comes up next shows below it: nothing yet (Quinn's email is the one waiting here).
  await expect(page.getByTestId('next-up-empty')).toHaveText(
    'Nothing is scheduled: no sequence has a step coming up, and no email waits for its send.',
  );
  const emailBox = (await item.getByTestId('review-body').boundingBox())!;
  const factsBox = (await facts.boundingBox())!;
  expect(factsBox.x, 'the facts stand beside the email').toBeGreaterThan(emailBox.x + emailBox.width);

  // Edit the body, then Save & approve: the email leaves the pending list.
  await item.getByRole('button', { name: 'Edit the email to Quinn Reviewed' }).click();
  await expect(item.getByLabel('Subject')).toBeFocused();
  await expect(item.getByLabel('Body')).toHaveValue(written!.body);
  await item.getByLabel('Body').fill(EDITED_BODY);
  await item.getByRole('button', { name: 'Save & approve' }).click();
  await expect(page.getByTestId('toast')).toContainText('Your edited version goes out in the sending window');
  await expect(page.getByTestId('review-empty')).toContainText('Nothing waiting for review');
  await expect(page.getByTestId('status-tab-pending_review')).toContainText('0');

  // It arrives at the SMTP server as edited, with one-click unsubscribe headers.
  await expect.poll(() => sink.messages.length, { timeout: 30_000 }).toBe(1);
  const [arrived] = sink.messages;
  expect(arrived!.to).toEqual([PROSPECT.email]);
  expect(arrived!.parsed.subject).toBe(written!.subject);
  expect(arrived!.parsed.text).toContain(EDITED_BODY);
  expect(arrived!.parsed.text).not.toContain(written!.body);
  // As on the wire, unfolded.
  const header = (name: string) => arrived!.parsed.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n\s+/g, ' ');
  expect(header('list-unsubscribe')).toMatch(
    new RegExp(
      `^List-Unsubscribe: <https?://[^>]+/api/unsubscribe/[\\w.-]+>, <mailto:${sink.user.replaceAll('.', '\\.')}\\?subject=unsubscribe>$`,
    ),
  );
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const messageId = arrived!.parsed.messageId!;
  expect(messageId).toMatch(/^<.+@.+>$/);

  // What comes up next: Quinn's second email, written on its day in the cadence and then waiting here for review.
  type NextUp = { items: Array<{ prospectId: number; step: number; stage: string; at: string | null }> };
  let upcoming: NextUp = { items: [] };
  await expect
    .poll(
      async () =>
        (upcoming = (await (await request.get(at('/api/outbox/next-up'))).json()) as NextUp).items.map(
          (next) => `${next.prospectId} ${next.step} ${next.stage}`,
        ),
      { timeout: 30_000 },
    )
    .toEqual([`${prospectId} 2 write`]);
  const dueIn = Date.parse(upcoming.items[0]!.at!) - Date.now();
  expect(dueIn, 'the cadence waits 5 days after email 1').toBeGreaterThan(4 * 86_400_000);
  await page.reload();
  const next = page.getByTestId('next-up').getByTestId('next-up-item');
  await expect(next).toHaveCount(1);
  await expect(next).toContainText('Quinn Reviewed · VP of Sales at pipelinepilot');
  await expect(next).toContainText('Email 2 of the sequence · Review mode proof');
  await expect(next.getByTestId('next-up-when')).toHaveAttribute('datetime', upcoming.items[0]!.at!);
  await expect(next.getByTestId('next-up-why')).toHaveText(
    'Written then; it waits for your review here. Waiting for its day in the cadence, counted from email 1.',
  );
  await expectNoViolations(page, 'the Review Queue, empty, with what comes up next (1400 px)');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(next).toBeVisible();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('review-next-up-phone.png'), fullPage: true });
  await expectNoViolations(page, 'the Review Queue, empty, with what comes up next (390 px)');
  await page.setViewportSize({ width: 1400, height: 900 });

  // The Sent tab shows it, marked edited, from the mailbox.
  await page.getByTestId('status-tab-sent').click();
  const sent = page.getByTestId('review-item');
  await expect(sent.getByTestId('review-status')).toHaveText('Sent');
  await expect(sent.getByTestId('edited-badge')).toBeVisible();
  await expect(sent.getByTestId('review-sent')).toContainText(`from ${sink.user}`);
  await expect(sent.getByTestId('review-body')).toHaveText(EDITED_BODY);
  await expect(sent.getByTestId('review-reviewed')).toContainText('Approved by you');

  // The prospect replies; the inbound webhook threads it by In-Reply-To and classifies it.
  const settings = (await (await request.get(at('/api/inbound/settings'))).json()) as { header: string; secret: string };
  const inbound = await request.post(`/api/inbound/email?workspace=${workspace}`, {
    headers: { 'content-type': 'message/rfc822', [settings.header]: settings.secret },
    data: Buffer.from(reply(PROSPECT.email, messageId, written!.subject, 'Sounds interesting, can you send me a few times next week?')),
  });
  expect(inbound.status(), await inbound.text()).toBe(200);
  expect(await inbound.json()).toMatchObject({
    kind: 'reply',
    matched: true,
    prospectId,
    threadedBy: 'message-id',
    handled: { classification: { category: 'interested' } },
  });

  // The prospect's panel shows the sequence stopped by the reply.
  await page.goto(`/prospects?prospect=${prospectId}`);
  const panel = page.getByRole('dialog');
  await expect(panel.getByTestId('sequence-status')).toHaveText('stopped', { timeout: 15_000 });
  // Interested: an email offering meeting slots is drafted in the thread, and waits for review like any other
  // (the panel refreshes every 5 s; on a busy machine the draft may land a refresh or two after the stop).
  await expect(panel.getByTestId('sequence-line')).toHaveText(
    'Stopped: reply: interested. Then the email offering meeting slots waits for approval in the Review Queue.',
    { timeout: 20_000 },
  );
  expect(sink.messages).toHaveLength(1);
  expect(crashes).toEqual([]);
});
