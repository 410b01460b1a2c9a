import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, type Page, useNewWorkspace } from './fixtures.ts';

// Research reads four sites through the Temporal worker, beside the seed's own background work.
const ANALYSIS_TIMEOUT = 45_000;
const SAMPLE_SITES = ['pipelinepilot', 'quotewell', 'callcraft', 'kestrel-precision'];
const sitesDir = join(import.meta.dirname, '..', '..', 'platform', 'dev', 'samples', 'sites');

/** Every page of a bundled sample site, lowercased: what a criterion must be traceable to. */
const siteText = (name: string) =>
  readdirSync(join(sitesDir, name))
    .map((file) => readFileSync(join(sitesDir, name, file), 'utf8'))
    .join('\n')
    .toLowerCase();

/** The n-th URL field (1-based), not its remove button. */
const urlField = (page: Page, n: number) => page.getByRole('textbox', { name: `Customer URL ${n}`, exact: true });

interface StoredIcp {
  confidence: number;
  icpSlices: Array<{ name: string; criteria: Record<string, unknown> }>;
}

test('builds the ICP from the sample customer sites: slices with criteria the sites state, confidence and notes', async ({
  page,
  request,
}) => {
  await page.goto('/icp-builder');
  await expect(page.getByText('Analyze customer websites to generate Ideal Customer Profiles')).toBeVisible();
  // The shortcut appears once GET /api/icp/sample-sites has answered with the sites the app serves.
  const useSamples = page.getByRole('button', { name: 'Use the sample customer sites' });
  await expect(useSamples).toBeVisible();
  await useSamples.click();
  const urls = SAMPLE_SITES.map((name) => `${process.env.MEETFLOW_E2E_SAMPLES_URL}/${name}/`);
  await expect(page.getByLabel(/^Customer URL \d+$/)).toHaveCount(urls.length);
  for (const [index, url] of urls.entries()) await expect(urlField(page, index + 1)).toHaveValue(url);

  await page.getByRole('button', { name: 'Generate ICP' }).click();
  await expect(page.getByRole('button', { name: 'Analyzing Customer Websites...' })).toBeDisabled();
  const done = page.getByTestId('toast');
  await expect(done.getByText('ICP Analysis Complete', { exact: true })).toBeVisible({ timeout: ANALYSIS_TIMEOUT });
  await expect(done.getByText(/^Generated 2 ICP slices with \d+% confidence$/)).toBeVisible();

  // What the screen shows is what the API stored for the workspace.
  const stored = (await (await request.get('/api/icp')).json()) as StoredIcp;
  const percent = `${Math.round(stored.confidence * 100)}%`;
  await expect(done).toContainText(`with ${percent} confidence`);
  await expect(page.getByTestId('icp-confidence')).toHaveText(percent);
  const notes = page.getByTestId('icp-notes');
  await expect(notes).toContainText('Analysed 4 of 4 customer sites');
  for (const url of urls) await expect(notes).toContainText(url);

  const slices = page.getByTestId('icp-slice');
  await expect(slices).toHaveCount(2);
  const saas = slices.filter({ hasText: 'Sales technology' });
  const factory = slices.filter({ hasText: 'Manufacturing' });
  await expect(saas).toContainText('50-200 employees');
  await expect(saas.getByRole('list', { name: 'Job titles' })).toContainText('VP of Sales');
  await expect(saas.getByRole('list', { name: 'Industry' })).toHaveText('Sales technology');
  await expect(factory).toContainText('200-500 employees');
  // Each pain point of the machining slice is the Kestrel Precision site's own words.
  const kestrel = siteText('kestrel-precision');
  const pains = factory.getByRole('list', { name: 'Pain points' }).getByRole('listitem');
  await expect(pains.first()).toBeVisible();
  for (const pain of await pains.allTextContents()) expect(kestrel).toContain(pain.toLowerCase());

  // Each slice feeds discovery with its own criteria.
  for (const slice of stored.icpSlices) {
    const link = slices.filter({ hasText: slice.name }).getByRole('link', { name: 'Discover prospects for this slice' });
    const href = new URL((await link.getAttribute('href')) ?? '', 'http://ui.invalid');
    expect(href.pathname).toBe('/prospect-discovery');
    expect(JSON.parse(href.searchParams.get('criteria') ?? 'null')).toEqual(slice.criteria);
  }

  // A later visit shows the workspace's stored ICP without analysing again.
  await page.reload();
  await expect(page.getByTestId('icp-slice')).toHaveCount(2);
  await expect(page.getByTestId('icp-confidence')).toHaveText(percent);
});

test('a slice edited before discovery: a noise title removed, a tool added, and discovery searches by the edit', async ({
  page,
  request,
}) => {
  test.setTimeout(ANALYSIS_TIMEOUT + 30_000);
  const workspace = await useNewWorkspace(page, `e2e-icp-edit-${Date.now().toString(36)}`);
  const urls = SAMPLE_SITES.slice(0, 3).map((name) => `${process.env.MEETFLOW_E2E_SAMPLES_URL}/${name}/`);
  const analysed = await request.post(`/api/superagent/analyze-icp?workspace=${workspace}`, { data: { urls }, timeout: ANALYSIS_TIMEOUT });
  expect(analysed.status(), await analysed.text()).toBe(200);
  await page.goto('/icp-builder');
  const slice = page.getByTestId('icp-slice').first();
  await expect(slice.getByRole('list', { name: 'Job titles' }).getByRole('listitem').nth(1)).toBeVisible();
  const titles = await slice.getByRole('list', { name: 'Job titles' }).getByRole('listitem').allTextContents();
  expect(titles.length).toBeGreaterThan(1);
  const noise = titles.at(-1)!;

  await slice.getByRole('button', { name: 'Edit criteria' }).click();
  const editor = slice.getByRole('form', { name: /^Edit / });
  await editor.getByRole('button', { name: `Remove ${noise}` }).click();
  await editor.getByLabel('Add a technology').fill('  Gong  ');
  await editor.getByLabel('Add a technology').press('Enter');
  // Emptying the industries is refused before anything is sent.
  for (const industry of await editor.getByRole('list', { name: 'Industry' }).getByRole('listitem').allTextContents())
    await editor.getByRole('button', { name: `Remove ${industry.replace(/×$/, '')}` }).click();
  await expect(editor.getByTestId('slice-edit-problem')).toHaveText('Keep at least one industry: discovery searches by it.');
  await expect(editor.getByRole('button', { name: 'Save criteria' })).toBeDisabled();
  await editor.getByRole('button', { name: 'Cancel' }).click();

  await slice.getByRole('button', { name: 'Edit criteria' }).click();
  await editor.getByRole('button', { name: `Remove ${noise}` }).click();
  await editor.getByLabel('Add a technology').fill('Gong');
  await editor.getByRole('button', { name: 'Add' }).nth(2).click();
  await editor.getByRole('button', { name: 'Save criteria' }).click();
  await expect(editor).toHaveCount(0);
  await expect(slice.getByRole('button', { name: 'Edit criteria' })).toBeFocused();
  await expect(slice.getByRole('list', { name: 'Job titles' })).not.toContainText(noise);
  await expect(slice.getByRole('list', { name: 'Technology stack' })).toContainText('Gong');

  // Stored for the workspace, and the discovery link carries the edited criteria.
  const stored = (await (await request.get(`/api/icp?workspace=${workspace}`)).json()) as StoredIcp;
  const criteria = stored.icpSlices[0]!.criteria as { jobTitles: string[]; techStack: string[] };
  expect(criteria.jobTitles).not.toContain(noise);
  expect(criteria.techStack).toContain('Gong');
  const href = new URL(
    (await slice.getByRole('link', { name: 'Discover prospects for this slice' }).getAttribute('href')) ?? '',
    'http://ui.invalid',
  );
  expect(JSON.parse(href.searchParams.get('criteria') ?? 'null')).toEqual(stored.icpSlices[0]!.criteria);
  await page.screenshot({ path: test.info().outputPath('icp-edited-desktop.png'), fullPage: true });
});

test("fewer than 3 URLs: generate stays disabled, and repeats that leave fewer than 3 get the spec's message", async ({ page }) => {
  await page.goto('/icp-builder');
  const generate = page.getByRole('button', { name: 'Generate ICP' });
  // Starts with 3 fields, none removable until a fourth exists; at most 10.
  await expect(page.getByLabel(/^Customer URL \d+$/)).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Remove customer URL 1' })).toBeDisabled();
  const add = page.getByRole('button', { name: 'Add URL' });
  for (let count = 3; count < 10; count += 1) await add.click();
  await expect(page.getByLabel(/^Customer URL \d+$/)).toHaveCount(10);
  await expect(add).toBeDisabled();
  await page.getByRole('button', { name: 'Remove customer URL 10' }).click();
  await expect(page.getByLabel(/^Customer URL \d+$/)).toHaveCount(9);

  await urlField(page, 1).fill('https://quotewell.example/');
  await urlField(page, 2).fill('https://callcraft.example/');
  await expect(generate).toBeDisabled();
  // Three entries but two distinct sites: the API counts repeats once and answers in the spec's words.
  await urlField(page, 3).fill('https://quotewell.example/');
  await expect(generate).toBeEnabled();
  await generate.click();
  await expect(page.getByTestId('toast')).toContainText('Insufficient URLs');
  await expect(page.getByTestId('toast')).toContainText('Please provide at least 3 customer URLs for analysis');
  // The error state keeps the API's answer as `STATUS: body`.
  await expect(page.getByTestId('icp-error')).toContainText(/^400: .*Please provide at least 3 customer URLs for analysis/);
});

test('an analysis no site allows fails as "Analysis Failed" with the API\'s reasons', async ({ page }) => {
  await page.goto('/icp-builder');
  // Private addresses: the outbound-HTTP guard refuses each, so no ICP can be built.
  const urls = ['http://10.0.0.1/', 'http://10.0.0.2/', 'http://10.0.0.3/'];
  for (const [index, url] of urls.entries()) await urlField(page, index + 1).fill(url);
  await page.getByRole('button', { name: 'Generate ICP' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast.getByText('Analysis Failed', { exact: true })).toBeVisible({ timeout: ANALYSIS_TIMEOUT });
  await expect(toast.getByText(/^422: .*None of the 3 customer sites could be analysed/)).toBeVisible();
  const error = page.getByTestId('icp-error');
  for (const url of urls) await expect(error).toContainText(`${url}: Cannot research ${url}: its address is internal or private`);
  await expect(page.getByRole('button', { name: 'Generate ICP' })).toBeEnabled();
});
