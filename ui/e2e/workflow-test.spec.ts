import { test, expect, waitForSeededProspect, SEED_TIMEOUT } from './fixtures.ts';

// The seed scores prospect 1 in the background of the e2e stack.

test.beforeEach(async ({ request }) => {
  test.setTimeout(SEED_TIMEOUT + 90_000);
  await waitForSeededProspect(request);
});

test('runs the real pipeline on prospect 1 and follows each step to the end, with measured times and the score toast', async ({
  page,
  request,
}) => {
  await page.goto('/workflow-test');
  await expect(page.getByRole('heading', { name: 'Workflow Test', level: 1 })).toBeVisible();
  await expect(page.getByText('Run the 4-step prospect pipeline')).toBeVisible();
  await expect(page.getByLabel('Test prospect')).toHaveValue('1');
  for (const step of ['research', 'score', 'copy', 'outreach'])
    await expect(page.getByTestId(`step-${step}`)).toHaveAttribute('data-state', 'pending');

  await page.getByRole('button', { name: 'Execute Complete Workflow' }).click();
  await expect(page.getByTestId('toast')).toContainText('Workflow Started');
  const results = page.getByTestId('workflow-results');
  await expect(results).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('progress-value')).toHaveText('100%');
  for (const step of ['research', 'score', 'copy', 'outreach']) {
    await expect(page.getByTestId(`step-${step}`)).toHaveAttribute('data-state', /^(completed|skipped)$/);
  }
  await expect(page.getByTestId('step-research').getByTestId('step-seconds')).toHaveText(/^\d+\.\ds$/);

  // What the page shows is the run's own answer.
  const link = page.getByRole('link', { name: 'Open this run in the pipeline view' });
  const runId = decodeURIComponent((await link.getAttribute('href'))!.split('/').pop()!);
  const answer = (await (await request.get(`/api/superagent/process-prospect/${runId}`)).json()) as {
    data: { metrics: { finalScore: number } };
  };
  await expect(page.getByTestId('final-score')).toHaveText(String(answer.data.metrics.finalScore));
  await expect(page.getByTestId('toast')).toContainText('Workflow Complete');
  await expect(page.getByTestId('toast')).toContainText(`Processed prospect with ${answer.data.metrics.finalScore}% qualification score`);
  for (const card of ['Research', 'Scoring']) await expect(page.getByRole('region', { name: card })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('workflow-test-desktop.png'), fullPage: true });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/pipelines/runs/${runId}$`));
});

test("a step that fails is marked, with the spec's failure toast and the run to inspect", async ({ page, request }) => {
  const created = await request.post('/api/prospects', {
    data: {
      firstName: 'Nadia',
      lastName: 'Nowhere',
      company: 'Nowhere Ltd',
      email: `nadia-${Date.now().toString(36)}@nowhere.example`,
      website: 'http://127.0.0.1:1/',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.goto('/workflow-test');
  await page.getByLabel('Test prospect').selectOption(String(id));
  await page.getByRole('button', { name: 'Execute Complete Workflow' }).click();
  await expect(page.getByTestId('step-research')).toHaveAttribute('data-state', 'failed', { timeout: 60_000 });
  await expect(page.getByTestId('toast')).toContainText('Workflow Failed', { timeout: 30_000 });
  await expect(page.getByTestId('toast')).toContainText('Unable to complete prospect workflow. Check agent configuration.');
  await expect(page.getByRole('link', { name: 'Open this run in the pipeline view' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Workflow Test', level: 1 })).toBeVisible();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('workflow-test-phone.png'), fullPage: true });
});
