import { test, expect, type APIRequestContext, type Page } from './fixtures.ts';

// The sample database is generated in the background in the app's first seconds; until then
// discovery answers an error, success false or no one, so the spec discovers again until cards show.
const SAMPLE_DB_TIMEOUT = 45_000;
// The first start's seed adds its prospects only to a workspace without any: adding ours before
// it has done so would make it skip. It adds them (then makes a campaign) before running pipelines.
const SEED_ADDED_TIMEOUT = 60_000;

/** Fills the criteria the way a user types them: one job title per line. */
async function fillCriteria(page: Page) {
  await page.getByLabel('Industry').fill('Sales technology');
  await page.getByLabel('Job Titles').fill('VP of Sales\nHead of Sales Development');
  await page.getByLabel('Apollo.io').check();
}

/** Clicks Discover Prospects until the results hold cards. */
async function discoverUntilCards(page: Page) {
  const cards = page.getByTestId('prospect-card');
  await expect(async () => {
    await page.getByRole('button', { name: 'Discover Prospects' }).click();
    await expect(cards.first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: SAMPLE_DB_TIMEOUT, intervals: [1_000] });
  return cards;
}

/** Every prospect email of the default workspace. */
async function pipelineEmails(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/prospects?limit=200');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as Array<{ email: string }>).map((prospect) => prospect.email.toLowerCase());
}

test('discovers labelled sample prospects with explained matches and adds one to the pipeline', async ({ page, request }) => {
  test.setTimeout(SAMPLE_DB_TIMEOUT + SEED_ADDED_TIMEOUT + 30_000);
  await page.goto('/prospect-discovery');
  await expect(page.getByRole('heading', { name: 'Prospect Discovery', level: 1 })).toBeVisible();
  await expect(page.getByText('Ready to Discover Prospects')).toBeVisible();
  await expect(page.getByLabel('LinkedIn Sales Navigator')).toBeChecked();
  await fillCriteria(page);
  const cards = await discoverUntilCards(page);

  const summary = page.getByRole('region', { name: 'Discovery summary' });
  await expect(summary).toContainText('Sources Used2');
  await expect(summary).toContainText(/Confidence\d{1,3}%/);
  const found = Number(await summary.getByTestId('prospects-found').textContent());
  await expect(cards).toHaveCount(found);
  // Only good fits are listed; the floor is lead scoring's qualification threshold, and the screen says so.
  await expect(page.getByTestId('discovery-floor')).toContainText('Only good fits are listed: a match of 70 or more');
  await expect(summary.getByTestId('sample-summary')).toContainText(
    `${found} of ${found} results are sample data. LinkedIn Sales Navigator and Apollo.io have no credentials configured`,
  );

  const first = cards.first();
  await expect(first.getByRole('heading', { level: 3 })).toHaveText(/^\S+ \S+/);
  await expect(first.getByTestId('match-badge')).toHaveText(/^\d{1,3}% match$/);
  await expect(first.getByText('Sample data', { exact: true })).toBeVisible();
  // The best match's reason names a criterion it met, quoting the ICP's own words.
  await expect(first.getByRole('region', { name: 'Match reason' })).toContainText(
    /(Job title|Industry match): .*the ICP's "?(VP of Sales|Head of Sales Development|Sales technology)/,
  );

  await expect
    .poll(
      async () => {
        const campaigns = (await (await request.get('/api/campaigns')).json()) as Array<{ name: string }>;
        return campaigns.some((campaign) => campaign.name.endsWith('(sample prospects)'));
      },
      { timeout: SEED_ADDED_TIMEOUT, intervals: [1_000] },
    )
    .toBe(true);
  const taken = new Set(await pipelineEmails(request));
  const emails = (await cards.getByTestId('prospect-email').allTextContents()).map((email) => email.toLowerCase());
  const index = emails.findIndex((email) => email.includes('@') && !taken.has(email));
  expect(index, 'a discovered person not yet in the pipeline').toBeGreaterThanOrEqual(0);
  const card = cards.nth(index);
  await card.getByRole('button', { name: 'Add to Pipeline' }).click();
  await expect(card.getByRole('button', { name: 'In pipeline' })).toBeDisabled();

  const email = emails[index]!;
  const listed = (await (await request.get(`/api/prospects?search=${encodeURIComponent(email)}`)).json()) as Array<{
    id: number;
    email: string;
    sample: boolean;
  }>;
  const added = listed.find((prospect) => prospect.email.toLowerCase() === email);
  expect(added?.sample).toBe(true);
  const detail = (await (await request.get(`/api/prospects/${added!.id}`)).json()) as { source: string; website: string | null };
  expect(['linkedin', 'apollo']).toContain(detail.source);
  // A sample company's website is its site on the app's sample server, so the pipeline can research it.
  expect(detail.website).toBe(`${process.env.MEETFLOW_E2E_SAMPLES_URL}/companies/${email.split('@')[1]}/`);
  const processed = await request.post('/api/superagent/process-prospect', { data: { prospectId: added!.id } });
  expect(processed.status(), await processed.text()).toBe(200);
  const workflow = (await processed.json()) as { success: boolean; data: { metrics: { researchConfidence: number } } };
  expect(workflow.success).toBe(true);
  expect(workflow.data.metrics.researchConfidence).toBeGreaterThan(0);

  // The same person found again is already in the pipeline: the API answers 409, the card says so.
  await page.reload();
  await fillCriteria(page);
  await discoverUntilCards(page);
  const again = page.getByTestId('prospect-card').filter({ hasText: email });
  await again.getByRole('button', { name: 'Add to Pipeline' }).click();
  await expect(again.getByRole('button', { name: 'Already in pipeline' })).toBeDisabled();
});

test('fills the form from an ICP Builder link and ignores a malformed one', async ({ page }) => {
  const criteria = {
    industry: ['SaaS', 'Fintech'],
    companySize: '50-200',
    jobTitles: ['VP Sales', 'Head of RevOps'],
    techStack: ['Salesforce'],
    painPoints: ['Reps research by hand, not selling'],
    revenue: '$10M-$50M',
  };
  await page.goto(`/prospect-discovery?criteria=${encodeURIComponent(JSON.stringify(criteria))}`);
  await expect(page.getByLabel('Industry')).toHaveValue('SaaS, Fintech');
  await expect(page.getByLabel('Company Size')).toHaveValue('50-200');
  await expect(page.getByLabel('Job Titles')).toHaveValue('VP Sales\nHead of RevOps');
  await expect(page.getByLabel('Technology Stack')).toHaveValue('Salesforce');
  await expect(page.getByLabel('Pain Points')).toHaveValue('Reps research by hand, not selling');
  await expect(page.getByLabel('Revenue Range')).toHaveValue('$10M-$50M');

  await page.goto(`/prospect-discovery?criteria=${encodeURIComponent('{"industry": "SaaS"')}`);
  await expect(page.getByText('Ready to Discover Prospects')).toBeVisible();
  await expect(page.getByLabel('Industry')).toHaveValue('');
});

test("shows the spinner while discovering, then the API's own error", async ({ page }) => {
  // The request is held (not answered) until the spinner has been seen, so its check does not race the API.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/superagent\/discover-prospects(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/prospect-discovery');
  await fillCriteria(page);
  await page.getByLabel('LinkedIn Sales Navigator').uncheck();
  await page.getByLabel('Apollo.io').uncheck();
  await page.getByRole('button', { name: 'Discover Prospects' }).click();
  await expect(page.getByRole('button', { name: 'Discovering Prospects...' })).toBeDisabled();
  release();
  // No source ticked: the API refuses with 400 naming the field, shown as `STATUS: body`.
  await expect(page.getByRole('alert').first()).toContainText('400: Invalid request: sources: choose at least one source');
  await expect(page.getByRole('button', { name: 'Discover Prospects' })).toBeEnabled();
  await expect(page.getByText('Ready to Discover Prospects')).toBeVisible();
});

test('asks for industry and job titles before discovering', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/superagent/discover-prospects')) calls.push(sent.url());
  });
  await page.goto('/prospect-discovery');
  await page.getByLabel('Industry').fill('SaaS');
  await page.getByLabel('Job Titles').fill('  \n ');
  await page.getByRole('button', { name: 'Discover Prospects' }).click();
  await expect(page.getByTestId('toast')).toContainText('Missing Information');
  await expect(page.getByTestId('toast')).toContainText('Please provide at least industry and job titles');
  expect(calls).toEqual([]);
});
