import { test, expect, useNewWorkspace } from './fixtures.ts';

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

  // Its page draws the definition: its steps, the one applying the score among them, read-only.
  await prospect.getByRole('link', { name: /^Prospect pipeline/ }).click();
  await expect(page).toHaveURL(/\/pipelines\/prospect-pipeline$/);
  const header = page.getByTestId('pipeline-header');
  await expect(header).toContainText('Built-in · read-only');
  await expect(header.getByRole('heading', { level: 1 })).toContainText('v4');
  for (const step of ['research', 'score', 'decide', 'copy', 'outreach', 'apply'])
    await expect(page.getByTestId(`step-node-${step}`)).toBeVisible();
  await page.getByTestId('step-node-copy').click();
  await expect(page.getByRole('complementary', { name: 'Step copy' })).toContainText('score.qualified = true');
  await expect(page.getByTestId('pipeline-versions')).toContainText('v4');
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
  // One version: nothing to compare it with, and nothing to restore.
  await expect(page.getByRole('link', { name: /^Compare with/ })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Compare two versions' })).toHaveCount(0);
});

const SCORE_INPUT = { prospect: '{{ input.prospect }}', icp: '{{ input.icp }}' };

/** v1: score, then score again above 100 (which no score reaches). */
const firstVersion = (id: string) => ({
  id,
  name: 'E2E versions',
  note: 'Scores, then again above 100',
  nodes: [
    { id: 'score', label: 'Scorer', activity: 'lead-scoring.scoreProspect', input: SCORE_INPUT },
    { id: 'again', activity: 'lead-scoring.scoreProspect', input: SCORE_INPUT, when: { path: 'score.totalScore', op: 'gte', value: 101 } },
  ],
  edges: [{ from: 'score', to: 'again' }],
});

/** v2: the score reads another ICP and retries less; `again` gives way to `rescore`. */
const secondVersion = (id: string) => ({
  id,
  name: 'E2E versions',
  note: 'Rescores instead',
  nodes: [
    {
      id: 'score',
      label: 'Scorer',
      activity: 'lead-scoring.scoreProspect',
      input: { ...SCORE_INPUT, icp: '{{ input.targetIcp }}' },
      retry: { maximumAttempts: 3 },
    },
    { id: 'rescore', activity: 'lead-scoring.scoreProspect', input: SCORE_INPUT },
  ],
  edges: [{ from: 'score', to: 'rescore' }],
});

test('two versions are compared on the graph, and an older one is restored as a new version', async ({ page, request }) => {
  const workspace = await useNewWorkspace(page, `e2e-versions-${Date.now().toString(36)}`);
  const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`;
  const pipelineId = 'e2e-versions';
  for (const version of [firstVersion(pipelineId), secondVersion(pipelineId)]) {
    const saved = await request.post(at('/api/pipelines'), { data: version });
    expect(saved.status(), await saved.text()).toBe(201);
  }

  await page.goto(`/pipelines/${pipelineId}`);
  await page.getByTestId('pipeline-version-2').getByRole('link', { name: 'Compare with v1' }).click();
  await expect(page).toHaveURL(/\?from=1&to=2$/);
  const compare = page.getByTestId('version-compare');
  await expect(compare.getByRole('heading', { name: 'Changes from v1 to v2' })).toBeFocused();
  await expect(compare.getByTestId('diff-summary')).toHaveText('1 step added, 1 changed, 1 removed, 1 edge added, 1 removed.');

  // The newer version is drawn with each difference marked in words; the removed step and edge come from v1.
  const node = (id: string) => compare.getByTestId(`diff-node-${id}`);
  await expect(node('rescore')).toHaveAttribute('data-diff', 'added');
  await expect(node('rescore')).toContainText('added');
  await expect(node('score')).toHaveAttribute('data-diff', 'changed');
  await expect(node('score')).toContainText('changed retry, input.icp');
  await expect(node('again')).toHaveAttribute('data-diff', 'removed');
  await expect(node('again')).toContainText('removed');
  await expect(compare.locator('.react-flow__edge[data-id="score->rescore"]')).toContainText('added');
  await expect(compare.locator('.react-flow__edge[data-id="score->again"]')).toContainText('removed · score.totalScore ≥ 101');
  const changes = compare.getByRole('list', { name: 'Every change' });
  await expect(changes.getByRole('listitem')).toHaveText([
    '+ added Step rescore lead-scoring.scoreProspect',
    '~ changed Step Scorer score · lead-scoring.scoreProspect retry input.icp',
    '− removed Step again lead-scoring.scoreProspect',
    '+ added Edge score → rescore',
    '− removed Edge score → again',
  ]);

  // A refused restore (as when a plugin v1 uses has been removed since) names each problem and saves nothing.
  // The refusal is the API's own: the restore goes out as v1 reads once that plugin is gone, its step
  // `again` naming an activity no longer installed, and the server checks it as it checks every save.
  const RETIRED = 'retired-scoring.scoreProspect';
  await page.route(
    (url) => url.pathname === '/api/pipelines',
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const sent = route.request().postDataJSON() as { nodes: Array<{ id: string; activity: string }> };
      const nodes = sent.nodes.map((node) => (node.id === 'again' ? { ...node, activity: RETIRED } : node));
      await route.continue({ postData: JSON.stringify({ ...sent, nodes }) });
    },
  );
  const refusal = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/pipelines' && response.request().method() === 'POST',
  );
  await compare.getByRole('button', { name: 'Restore v1' }).click();
  await page.getByRole('dialog', { name: 'Restore v1?' }).getByRole('button', { name: 'Restore v1' }).click();
  expect((await refusal).status()).toBe(422);
  await expect(compare.getByRole('alert')).toContainText('v1 was not restored. Nothing was saved; v2 is still the latest.');
  await expect(compare.getByRole('alert')).toContainText(`node "again": unknown activity "${RETIRED}"`);
  await expect(page).toHaveURL(/\?from=1&to=2$/);
  const versions = await request.get(at(`/api/pipelines/${pipelineId}/versions`));
  expect(((await versions.json()) as unknown[]).length).toBe(2);
  await page.unrouteAll();

  // Restored for real: v3, noted, drawn as v1 was.
  await compare.getByRole('button', { name: 'Restore v1' }).click();
  await expect(page.getByRole('dialog', { name: 'Restore v1?' })).toContainText('saved as a new version, v3');
  await page.getByRole('dialog', { name: 'Restore v1?' }).getByRole('button', { name: 'Restore v1' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/pipelines/${pipelineId}` && url.search === '');
  await expect(page.getByTestId('pipeline-header').getByRole('heading', { level: 1 })).toContainText('v3');
  await expect(page.getByTestId('pipeline-version-3')).toContainText('Restored from v1');
  await expect(page.getByTestId('step-node-again')).toBeVisible();

  // Any two versions compare: v1 and v3 are the same.
  const form = page.getByRole('form', { name: 'Compare two versions' });
  await form.getByLabel('From').selectOption('1');
  await form.getByLabel('To').selectOption('3');
  await form.getByRole('button', { name: 'Compare' }).click();
  await expect(page).toHaveURL(/\?from=1&to=3$/);
  await expect(page.getByTestId('diff-summary')).toHaveText('No changes: v1 and v3 have the same steps and edges.');
});
