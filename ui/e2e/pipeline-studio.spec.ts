import { test, expect, type APIRequestContext, type Page, waitForSeededProspect, SEED_TIMEOUT } from './fixtures.ts';

// The pipeline studio's whole story, as sales ops live it: duplicate the built-in prospect pipeline,
// insert a step from the palette, map it through the picker (a wrong type flagged, then fixed), save
// v2, test-run it on a seeded prospect, open a run of v1 drawn as v1, then run v2 for 50 prospects as
// a batch, one of which fails, and retry the failed.

// A research of a sample site, a score and a copy each run for real on a shared 2-core machine.
const RUN_TIMEOUT = 90_000;
const BATCH_TIMEOUT = 240_000;

const mapping = (page: Page, path: string) => page.getByTestId('node-panel').getByTestId(`mapping-${path}`);

/** Maps a field of the open step from the picker: the run input (with a path) or an upstream output. */
async function pick(page: Page, path: string, reference: string, inputPath?: string) {
  const field = mapping(page, path);
  const referenceMode = field.getByRole('group', { name: `How ${path} is set` }).getByRole('button', { name: 'Reference' });
  if ((await referenceMode.getAttribute('aria-pressed')) !== 'true') await referenceMode.click();
  await field.getByRole('combobox').selectOption(reference);
  if (inputPath !== undefined) await field.getByLabel('Path in the run input').fill(inputPath);
}

interface Run {
  runId: string;
  status: string;
  input: Record<string, unknown>;
  pipelineVersion: number;
}

async function api<T>(request: APIRequestContext, method: 'get' | 'post', url: string, data?: unknown): Promise<T> {
  const response = await request[method](url, data === undefined ? undefined : { data });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test('sales ops duplicate, extend, check, save, test, compare and batch-run a pipeline', async ({ page, request }) => {
  test.setTimeout(SEED_TIMEOUT + 2 * RUN_TIMEOUT + 2 * BATCH_TIMEOUT);
  await waitForSeededProspect(request);
  await page.setViewportSize({ width: 1400, height: 900 });

  // 1. Duplicate the built-in from its page: the copy is v1, open in the editor.
  await page.goto('/pipelines/prospect-pipeline');
  await page
    .getByRole('button', { name: /^Duplicate/ })
    .first()
    .click();
  await page.waitForURL(/\/pipelines\/prospect-pipeline-copy(-\d+)?(\/edit)?$/);
  const pipelineId = /\/pipelines\/(prospect-pipeline-copy(?:-\d+)?)/.exec(page.url())![1]!;
  if (!page.url().endsWith('/edit')) await page.goto(`/pipelines/${pipelineId}/edit`);

  // A run of v1, started now, to be opened once v2 exists (its empty input fails at research: it still ran v1).
  const v1Run = await api<Run>(request, 'post', `/api/pipelines/${pipelineId}/runs`, { version: 1, input: {} });

  // 2. The draft enrols nobody (a test run and a batch run every step for real): its outreach step goes.
  await page.getByTestId('editor-node-outreach').click();
  await page.getByTestId('node-panel').getByRole('button', { name: 'Delete step' }).click();
  await expect(page.getByTestId('editor-node-outreach')).toHaveCount(0);

  // 3. Insert a second opinion from the palette, after research.
  await page.getByRole('searchbox', { name: 'Search activities' }).fill('scoreProspect');
  await page.getByRole('button', { name: 'Add lead-scoring.scoreProspect' }).click();
  const second = page.getByTestId('editor-node-scoreProspect');
  await expect(second).toBeVisible();
  const edge = page.locator('.react-flow__edge[data-id="research->scoreProspect"]');
  await expect(async () => {
    await page
      .getByTestId('editor-node-research')
      .locator('.react-flow__handle-bottom')
      .dragTo(second.locator('.react-flow__handle-top'), { steps: 5 });
    await expect(edge).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // 4. Its input from the picker: the run input, and research's output; a string where an object goes is flagged.
  await second.click();
  await pick(page, 'prospect', ':input', 'prospect');
  await pick(page, 'icp', ':input', 'icp');
  await pick(page, 'research', 'research.companyName');
  await expect(mapping(page, 'research').getByTestId('field-problem-research')).toContainText('is string', { ignoreCase: true });
  await expect(page.getByTestId('node-problems-scoreProspect')).toHaveText('1 problem');
  await expect(page.getByRole('button', { name: 'Save…' })).toBeDisabled();
  await pick(page, 'research', 'research');
  await expect(mapping(page, 'research').getByTestId('field-problem-research')).toHaveCount(0);
  await expect(page.getByTestId('node-problems-scoreProspect')).toHaveCount(0);

  // 5. Saved as v2 with a note.
  await page.getByRole('button', { name: 'Save…' }).click();
  await page.getByLabel('What does this version change?').fill('A second opinion after research; no enrolment');
  await page.getByRole('button', { name: 'Save version' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/pipelines/${pipelineId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('v2');

  // 6. Test-run v2 on seeded prospect 1, watched to the end on the canvas.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await page.getByRole('button', { name: 'Test run…' }).click();
  const dialog = page.getByTestId('test-run-dialog');
  await dialog.getByRole('radio', { name: 'A prospect' }).check();
  await dialog.getByLabel('Prospect', { exact: true }).selectOption('1');
  await dialog.getByRole('button', { name: 'Run test' }).click();
  const bar = page.getByTestId('test-run-bar');
  await expect(bar.getByTestId('test-run-status')).toContainText('completed', { timeout: RUN_TIMEOUT });
  for (const step of ['research', 'score', 'scoreProspect']) {
    await expect(page.getByTestId(`editor-node-${step}`)).toHaveAttribute('data-status', 'completed');
  }
  const testRunId = /\/pipelines\/runs\/([\w-]+)$/.exec(
    (await bar.getByRole('link', { name: /Open the full run/ }).getAttribute('href')) ?? '',
  )![1]!;
  const testRun = await api<Run>(request, 'get', `/api/runs/${testRunId}`);

  // 7. The older run is drawn as v1: its outreach step, not the inserted one.
  await page.goto(`/pipelines/runs/${v1Run.runId}`);
  await expect(page.getByTestId('run-header')).toContainText('v1');
  await expect(page.getByTestId('step-node-outreach')).toBeVisible();
  await expect(page.getByTestId('step-node-scoreProspect')).toHaveCount(0);

  // 8. v2 for 50 prospects as one batch (prospect 1's input, renumbered); one has no usable site.
  const inputs = Array.from({ length: 50 }, (_, index) =>
    index === 16 ? { ...testRun.input, prospectId: 1017, website: 'not a site' } : { ...testRun.input, prospectId: 1001 + index },
  );
  const { batchId } = await api<{ batchId: string }>(request, 'post', `/api/pipelines/${pipelineId}/batches`, {
    version: 2,
    inputs,
    chunkSize: 10,
  });
  await page.goto(`/batches/${batchId}`);
  await expect(page.getByTestId('batch-total')).toHaveText('50');
  await expect(page.getByTestId('batch-status')).toHaveText('completed', { timeout: BATCH_TIMEOUT });
  const research = page.getByTestId('stage-research');
  await expect(research.getByTestId('stage-count')).toHaveText('50 / 50');
  await expect(research.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(research.getByTestId('stage-failed')).toContainText('1');
  await expect(page.getByTestId('batch-runs')).toHaveText('49 completed · 1 failed');
  await expect(page.getByTestId('failure')).toContainText('research');

  // 9. Retry failed: a new batch of that one run, linked to this one.
  await page.getByRole('button', { name: 'Retry failed (1)' }).click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/batches/') && !url.pathname.endsWith(batchId));
  await expect(page.getByTestId('batch-total')).toHaveText('1');
  await expect(page.getByTestId('retry-of')).toHaveText(batchId.slice(0, 8));
  await expect(page.getByTestId('batch-status')).toHaveText('completed', { timeout: BATCH_TIMEOUT });
});
