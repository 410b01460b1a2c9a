import { readFile } from 'node:fs/promises';
import { test, expect, type APIRequestContext, type Page, useNewWorkspace, waitForSeededProspect } from './fixtures.ts';
import { OFFER } from './seller-offer.ts';

/** Points the UI at a workspace of its own. */
async function useFreshWorkspace(page: Page, name: string): Promise<string> {
  const workspace = `e2e-pros-${name}-${Date.now().toString(36)}`;
  await useNewWorkspace(page, workspace);
  return workspace;
}

const rows = (page: Page) => page.getByTestId('prospect-row');

/**
 * A workspace of its own that enrols qualified prospects (its ICP read from three sample sites, an
 * offer; every email waits for review and none is sent: it has no mailbox), with an API client
 * acting in it and `processed`, which adds a VP of Sales at Pipeline Pilot and runs the prospect
 * pipeline on them (scored, written, enrolled).
 */
async function sellingWorkspace(page: Page, request: APIRequestContext, name: string) {
  const samples = process.env.MEETFLOW_E2E_SAMPLES_URL;
  const workspace = await useFreshWorkspace(page, name);
  const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`;
  const ok = async (response: Awaited<ReturnType<typeof request.get>>, status = 200) => {
    expect(response.status(), await response.text()).toBe(status);
    return response.json();
  };
  const urls = ['pipelinepilot', 'quotewell', 'callcraft'].map((site) => `${samples}/${site}/`);
  await ok(await request.post(at('/api/superagent/analyze-icp'), { data: { urls }, timeout: 60_000 }));
  await ok(await request.put(at('/api/offer'), { data: OFFER }));
  const processed = async (firstName: string, lastName: string): Promise<number> => {
    const { id } = (await ok(
      await request.post(at('/api/prospects'), {
        data: {
          firstName,
          lastName,
          company: 'Pipeline Pilot',
          jobTitle: 'VP of Sales',
          employeeCount: 90,
          email: `${firstName.toLowerCase()}-${Date.now().toString(36)}@pipelinepilot.example`,
          website: `${samples}/pipelinepilot/`,
        },
      }),
      201,
    )) as { id: number };
    await ok(await request.post(at('/api/superagent/process-prospect'), { data: { prospectId: id }, timeout: 90_000 }));
    return id;
  };
  return { workspace, at, ok, processed };
}

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
  // The start of a word finds the industry the taxonomy names: "fin" is Fintech.
  await page.getByLabel('Industry').fill('fin');
  await expect(page.getByTestId('page-range')).toHaveText('1–15 of 15');
  await expect(page).toHaveURL(/industry=fin/);
  await page.getByLabel('Source').selectOption('csv-import');
  await expect(page.getByTestId('page-range')).toHaveText('1–15 of 15');
  await page.getByLabel('Status', { exact: true }).selectOption('enrolled');
  await expect(page.getByTestId('prospects-empty')).toContainText('None match these filters.');
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
  const { at, ok, processed } = await sellingWorkspace(page, request, 'sequence');
  const id = await processed('Sol', 'Sequence');

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

/** Parses CSV as RFC 4180 writes it (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') [field, index] = [field + '"', index + 1];
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') [record, field] = [[...record, field], ''];
    else if (char === '\r' && text[index + 1] === '\n') {
      records.push([...record, field]);
      [record, field, index] = [[], '', index + 1];
    } else field += char;
  }
  return records;
}

test('the pipeline table: filter by campaign and score, sort, select all matching to add to a campaign, stop running sequences, export CSV; cards on phones', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { at, ok, processed } = await sellingWorkspace(page, request, 'table');
  // Two enrolled prospects (their sequences run), and 30 more scored 0–87 in two industries.
  const enrolled = [await processed('Ena', 'Running'), await processed('Ben', 'Running')];
  const people: Array<{ id: number; score: number }> = [];
  for (let n = 1; n <= 30; n++) {
    const score = (n * 29) % 88;
    const created = (await ok(
      await request.post(at('/api/prospects'), {
        data: {
          firstName: `Pat${n}`,
          lastName: `Table${String(n).padStart(2, '0')}`,
          company: n === 2 ? '=Formula, "Quoted" Co' : `Company ${n}`,
          email: `pat${n}@table.example`,
          score,
          industry: n % 2 ? 'Fintech' : 'Software & SaaS',
          source: n <= 10 ? 'apollo' : 'linkedin',
        },
      }),
      201,
    )) as { id: number };
    people.push({ id: created.id, score });
  }
  const spring = people.slice(0, 12);
  const campaign = async (name: string, prospectIds: number[]) =>
    ((await ok(await request.post(at('/api/campaigns'), { data: { name, prospectIds } }), 201)) as { id: number }).id;
  await campaign(
    'Spring push',
    spring.map((person) => person.id),
  );
  const everyoneId = await campaign('Everyone', []);
  const total = 32;

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/prospects');
  // The first page of the app after the setup above: the whole app loads first.
  await expect(page.getByTestId('page-range')).toHaveText(`1–25 of ${total}`, { timeout: 15_000 });
  await expect(page.getByRole('table', { name: 'Prospects' })).toBeVisible();

  // Filter by campaign, then by score: each in the URL.
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Campaign', { exact: true }).selectOption({ label: 'Spring push' });
  await expect(page.getByTestId('page-range')).toHaveText('1–12 of 12');
  await expect(page).toHaveURL(/campaign=\d+/);
  await page.getByLabel('Min score').fill('30');
  const springOver30 = spring.filter((person) => person.score >= 30);
  await expect(page.getByTestId('page-range')).toHaveText(`1–${springOver30.length} of ${springOver30.length}`);
  await expect(page).toHaveURL(/minScore=30/);

  // Sort by score (best first, then lowest first) from its header; the back button goes back a step.
  const scores = (order: 'asc' | 'desc') =>
    springOver30
      .map((person) => person.score)
      .toSorted((a, b) => (order === 'asc' ? a - b : b - a))
      .map((score) => `Score: ${score}`);
  const scoreHeader = page.getByRole('columnheader', { name: 'Score' });
  await scoreHeader.getByRole('button').click();
  await expect(rows(page).getByTestId('score-badge')).toHaveText(scores('desc'));
  await expect(scoreHeader).toHaveAttribute('aria-sort', 'descending');
  await scoreHeader.getByRole('button').click();
  await expect(rows(page).getByTestId('score-badge')).toHaveText(scores('asc'));
  await expect(page).toHaveURL(/sort=score&order=asc/);
  await page.goBack();
  await expect(rows(page).getByTestId('score-badge')).toHaveText(scores('desc'));
  await page.goForward();
  await expect(rows(page).getByTestId('score-badge')).toHaveText(scores('asc'));
  await page.screenshot({ path: test.info().outputPath('pipeline-table-desktop.png'), fullPage: true });

  // Export what the filters match, in the table's order: a real CSV file.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^prospects-e2e-pros-table-.*\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.startsWith('\uFEFFid,firstName,lastName,email,')).toBe(true);
  const [header, ...records] = parseCsv(text.slice(1));
  expect(records.map((record) => Number(record[header!.indexOf('score')]))).toEqual(scores('asc').map((label) => Number(label.slice(7))));
  // A text a spreadsheet would run as a formula is defused; commas and quotes survive the quoting.
  const second = records.find((record) => record[0] === String(people[1]!.id));
  expect(second?.[header!.indexOf('company')]).toBe(`'=Formula, "Quoted" Co`);

  // Everyone: select the page, then all matching (across pages), and add them to a campaign on the server.
  await page.goto('/prospects');
  await expect(page.getByTestId('page-range')).toHaveText(`1–25 of ${total}`);
  await page.getByRole('checkbox', { name: 'Select every prospect on this page' }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('25 selected');
  await page.getByRole('button', { name: `Select all ${total} matching` }).click();
  await expect(page.getByTestId('selected-count')).toHaveText(`All ${total} matching selected`);
  await page.getByRole('button', { name: 'Add to campaign' }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${total} prospects to a campaign` });
  await dialog.getByLabel('Campaign', { exact: true }).selectOption({ label: 'Everyone (draft)' });
  await dialog.getByRole('button', { name: 'Add to campaign' }).click();
  await expect(page.getByTestId('toast')).toContainText(`${total} prospects added to Everyone.`);
  const everyone = (await ok(await request.get(at(`/api/campaigns/${everyoneId}`)))) as { prospectIds: number[] };
  expect(everyone.prospectIds.toSorted((a, b) => a - b)).toEqual(
    [...enrolled, ...people.map((person) => person.id)].toSorted((a, b) => a - b),
  );

  // The running sequences: selected and stopped; they then show as ended.
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByLabel('Sequence', { exact: true }).selectOption('running');
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).getByTestId('sequence-state')).toHaveText(['Active · 0 sent', 'Active · 0 sent']);
  await page.getByRole('checkbox', { name: 'Select every prospect on this page' }).check();
  await page.getByRole('button', { name: 'Stop sequences' }).click();
  await page.getByRole('dialog', { name: 'Stop the sequences of 2 prospects?' }).getByRole('button', { name: 'Stop sequences' }).click();
  await expect(page.getByTestId('toast')).toContainText('2 sequences stopped; 0 prospects had none running.');
  // Each workflow ends once it has taken the stop; Temporal lists it as ended from then on.
  await page.getByLabel('Sequence', { exact: true }).selectOption('ended');
  await expect(async () => {
    await page.reload();
    await expect(rows(page).getByTestId('sequence-state')).toHaveText(['Stopped · 0 sent', 'Stopped · 0 sent'], { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByLabel('Sequence', { exact: true }).selectOption('running');
  await expect(page.getByTestId('prospects-empty')).toBeVisible();

  // On a phone the rows are cards with the same data and actions, and nothing overflows.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/prospects');
  await expect(page.getByRole('list', { name: 'Prospects' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(25);
  await page.getByLabel('Sort', { exact: true }).selectOption('score:desc');
  await expect(page).toHaveURL(/sort=score&order=desc/);
  const [best] = (await ok(await request.get(at('/api/prospects?sort=score&limit=1')))) as Array<{ score: number }>;
  await expect(rows(page).first().getByTestId('score-badge')).toHaveText(`Score: ${best!.score}`);
  await rows(page).first().getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('1 selected');
  await expect(page.getByRole('button', { name: 'Stop sequences' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export selected' })).toBeVisible();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('pipeline-cards-phone.png'), fullPage: true });
  await rows(page).first().getByRole('button').first().click();
  await expect(page).toHaveURL(/prospect=\d+/);
  await expect(page.getByRole('dialog')).toBeVisible();
});
