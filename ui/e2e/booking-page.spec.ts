import { expectNoViolations } from './axe.ts';
import { test, expect, SIGNED_OUT, useNewWorkspace, type APIRequestContext } from './fixtures.ts';
import { OFFER } from './seller-offer.ts';

// Issue #34 item 2: a prospect's public booking link. A prospect is enrolled through the product
// (ICP, offer, the prospect pipeline); a member reads their link (GET /api/booking-links/{id});
// the prospect opens it signed out, at desktop and phone widths without an accessibility
// violation, picks a time in their own time zone, confirms, and sees it booked with the .ics.
// The meeting is then on the Meeting Scheduler and the prospect's sequence has stopped.
const run = Date.now().toString(36);

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

test('a prospect books through their link, signed out; the meeting is on the Meeting Scheduler and the sequence stops', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const workspace = await useNewWorkspace(page, `e2e-book-${run}`);
  const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`;
  const samples = process.env.MEETFLOW_E2E_SAMPLES_URL;
  const urls = ['pipelinepilot', 'quotewell', 'callcraft'].map((site) => `${samples}/${site}/`);
  await ok(await request.post(at('/api/superagent/analyze-icp'), { data: { urls }, timeout: 60_000 }));
  await ok(await request.put(at('/api/offer'), { data: OFFER }));
  const { id } = (await ok(
    await request.post(at('/api/prospects'), {
      data: {
        firstName: 'Noor',
        lastName: 'Haddad',
        company: 'Pipeline Pilot',
        jobTitle: 'VP of Sales',
        employeeCount: 90,
        email: `noor-${run}@pipelinepilot.example`,
        website: `${samples}/pipelinepilot/`,
      },
    }),
    201,
  )) as { id: number };
  await ok(await request.post(at('/api/superagent/process-prospect'), { data: { prospectId: id }, timeout: 120_000 }));
  const sequenceStatus = async () =>
    ((await ok(await request.get(at(`/api/prospects/${id}/profile`)))) as { sequence: { state: { status: string } | null } | null })
      .sequence?.state?.status ?? null;
  expect(await sequenceStatus()).toBe('active');

  // The link, as a member reads it; the prospect opens it in a browser with no session.
  const link = (await ok(await request.get(at(`/api/booking-links/${id}`)))) as { url: string; state: string };
  expect(link.state).toBe('open');
  const path = new URL(link.url).pathname;
  expect(path).toMatch(/^\/book\/[\w-]{43}$/);
  const prospect = await browser.newContext({ baseURL, storageState: SIGNED_OUT, timezoneId: 'America/New_York' });
  const visitor = await prospect.newPage();
  try {
    for (const viewport of [
      { width: 1400, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await visitor.setViewportSize(viewport);
      await visitor.goto(path);
      await expect(visitor.getByRole('heading', { name: 'Book a call with Riley Chen (Lumen Ledger)', level: 1 })).toBeVisible();
      await expect(visitor.getByText('About: Lumen Ledger closes your books in days instead of weeks.')).toBeVisible();
      await expect(visitor.getByLabel('Time zone')).toHaveValue('America/New_York'); // the browser's
      await expect(visitor.getByRole('heading', { name: 'Pick a time' })).toBeVisible();
      await expectNoViolations(visitor, `/book/:token at ${viewport.width}`);
    }

    // Another zone moves the times; then back to the browser's, pick the second time (the first may slip into the notice period).
    const firstTime = async () =>
      (
        await visitor
          .getByRole('list', { name: /^Free times on / })
          .first()
          .getByRole('button')
          .first()
          .textContent()
      )?.trim();
    const inNewYork = await firstTime();
    await visitor.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await expect.poll(firstTime).not.toBe(inNewYork);
    await visitor.getByLabel('Time zone').selectOption('America/New_York');
    const second = visitor.getByRole('listitem').getByRole('button').nth(1);
    await second.click();
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    const confirm = visitor.getByTestId('confirm');
    await expect(confirm).toContainText('You picked');
    await expect(confirm).toContainText('(America/New York)');
    await expectNoViolations(visitor, '/book/:token, a time picked, at 390');
    await confirm.getByRole('button', { name: 'Book this time' }).click();

    const booked = visitor.getByTestId('booked');
    // The booking runs on the worker (the meeting, the stop, the invitation): a few seconds on a busy machine.
    await expect(booked.getByRole('heading', { name: 'Booked' })).toBeVisible({ timeout: 30_000 });
    await expect(booked.getByTestId('booked-time')).toContainText(/\(America\/New York\), \d+ minutes$/);
    await expect(booked.getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveAttribute('href', `/api${path}/invite.ics`);
    await expect(booked.getByRole('button', { name: 'Reschedule' })).toBeVisible();
    await expect(booked.getByRole('button', { name: 'Cancel meeting' })).toBeVisible();
    await expectNoViolations(visitor, '/book/:token booked, at 390');
    await visitor.setViewportSize({ width: 1400, height: 900 });
    await expectNoViolations(visitor, '/book/:token booked, at 1400');
    const ics = await visitor.request.get(`/api${path}/invite.ics`);
    expect([ics.status(), await ics.text()]).toEqual([200, expect.stringContaining('METHOD:REQUEST')]);
  } finally {
    await prospect.close();
  }

  // The member's side: the meeting on the Meeting Scheduler, the sequence stopped, the link booked.
  await page.goto('/meetings');
  const upcoming = page.getByRole('list', { name: 'Upcoming meetings' }).getByTestId('meeting');
  await expect(upcoming).toHaveCount(1);
  await expect(upcoming).toContainText('Meeting with Noor Haddad');
  await expect.poll(sequenceStatus, { timeout: 15_000 }).toBe('stopped');
  expect(((await ok(await request.get(at(`/api/booking-links/${id}`)))) as { state: string }).state).toBe('booked');

  // A link that names nothing says so, in a page of its own.
  const stranger = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
  try {
    const lost = await stranger.newPage();
    await lost.goto(`/book/${'x'.repeat(43)}`);
    await expect(lost.getByRole('heading', { name: 'This link is not valid', level: 1 })).toBeVisible();
    await expect(lost.getByTestId('booking-refused')).toContainText('cut short');
    await expectNoViolations(lost, '/book/:token, an unknown link');
  } finally {
    await stranger.close();
  }
});
