import { expectNoViolations } from './axe.ts';
import { test, expect, type APIRequestContext, type Page, useNewWorkspace } from './fixtures.ts';

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

/** Clicks Discover Prospects until the results hold cards; answers how many were found. */
async function discoverUntilCards(page: Page): Promise<number> {
  const cards = page.getByTestId('prospect-card');
  await expect(async () => {
    await page.getByRole('button', { name: 'Discover Prospects' }).click();
    await expect(cards.first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: SAMPLE_DB_TIMEOUT, intervals: [1_000] });
  return Number(await page.getByRole('region', { name: 'Discovery summary' }).getByTestId('prospects-found').textContent());
}

/** The list of everyone found: only the rows in view are drawn, each saying its place (aria-posinset of aria-setsize). */
const foundList = (page: Page) => page.getByRole('list', { name: 'Discovered prospects' });
/** The row at a place in the list (1 is the first), once drawn. */
const rowAt = (page: Page, place: number) => foundList(page).locator(`[role="listitem"][aria-posinset="${place}"]`);

/**
 * Walks the list with the keyboard (as a keyboard user reaches every row: the down arrow moves to the
 * next row's checkbox, scrolling the list) until a row's card matches, and answers that row.
 */
async function rowWhere(page: Page, matches: (email: string) => boolean) {
  const size = Number(await rowAt(page, 1).getAttribute('aria-setsize'));
  await rowAt(page, 1).getByRole('checkbox').focus();
  for (let place = 1; place <= size; place++) {
    const row = rowAt(page, place);
    await expect(row.getByRole('checkbox')).toBeFocused();
    if (matches(((await row.getByTestId('prospect-email').textContent()) ?? '').toLowerCase())) return row;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error('no row matched');
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
  const found = await discoverUntilCards(page);

  const summary = page.getByRole('region', { name: 'Discovery summary' });
  await expect(summary).toContainText('Sources Used2');
  await expect(summary).toContainText(/Confidence\d{1,3}%/);
  // Everyone found is in the one list (its rows drawn as they scroll into view), none selected yet.
  await expect(rowAt(page, 1)).toHaveAttribute('aria-setsize', String(found));
  await expect(page.getByTestId('selection-count')).toHaveText(`0 selected · ${found} in all`);
  // Only good fits are listed; the floor is lead scoring's qualification threshold, and the screen says so.
  await expect(page.getByTestId('discovery-floor')).toContainText('Only good fits are listed: a match of 70 or more');
  await expect(summary.getByTestId('sample-summary')).toContainText(
    `${found} of ${found} results are sample data. LinkedIn Sales Navigator and Apollo.io have no credentials configured`,
  );

  const first = rowAt(page, 1).getByTestId('prospect-card');
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
  const row = await rowWhere(page, (email) => email.includes('@') && !taken.has(email));
  const email = ((await row.getByTestId('prospect-email').textContent()) ?? '').toLowerCase();
  const card = row.getByTestId('prospect-card');
  await card.getByRole('button', { name: 'Add to Pipeline' }).click();
  await expect(card.getByRole('button', { name: 'In pipeline' })).toBeDisabled();

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
  const again = (await rowWhere(page, (shown) => shown === email)).getByTestId('prospect-card');
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

// The sample database's industries split between the two slices of an ICP (edited as a person would
// in the ICP Builder): with every industry covered, a campaign's discovery finds nearly everyone.
const SAMPLES = process.env.MEETFLOW_E2E_SAMPLES_URL;
const HALVES = [
  ['Software & SaaS', 'Financial services & fintech', 'Healthcare', 'Manufacturing', 'E-commerce & retail'],
  ['Logistics & supply chain', 'Marketing technology', 'Sales technology', 'Cybersecurity', 'Developer tools & infrastructure'],
  ['Data & analytics', 'HR & recruiting', 'Professional services', 'Education', 'Real estate & construction'],
  ['Legal', 'Hospitality & food', 'Energy & utilities'],
];

/** A workspace of its own whose ICP has two slices (a sales-software one and a manufacturing one), widened to `industries` each. */
async function workspaceWithTwoSlices(page: Page, request: APIRequestContext, name: string, industries: [string[], string[]]) {
  const workspace = await useNewWorkspace(page, `e2e-disc-${name}-${Date.now().toString(36)}`);
  const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`;
  const sites = ['pipelinepilot', 'quotewell', 'kestrel-precision'].map((site) => `${SAMPLES}/${site}/`);
  const icp = await request.post(at('/api/superagent/analyze-icp'), { data: { urls: sites }, timeout: 60_000 });
  expect(icp.status(), await icp.text()).toBe(200);
  const slices = ((await icp.json()) as { icpSlices: Array<{ name: string }> }).icpSlices.map((slice) => slice.name);
  expect(slices.slice(0, 2)).toEqual(['Sales technology · 50-200 employees', 'Manufacturing · 200-500 employees']);
  for (const [index, industry] of industries.entries()) {
    const edited = await request.patch(at(`/api/icp/slices/${index}`), { data: { industry } });
    expect(edited.status(), await edited.text()).toBe(200);
  }
  return { at, slices };
}

/** The scrolling box of a list of found people. */
const scrollerOf = (page: Page) => page.getByTestId('review-scroller');

/**
 * Scrolls the list to its end until the row at `place` is in view, as a person keeps scrolling:
 * rows are measured as they are drawn, so the list's end moves a little the first time.
 */
async function scrollToRow(page: Page, place: number) {
  const scroller = scrollerOf(page);
  await scroller.scrollIntoViewIfNeeded();
  const row = page.getByTestId('review-row').and(page.locator(`[aria-posinset="${place}"]`));
  await expect(async () => {
    await scroller.evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
    await expect(row).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return row;
}

test('the discovery review of a large result: select all, filter by score and slice, scroll and key to the last row', async ({
  page,
  request,
}) => {
  // Discovering nearly the whole sample database (two slices of a thousand asked for, twice) takes a while on a shared machine.
  test.setTimeout(360_000);
  const { slices } = await workspaceWithTwoSlices(page, request, 'large', [
    [...HALVES[0]!, ...HALVES[1]!],
    [...HALVES[2]!, ...HALVES[3]!],
  ]);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/outreach/campaigns/new');
  await page.getByLabel('Target count (people)').fill('2000');
  await page.getByRole('button', { name: 'Find prospects' }).click();
  const floor = page.getByTestId('below-floor');
  await expect(floor).toBeVisible({ timeout: 90_000 });
  await floor.getByRole('button', { name: /^Include [\d,]+ below the floor$/ }).click();
  await expect(page.getByTestId('below-floor')).toHaveCount(0, { timeout: 90_000 });
  const found = Number((await page.getByTestId('found-count').textContent())!.replace(/,/g, ''));
  expect(found, 'a large result').toBeGreaterThan(500);
  const total = found.toLocaleString('en-US');

  // Everyone found is selected to be launched, in one list whose rows are drawn as they come into view.
  const list = page.getByRole('list', { name: 'Found prospects' });
  const rows = list.getByTestId('review-row');
  const count = page.getByTestId('selection-count');
  const launch = (people: number) => page.getByRole('button', { name: `Launch campaign (${people.toLocaleString('en-US')} prospects)` });
  await expect(count).toHaveText(`${total} selected · ${total} in all`);
  await expect(launch(found)).toBeVisible();
  expect(await rows.count(), 'only the rows in view (and a few more) are drawn').toBeLessThan(40);
  await expect(rows.first()).toHaveAttribute('aria-setsize', String(found));
  await expect(rows.first()).toHaveAttribute('aria-posinset', '1');

  // "Select all" covers everyone, drawn or not: clear all, then select all again.
  const selectAll = page.getByTestId('select-all');
  await expect(selectAll).toHaveAccessibleName(`Clear all ${total}`);
  await selectAll.uncheck();
  await expect(count).toHaveText(`0 selected · ${total} in all`);
  await expect(page.getByRole('button', { name: 'Launch campaign (0 prospects)' })).toBeDisabled();
  await selectAll.check();
  await expect(count).toHaveText(`${total} selected · ${total} in all`);

  // Scrolling reaches the last row; so does End from a row's checkbox, and focus stays on the row it was on while the list scrolls.
  const scroller = scrollerOf(page);
  await scrollToRow(page, found);
  await scroller.evaluate((box) => box.scrollTo({ top: 0 }));
  const firstBox = list.locator('[aria-posinset="1"]').getByRole('checkbox');
  await firstBox.focus();
  await scroller.evaluate((box) => box.scrollTo({ top: box.scrollHeight / 2 }));
  await expect(firstBox).toBeFocused();
  await page.keyboard.press('End');
  const lastBox = list.locator(`[aria-posinset="${found}"]`).getByRole('checkbox');
  await expect(lastBox).toBeFocused();
  await expect(lastBox).toBeInViewport();
  await page.keyboard.press('ArrowUp');
  await expect(list.locator(`[aria-posinset="${found - 1}"]`).getByRole('checkbox')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(count).toHaveText(`${(found - 1).toLocaleString('en-US')} selected · ${total} in all`);
  await page.keyboard.press('Home');
  await expect(firstBox).toBeFocused();

  // Filter by score: every row shown scores 80 or more, to the last; select just those.
  await page.getByLabel('Minimum score').fill('80');
  const shown = Number(await rows.first().getAttribute('aria-setsize'));
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(found);
  await expect(count).toContainText(`of ${total} shown`);
  const scores = async () => (await list.getByTestId('review-person').locator('[title="Match score"]').allTextContents()).map(Number);
  expect(Math.min(...(await scores()))).toBeGreaterThanOrEqual(80);
  await scrollToRow(page, shown);
  expect(Math.min(...(await scores()))).toBeGreaterThanOrEqual(80);
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await selectAll.check();
  await expect(count).toHaveText(`${shown.toLocaleString('en-US')} selected · ${shown.toLocaleString('en-US')} of ${total} shown`);
  await expect(launch(shown)).toBeVisible();

  // And by slice: only the manufacturing slice's people, still 80 or more; those selected outside the filters are counted, not lost.
  await page.getByLabel('ICP slice').selectOption(slices[1]!);
  const ofSlice = Number(await rows.first().getAttribute('aria-setsize'));
  expect(ofSlice).toBeLessThan(shown);
  await expect(list.getByTestId('review-person').first()).toContainText(slices[1]!);
  for (const text of await list.getByTestId('review-person').allTextContents()) expect(text).toContain(slices[1]!);
  await expect(count).toHaveText(
    `${shown.toLocaleString('en-US')} selected (${(shown - ofSlice).toLocaleString('en-US')} of them hidden by the filters) · ${ofSlice.toLocaleString('en-US')} of ${total} shown`,
  );
  await page.screenshot({ path: test.info().outputPath('discovery-review-desktop.png'), fullPage: true });
  await expectNoViolations(page, 'the discovery review, filtered (1400 px)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoViolations(page, 'the discovery review, filtered (1400 px, dark)');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('discovery-review-phone.png'), fullPage: true });
  await expectNoViolations(page, 'the discovery review, filtered (390 px)');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows.first()).toHaveAttribute('aria-setsize', String(found));
});

test('Prospect Discovery: select everyone found, filter by score and slice, and add the selection to the pipeline', async ({
  page,
  request,
}) => {
  test.setTimeout(SAMPLE_DB_TIMEOUT + 120_000);
  const { at, slices } = await workspaceWithTwoSlices(page, request, 'page', [['Software & SaaS'], ['Financial services & fintech']]);
  await page.goto('/prospect-discovery');
  await page.getByLabel('Industry').fill('Software & SaaS, Financial services & fintech');
  await page.getByLabel('Job Titles').fill('VP of Sales\nSales Manager\nAccount Executive\nChief Revenue Officer');
  const found = await discoverUntilCards(page);
  const below = page.getByTestId('below-floor');
  if (await below.isVisible()) {
    await below.getByRole('button', { name: /^Include \d+ below the floor$/ }).click();
    await expect(below).toHaveCount(0);
  }
  const all = Number(await page.getByRole('region', { name: 'Discovery summary' }).getByTestId('prospects-found').textContent());
  expect(all).toBeGreaterThanOrEqual(found);
  const list = foundList(page);
  const rows = list.getByTestId('review-row');
  expect(await rows.count(), 'cards are drawn as they come into view').toBeLessThan(all);

  // By slice: the slice each person's industry fits, from the workspace's ICP.
  await page.getByLabel('ICP slice').selectOption(slices[0]!);
  const ofSlice = Number(await rows.first().getAttribute('aria-setsize'));
  expect(ofSlice).toBeGreaterThan(0);
  expect(ofSlice).toBeLessThan(all);
  for (const card of await list.getByTestId('prospect-card').all()) await expect(card).toContainText('IndustrySoftware & SaaS');
  // By score: every card shown matches 60% or more.
  await page.getByLabel('Minimum score').fill('60');
  const shown = Number(await rows.first().getAttribute('aria-setsize'));
  for (const badge of await list.getByTestId('match-badge').allTextContents())
    expect(Number.parseInt(badge, 10)).toBeGreaterThanOrEqual(60);
  await scrollToRow(page, shown);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows.first()).toHaveAttribute('aria-setsize', String(all));

  // Select all selects everyone found, not only the cards drawn, and adds them all to the pipeline.
  await page.getByTestId('select-all').check();
  await expect(page.getByTestId('selection-count')).toHaveText(`${all} selected · ${all} in all`);
  // Checked from the page's top: axe counts a field scrolled under the sticky header as an obscured target.
  await page.locator('body').evaluate((body) => body.ownerDocument.defaultView?.scrollTo(0, 0));
  await expectNoViolations(page, 'Prospect Discovery, everyone selected (1400 px)');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoViolations(page, 'Prospect Discovery, everyone selected (390 px)');
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.getByRole('button', { name: `Add ${all} to the pipeline` }).click();
  await expect(page.getByTestId('toast')).toContainText(`${all} added, 0 already there.`, { timeout: 60_000 });
  const listed = (await (await request.get(at('/api/prospects?limit=200'))).json()) as Array<{ email: string; sample: boolean }>;
  expect(listed).toHaveLength(all);
  expect(listed.every((prospect) => prospect.sample)).toBe(true);
  await expect(rows.first().getByRole('button', { name: 'In pipeline' })).toBeDisabled();
  await expect((await scrollToRow(page, all)).getByRole('button', { name: 'In pipeline' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add 0 to the pipeline' })).toBeDisabled();
});
