import { test, expect } from './fixtures.ts';

// A first start seeds the default workspace in the background, running the prospect pipeline.
const SEED_TIMEOUT = 180_000;

/** How many runs of a pipeline the workspace has recorded (fewer than the API's page of 200 here). */
async function recordedRuns(request: import('./fixtures.ts').APIRequestContext, pipelineId: string): Promise<number> {
  const response = await request.get(`/api/runs?pipeline=${pipelineId}&limit=200`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as unknown[]).length;
}

test('the pipelines list shows the built-ins with their real runs; duplicating the prospect pipeline opens the copy', async ({
  page,
  request,
}) => {
  test.setTimeout(SEED_TIMEOUT + 60_000);
  await expect.poll(() => recordedRuns(request, 'prospect-pipeline'), { timeout: SEED_TIMEOUT, intervals: [2_000] }).toBeGreaterThan(0);

  await page.goto('/pipelines');
  const prospect = page.getByTestId('pipeline-row-prospect-pipeline');
  await expect(prospect).toContainText('Built-in · read-only');
  // The seed may still be running: the count shown must be the one recorded when the page loaded.
  await expect(async () => {
    const count = await recordedRuns(request, 'prospect-pipeline');
    await page.reload();
    await expect(prospect.getByTestId('run-counts')).toHaveText(new RegExp(`^${count} runs? `), { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(prospect.getByTestId('run-stats')).toContainText('Last run');
  const learning = page.getByTestId('pipeline-row-learning-cycle');
  await expect(learning).toContainText('Built-in · read-only');
  await expect(learning).toContainText('Learning Dashboard');

  // Its page draws the definition: the four steps, read-only.
  await prospect.getByRole('link', { name: /^Prospect pipeline/ }).click();
  await expect(page).toHaveURL(/\/pipelines\/prospect-pipeline$/);
  const header = page.getByTestId('pipeline-header');
  await expect(header).toContainText('Built-in · read-only');
  await expect(header.getByRole('heading', { level: 1 })).toContainText('v2');
  for (const step of ['research', 'score', 'copy', 'outreach']) await expect(page.getByTestId(`step-node-${step}`)).toBeVisible();
  await page.getByTestId('step-node-copy').click();
  await expect(page.getByRole('complementary', { name: 'Step copy' })).toContainText('score.qualified = true');
  await expect(page.getByTestId('pipeline-versions')).toContainText('v2');
  await expect(page.getByTestId('runs-table')).toContainText('prospect-pipeline');

  // Duplicate to edit: version 1 of a copy, opened at once.
  await header.getByRole('button', { name: 'Duplicate to edit' }).click();
  await expect(page).toHaveURL(/\/pipelines\/prospect-pipeline-copy(-\d+)?$/);
  const copy = page.getByTestId('pipeline-header');
  await expect(copy.getByRole('heading', { level: 1 })).toHaveText(/^Copy of Prospect pipeline.* v1$/);
  await expect(copy).not.toContainText('Built-in');
  await expect(copy.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', /\/pipelines\/prospect-pipeline-copy(-\d+)?\/edit$/);
  await expect(page.getByTestId('pipeline-versions')).toContainText('v1');
  await expect(page.getByTestId('step-node-outreach')).toBeVisible();
  await expect(page.getByText('No runs of this pipeline yet.')).toBeVisible();
});

test('the learning cycle is drawn as its real steps, and says why it cannot be duplicated', async ({ page }) => {
  await page.goto('/pipelines/learning-cycle');
  for (const step of ['gather', 'learn', 'apply']) await expect(page.getByTestId(`step-node-${step}`)).toBeVisible();
  await expect(page.getByTestId('step-node-learn')).toContainText('learning-engine.runLearningCycle');
  await expect(page.getByTestId('cannot-duplicate')).toContainText('platform activities');
  await expect(page.getByRole('button', { name: 'Duplicate to edit' })).toHaveCount(0);
  await expect(page.getByTestId('runs-table')).toHaveCount(0);
});
