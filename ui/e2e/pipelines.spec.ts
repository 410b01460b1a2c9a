import type { Locator } from '@playwright/test';
import { test, expect, useNewWorkspace, type Page } from './fixtures.ts';

// The worker must pick the run up from Temporal; scoring itself is local and quick.
const RUN_TIMEOUT = 45_000;

const SCORE_INPUT = { prospect: '{{ input.prospect }}', icp: '{{ input.icp }}' };

/** Two scoring steps; `again` only runs above 100, which no score reaches, so it is always skipped. */
function twoStepPipeline(id: string) {
  return {
    id,
    name: 'E2E lead scoring',
    nodes: [
      { id: 'score', activity: 'lead-scoring.scoreProspect', input: SCORE_INPUT },
      {
        id: 'again',
        activity: 'lead-scoring.scoreProspect',
        input: SCORE_INPUT,
        when: { path: 'score.totalScore', op: 'gte', value: 101 },
      },
    ],
    edges: [{ from: 'score', to: 'again' }],
  };
}

/** A VP of Sales at a 120-employee SaaS company: a close match for the ICP below. */
const RUN_INPUT = {
  prospect: { jobTitle: 'VP of Sales', company: 'Acme Cloud', industry: 'SaaS', employeeCount: 120, techStack: ['Salesforce', 'HubSpot'] },
  icp: {
    industry: ['SaaS'],
    companySize: '50-200',
    jobTitles: ['VP Sales', 'Head of Sales'],
    techStack: ['Salesforce', 'HubSpot'],
    painPoints: ['pipeline generation'],
  },
};

test('a run shows its steps live and reruns from a step', async ({ page, request }) => {
  const pipelineId = `e2e-scoring-${Date.now()}`;
  const saved = await request.post('/api/pipelines', { data: twoStepPipeline(pipelineId) });
  expect(saved.status(), await saved.text()).toBe(201);
  const started = await request.post(`/api/pipelines/${pipelineId}/runs`, { data: { input: RUN_INPUT } });
  expect(started.status(), await started.text()).toBe(201);
  const { runId } = (await started.json()) as { runId: string };

  await page.goto(`/pipelines/runs/${runId}`);
  const score = page.getByTestId('step-node-score');
  const again = page.getByTestId('step-node-again');
  await expect(score).toBeVisible();
  await expect(again).toBeVisible();
  await expect(score).toContainText('completed', { timeout: RUN_TIMEOUT });
  await expect(again).toContainText('skipped', { timeout: RUN_TIMEOUT });
  await expect(page.getByTestId('run-status')).toContainText('completed');

  await score.click();
  const panel = page.getByRole('complementary', { name: 'Step score' });
  // The score explains itself: the stored output carries the points of each dimension and the
  // reasoning, shown as labelled fields (a list per dimension), with the exact JSON one click away.
  const output = panel.getByRole('group', { name: 'Output of step score', exact: true });
  await expect(output.getByRole('term').filter({ hasText: /^Reasoning$/ })).toBeVisible();
  await expect(output.getByRole('term').filter({ hasText: /^Dimensions$/ })).toBeVisible();
  await expect(output).toContainText('Company size');
  await expect(output).not.toContainText('"reasoning"');
  await panel.getByRole('group', { name: 'Output of step score: view as' }).getByRole('button', { name: 'JSON', exact: true }).click();
  await expect(panel.getByLabel('Output of step score (JSON)')).toContainText('"reasoning"');
  await expect(panel.getByLabel('Output of step score (JSON)')).toContainText('"dimensions"');
  // The step says which version of the plugin ran it (lead scoring's manifest version, from /api/plugins).
  const plugins = (await (await request.get('/api/plugins')).json()) as Array<{ id: string; version: string }>;
  const leadScoring = plugins.find((plugin) => plugin.id === 'lead-scoring');
  expect(leadScoring?.version).toBeTruthy();
  await expect(panel).toContainText(`Plugin version${leadScoring!.version}`);
  await panel.getByRole('button', { name: 'Rerun from this step' }).click();

  await expect(page).toHaveURL((url) => url.pathname.startsWith('/pipelines/runs/') && !url.pathname.endsWith(runId));
  await expect(page.getByTestId('run-header')).toContainText(/restarted from step\s*score/);

  // The list page shows the saved pipeline and the rerun's lineage.
  await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Pipelines' }).click();
  await expect(page.getByTestId('pipelines-list')).toContainText('E2E lead scoring');
  await expect(page.getByTestId('runs-table')).toContainText('restarted from step');
});

test('/plugins lists lead-scoring with its activity', async ({ page }) => {
  await page.goto('/plugins');
  const card = page.getByTestId('plugin-lead-scoring');
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(card).toContainText('lead-scoring.scoreProspect');
});

/** A full-page screenshot at `width` once `ready` shows, checking nothing overflows the page sideways. */
async function runsShot(page: Page, width: number, file: string, ready: (page: Page) => Locator) {
  await page.setViewportSize({ width, height: 900 });
  await page.reload();
  await expect(ready(page)).toBeVisible();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
  await page.screenshot({ path: test.info().outputPath(file), fullPage: true });
}

test('the runs list filters by pipeline, status and prospect, keeps them in the URL, and pages', async ({ page }) => {
  test.setTimeout(150_000);
  const workspace = await useNewWorkspace(page, `e2e-runs-${Date.now().toString(36)}`);
  const at = (path: string) => `${path}?workspace=${workspace}`;
  const [alpha, beta] = ['e2e-runs-alpha', 'e2e-runs-beta'];
  for (const [id, name] of [
    [alpha, 'E2E runs alpha'],
    [beta, 'E2E runs beta'],
  ]) {
    const saved = await page.request.post(at('/api/pipelines'), { data: { ...twoStepPipeline(id!), name } });
    expect(saved.status(), await saved.text()).toBe(201);
  }
  // 27 runs of alpha, prospect 5's failing (no usable prospect record); one of beta: 28 runs, two pages of 25.
  const inputs = Array.from({ length: 27 }, (_, index) => ({
    ...RUN_INPUT,
    prospectId: index + 1,
    ...(index === 4 ? { prospect: 'not a prospect' } : {}),
  }));
  const batch = await page.request.post(at(`/api/pipelines/${alpha}/batches`), { data: { inputs, chunkSize: 10 } });
  expect(batch.status(), await batch.text()).toBe(201);
  const single = await page.request.post(at(`/api/pipelines/${beta}/runs`), { data: { input: RUN_INPUT } });
  expect(single.status(), await single.text()).toBe(201);
  const live = async () => {
    const runs = (await (await page.request.get(at('/api/runs') + '&limit=200')).json()) as Array<{ status: string }>;
    return runs.filter((run) => run.status === 'pending' || run.status === 'running').length;
  };
  await expect.poll(live, { timeout: RUN_TIMEOUT * 2, intervals: [1_000] }).toBe(0);

  await page.goto('/pipelines');
  const runs = page.getByRole('region', { name: 'Runs' });
  const filters = runs.getByRole('group', { name: 'Filter runs' });
  const rows = runs.getByTestId('runs-table').locator('tbody tr');
  await expect(runs.getByTestId('page-range')).toHaveText('1–25 of 28');
  await expect(rows).toHaveCount(25);

  // Page 2 holds the rest, and a reload stays on it.
  await runs.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(runs.getByTestId('page-range')).toHaveText('26–28 of 28');
  await page.reload();
  await expect(runs.getByTestId('page-range')).toHaveText('26–28 of 28');
  await expect(rows).toHaveCount(3);

  // A pipeline: its one run, back on page 1.
  await filters.getByLabel('Pipeline').selectOption(beta);
  await expect(page).toHaveURL((url) => url.searchParams.get('pipeline') === beta && !url.searchParams.has('page'));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(beta);

  // A status: alpha's one failed run, and the filters survive a reload.
  await filters.getByLabel('Pipeline').selectOption(alpha);
  await filters.getByLabel('Status').selectOption('failed');
  await expect(page).toHaveURL((url) => url.searchParams.get('pipeline') === alpha && url.searchParams.get('status') === 'failed');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('#5');
  await page.reload();
  await expect(filters.getByLabel('Pipeline')).toHaveValue(alpha);
  await expect(filters.getByLabel('Status')).toHaveValue('failed');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('link', { name: /^Run .+ of e2e-runs-alpha$/ })).toHaveAttribute('href', /^\/pipelines\/runs\//);

  // None cancelled: the empty state names what hides the runs, and clears it.
  await filters.getByLabel('Status').selectOption('cancelled');
  await expect(runs.getByTestId('runs-hidden-by')).toHaveText('status cancelled · pipeline e2e-runs-alpha');
  await runs.getByTestId('runs-empty').getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL((url) => url.search === '');
  await expect(runs.getByTestId('page-range')).toHaveText('1–25 of 28');

  // A prospect, typed as its id: the run for prospect 12.
  await filters.getByRole('combobox', { name: 'Prospect' }).fill('12');
  await filters.getByRole('option', { name: 'Prospect #12' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('prospect') === '12');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('#12');
  // The prospect filter cleared and a status picked in the same moment (a quick hand, a busy
  // machine: before the first change has rendered): the second builds on the first, not undoes it.
  const clearProspect = await filters.getByRole('button', { name: /^Clear the prospect filter/ }).elementHandle();
  const status = await filters.getByLabel('Status').elementHandle();
  await page.evaluate(
    ([button, select]) => {
      (button as unknown as { click(): void }).click();
      // As a hand choosing it: the select's own value setter, then its change event.
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(select), 'value')!.set!.call(select, 'completed');
      select!.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [clearProspect, status],
  );
  await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'completed' && !url.searchParams.has('prospect'));
  await expect(runs.getByTestId('page-range')).toHaveText('1–25 of 27');
  const table = (on: Page) => on.getByTestId('runs-table');
  await runsShot(page, 1400, 'runs-filtered-desktop.png', table);
  await runsShot(page, 390, 'runs-filtered-phone.png', table);

  // A pipeline's page lists its runs only, by version too; the version it draws (?version=) is its own.
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/pipelines/${alpha}?version=1&status=failed`);
  const own = page.getByRole('region', { name: 'Runs of this pipeline' });
  const ownFilters = own.getByRole('group', { name: 'Filter runs' });
  await expect(own.getByTestId('runs-table').locator('tbody tr')).toHaveCount(1);
  await expect(ownFilters.getByLabel('Pipeline')).toHaveCount(0);
  await ownFilters.getByLabel('Version').selectOption('1');
  await expect(page).toHaveURL(
    (url) =>
      url.searchParams.get('version') === '1' && url.searchParams.get('runVersion') === '1' && url.searchParams.get('status') === 'failed',
  );
  await expect(own.getByTestId('runs-table').locator('tbody tr')).toHaveCount(1);
  await ownFilters.getByLabel('Status').selectOption('cancelled');
  await expect(own.getByTestId('runs-hidden-by')).toHaveText('status cancelled · version 1');
  const empty = (on: Page) => on.getByTestId('runs-empty');
  await runsShot(page, 1400, 'runs-empty-desktop.png', empty);
  await runsShot(page, 390, 'runs-empty-phone.png', empty);
});
