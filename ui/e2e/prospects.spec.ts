import { test, expect, type Page, useNewWorkspace, waitForSeededProspect } from './fixtures.ts';

/** Points the UI at a workspace of its own. */
async function useFreshWorkspace(page: Page, name: string): Promise<string> {
  const workspace = `e2e-pros-${name}-${Date.now().toString(36)}`;
  await useNewWorkspace(page, workspace);
  return workspace;
}

const rows = (page: Page) => page.getByTestId('prospect-row');

test('add a prospect: the empty state, each refusal on its field, the duplicate email, then the new row', async ({ page }) => {
  await useFreshWorkspace(page, 'add');
  await page.goto('/prospects');
  await expect(page.getByRole('heading', { name: 'Prospect Pipeline', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage and track your prospect database')).toBeVisible();
  await expect(page.getByTestId('prospects-empty')).toContainText('No prospects found');
  await expect(page.getByTestId('prospects-empty')).toContainText('Get started by adding your first prospect.');

  await page.getByRole('button', { name: 'Add Prospect' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Add Prospect' }).click();
  await expect(dialog.getByTestId('error-email')).toContainText('must be an email address');
  await expect(dialog.getByTestId('error-lastName')).toBeVisible();
  await expect(dialog.getByTestId('error-company')).toBeVisible();
  await dialog.getByLabel('Last name').fill('Lane');
  await dialog.getByLabel('Email').fill('ada@lane.example');
  await dialog.getByLabel('Company').fill('Lane Labs');
  await dialog.getByLabel('Job title').fill('VP of Sales');
  await dialog.getByRole('button', { name: 'Add Prospect' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Ada Lane');
  await expect(rows(page)).toContainText('VP of Sales at Lane Labs');
  await expect(rows(page).getByTestId('score-badge')).toHaveText('N/A');
  await expect(rows(page).getByTestId('industry-badge')).toHaveText('Unknown');

  await page.getByRole('button', { name: 'Add Prospect' }).click();
  for (const [label, value] of [
    ['First name', 'Ada'],
    ['Last name', 'Again'],
    ['Email', 'ADA@lane.example'],
    ['Company', 'Lane Labs'],
  ]) {
    await dialog.getByLabel(label!).fill(value!);
  }
  await dialog.getByRole('button', { name: 'Add Prospect' }).click();
  await expect(dialog.getByTestId('error-email')).toContainText('already exists');
});

test('import a CSV with one bad row: a preview, the good rows in, the bad one reported; then search, filters and pages', async ({
  page,
}) => {
  await useFreshWorkspace(page, 'import');
  await page.goto('/prospects');
  const lines = ['firstName,lastName,email,company,industry,employeeCount'];
  for (let n = 1; n <= 29; n++) lines.push(`Person${n},Tester,p${n}@import.example,Company ${n},${n % 2 ? 'Fintech' : 'SaaS'},${n * 10}`);
  lines.splice(3, 0, 'Broken,Row,not-an-email,Nowhere,SaaS,5'); // line 4 of the file
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'prospects.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  await expect(dialog.getByTestId('csv-preview')).toContainText('Person1,Tester');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByTestId('import-result')).toContainText('29 imported, 1 refused');
  await expect(dialog.getByTestId('import-error')).toContainText('4');
  await expect(dialog.getByTestId('import-error')).toContainText('email:');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await expect(page.getByTestId('page-range')).toHaveText('1–25 of 29');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('page-range')).toHaveText('26–29 of 29');
  await expect(page).toHaveURL(/page=2/);

  await page.getByLabel('Search prospects').fill('person12');
  await expect(rows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/q=person12/);
  await page.getByLabel('Search prospects').fill('');
  await expect(page.getByTestId('page-range')).toHaveText('1–25 of 29');
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Industry').fill('fintech');
  await expect(page.getByTestId('page-range')).toHaveText('1–15 of 15');
  await page.getByLabel('Source').fill('linkedin');
  await expect(page.getByTestId('prospects-empty')).toBeVisible();
});

test('the seeded workspace: scores, industries and sample badges as the API has them', async ({ page, request }) => {
  await expect
    .poll(async () => Number((await request.get('/api/prospects?minScore=0')).headers()['x-total-count']), {
      timeout: 180_000,
      intervals: [2_000],
    })
    .toBeGreaterThan(0);
  await page.goto('/prospects?minScore=0');
  const api = (await (await request.get('/api/prospects?minScore=0&limit=25')).json()) as Array<{
    firstName: string;
    score: number;
    sample: boolean;
  }>;
  await expect(rows(page)).toHaveCount(api.length);
  await expect(rows(page).first().getByTestId('score-badge')).toHaveText(`Score: ${api[0]!.score}`);
  expect(api[0]!.sample).toBe(true); // the seed's prospects come from the sample database
  await expect(rows(page).first()).toContainText('Sample data');
  await page.screenshot({ path: test.info().outputPath('prospects-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('prospects-phone.png'), fullPage: true });
});

test("a prospect's detail panel: cited facts, the score by dimension, the sequence and runs; Process starts a run", async ({
  page,
  request,
}) => {
  await waitForSeededProspect(request);
  const profile = (await (await request.get('/api/prospects/1/profile')).json()) as {
    prospect: { firstName: string; lastName: string };
    research: { facts: Array<{ evidence: { url: string } }> };
    sequence: { emails: unknown[] } | null;
    runs: unknown[];
  };
  await page.goto('/prospects');
  await page.getByRole('button', { name: `${profile.prospect.firstName} ${profile.prospect.lastName}` }).click();
  await expect(page).toHaveURL(/prospect=1/);
  const panel = page.getByRole('dialog');
  await expect(panel.getByTestId('fact')).toHaveCount(profile.research.facts.length);
  await expect(panel.getByTestId('fact').first().getByRole('link')).toHaveAttribute('href', profile.research.facts[0]!.evidence.url);
  await expect(panel.getByTestId('dimension')).toHaveCount(5);
  await expect(panel.getByTestId('sequence-email')).toHaveCount(profile.sequence?.emails.length ?? 0);
  await expect(panel.getByRole('region', { name: 'Runs' }).getByRole('link')).toHaveCount(profile.runs.length);
  await page.screenshot({ path: test.info().outputPath('prospect-detail-desktop.png'), fullPage: true });
  await panel.getByRole('button', { name: 'Process' }).click();
  await expect(page.getByTestId('toast')).toContainText('Workflow Started');
  await expect(panel.getByRole('link', { name: 'Watch the run' })).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Runs' }).getByRole('link')).toHaveCount(Math.min(profile.runs.length + 1, 10), {
    timeout: 15_000,
  });
});

test("the panel's sequence says where each email stands: pending review after Send step 1 now, the reviewer's edit once approved, stopped after a stop", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const samples = process.env.MEETFLOW_E2E_SAMPLES_URL;
  const workspace = await useFreshWorkspace(page, 'sequence');
  const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`;
  const ok = async (response: Awaited<ReturnType<typeof request.get>>, status = 200) => {
    expect(response.status(), await response.text()).toBe(status);
    return response.json();
  };
  // A new workspace reviews every email before it is sent; nothing is sent here (no mailbox).
  const urls = ['pipelinepilot', 'quotewell', 'callcraft'].map((name) => `${samples}/${name}/`);
  await ok(await request.post(at('/api/superagent/analyze-icp'), { data: { urls }, timeout: 60_000 }));
  await ok(
    await request.put(at('/api/offer'), {
      data: {
        companyName: 'Lumen Ledger',
        oneLiner: 'closes your books in days instead of weeks',
        valueProps: [
          { pain: 'manual month-end reconciliation', value: 'your finance team signs off without spreadsheets' },
          { pain: 'late revenue reports', value: 'sales leaders see bookings the day they close' },
        ],
        personas: { titles: ['VP of Sales'] },
        callToAction: { meetingMinutes: 20 },
        senderName: 'Riley Chen',
      },
    }),
  );
  const { id } = (await ok(
    await request.post(at('/api/prospects'), {
      data: {
        firstName: 'Sol',
        lastName: 'Sequence',
        company: 'Pipeline Pilot',
        jobTitle: 'VP of Sales',
        employeeCount: 90,
        email: `sol-${Date.now().toString(36)}@pipelinepilot.example`,
        website: `${samples}/pipelinepilot/`,
      },
    }),
    201,
  )) as { id: number };
  await ok(await request.post(at('/api/superagent/process-prospect'), { data: { prospectId: id }, timeout: 90_000 }));

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/prospects?prospect=${id}`);
  const panel = page.getByRole('dialog', { name: 'Sol Sequence' });
  const emails = panel.getByTestId('sequence-email');
  await expect(emails).toHaveCount(3);
  await expect(emails.getByTestId('email-status')).toHaveText(['Planned', 'Planned', 'Planned']);

  // Send step 1 now: it waits for review, and the panel says so (it used to answer 400 here).
  await panel.getByRole('button', { name: 'Send step 1 now' }).click();
  await expect(page.getByTestId('toast')).toContainText('Next Step Queued');
  await expect(emails.getByTestId('email-status')).toHaveText(['Pending review', 'Planned', 'Planned'], { timeout: 30_000 });
  await expect(panel.getByRole('alert')).toHaveCount(0);

  // Edited and approved in the Review Queue: the panel shows the email as it goes out, not as first written.
  const pending = (await ok(await request.get(at('/api/outbox?status=pending_review')))) as {
    items: Array<{ id: string; subject: string }>;
  };
  const subject = `Month-end, closed in days (${Date.now().toString(36)})`;
  await ok(await request.post(at(`/api/outbox/${pending.items[0]!.id}/approve`), { data: { subject, body: 'Hi Sol, a shorter note.' } }));
  await expect(emails.first()).toContainText(subject, { timeout: 15_000 });
  await expect(emails.first()).not.toContainText(pending.items[0]!.subject);
  await expect(emails.first()).toContainText('Edited');
  await expect(emails.first().getByTestId('email-status')).toHaveText('Queued');

  // Stopped: the steps it never wrote say so.
  await panel.getByRole('button', { name: 'Stop sequence' }).click();
  await page.getByRole('dialog', { name: 'Stop this sequence?' }).getByRole('button', { name: 'Stop sequence' }).click();
  await expect(page.getByTestId('toast')).toContainText('Sequence Stopped');
  await expect(emails.getByTestId('email-status')).toHaveText(['Queued', 'Stopped', 'Stopped'], { timeout: 15_000 });
  await emails.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('prospect-sequence-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(emails.getByTestId('email-status')).toHaveText(['Queued', 'Stopped', 'Stopped']);
  await emails.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('prospect-sequence-phone.png') });
});
