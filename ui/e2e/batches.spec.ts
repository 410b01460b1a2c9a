import { test, expect, type APIRequestContext } from './fixtures.ts';

// A batch of pipeline runs watched to its end on /batches/:id, one input failing, its failed run
// retried as a new batch linked both ways.
const BATCH_TIMEOUT = 90_000;

const ICP = {
  industry: ['SaaS'],
  companySize: '50-200',
  jobTitles: ['VP Sales', 'Head of Sales'],
  techStack: ['Salesforce'],
  painPoints: ['pipeline generation'],
};

/** A scoring pipeline of two stages: `again` runs only for scores of 60 and up. */
function scoringPipeline(id: string) {
  const input = { prospect: '{{ input.prospect }}', icp: '{{ input.icp }}' };
  return {
    id,
    name: 'E2E batch scoring',
    nodes: [
      { id: 'score', label: 'Score', activity: 'lead-scoring.scoreProspect', input },
      {
        id: 'again',
        label: 'Rescore',
        activity: 'lead-scoring.scoreProspect',
        input,
        when: { path: 'score.totalScore', op: 'gte', value: 60 },
      },
    ],
    edges: [{ from: 'score', to: 'again' }],
  };
}

/** 50 prospects; prospect 17 has no usable prospect record, so its scoring fails for good. */
const INPUTS = Array.from({ length: 50 }, (_, index) => {
  const prospectId = index + 1;
  const employeeCount = 20 + index * 7;
  const prospect =
    prospectId === 17
      ? 'not a prospect'
      : { jobTitle: index % 2 ? 'VP Sales' : 'Engineer', company: `Co ${prospectId}`, industry: 'SaaS', employeeCount };
  return { prospectId, prospect, icp: ICP };
});

async function startBatch(request: APIRequestContext, inputs: unknown[], chunkSize: number): Promise<string> {
  const pipelineId = `e2e-batch-${Date.now().toString(36)}`;
  const saved = await request.post('/api/pipelines', { data: scoringPipeline(pipelineId) });
  expect(saved.status(), await saved.text()).toBe(201);
  const started = await request.post(`/api/pipelines/${pipelineId}/batches`, { data: { inputs, chunkSize } });
  expect(started.status(), await started.text()).toBe(201);
  return ((await started.json()) as { batchId: string }).batchId;
}

test('a 50-prospect batch runs to its end with its bars, and its one failure is retried as a linked batch', async ({ page, request }) => {
  test.setTimeout(180_000);
  const batchId = await startBatch(request, INPUTS, 5);
  await page.goto(`/batches/${batchId}`);
  await expect(page.getByRole('heading', { name: /E2E batch scoring/, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'E2E batch scoring' })).toHaveAttribute('href', /\/pipelines\/e2e-batch-[\w-]+\?version=1$/);
  await expect(page.getByTestId('batch-total')).toHaveText('50');

  // Watched to its end: every bar full, each stage's five counts.
  await expect(page.getByTestId('batch-status')).toHaveText('completed', { timeout: BATCH_TIMEOUT });
  const score = page.getByTestId('stage-score');
  await expect(score.getByTestId('stage-count')).toHaveText('50 / 50');
  await expect(score.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(score.getByTestId('stage-completed')).toContainText('49');
  await expect(score.getByTestId('stage-failed')).toContainText('1');
  await expect(score.getByTestId('stage-pending')).toContainText('0');
  const again = page.getByTestId('stage-again');
  await expect(again.getByTestId('stage-count')).toHaveText('50 / 50');
  await expect(page.getByTestId('batch-runs')).toHaveText('49 completed · 1 failed');
  await expect(page.getByTestId('batch-throughput')).toHaveText(/runs\/min$/);
  await expect(page.getByTestId('batch-eta')).toHaveText(/^Took /);
  await expect(page.getByRole('button', { name: 'Cancel batch' })).toHaveCount(0);

  // The failed one: whose input, which step, what it met, and its run.
  const failure = page.getByTestId('failure');
  await expect(failure).toHaveCount(1);
  await expect(failure).toContainText('prospect 17');
  await expect(failure).toContainText('score');
  await expect(failure.getByRole('link', { name: 'Open run' })).toHaveAttribute('href', /^\/pipelines\/runs\/[\w-]+$/);

  // The conditional stage says how its condition came out for every run scored, as the API counts it.
  const view = (await (await request.get(`/api/batches/${batchId}`)).json()) as {
    stages: Array<{ nodeId: string; completed: number; condition: { met: number; unmet: number } | null }>;
  };
  const rescore = view.stages.find((stage) => stage.nodeId === 'again')!;
  expect([rescore.condition!.met, rescore.condition!.met + rescore.condition!.unmet]).toEqual([rescore.completed, 49]);
  await expect(again.getByTestId('stage-condition')).toHaveText(
    `Condition met: ${rescore.condition!.met} · not met: ${rescore.condition!.unmet}`,
  );
  await expect(score.getByTestId('stage-condition')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('batch-finished-desktop.png'), fullPage: true });

  // Each run shows its own duration, not the batch's: the failed run ended with its first step.
  const took = (await page.getByTestId('batch-eta').textContent())!.replace(/^Took /, '');
  await failure.getByRole('link', { name: 'Open run' }).click();
  await expect(page).toHaveURL(/\/pipelines\/runs\/[\w-]+$/);
  const run = (await (await request.get(`/api/runs/${page.url().split('/').pop()}`)).json()) as {
    startedAt: string;
    endedAt: string;
    steps: Record<string, { startedAt?: string; endedAt?: string }>;
  };
  expect([run.startedAt, run.endedAt]).toEqual([run.steps.score!.startedAt, run.steps.score!.endedAt]);
  await expect(page.getByTestId('run-duration')).toHaveText(/^Duration \d/);
  await expect(page.getByTestId('run-duration')).not.toHaveText(`Duration ${took}`);
  await page.goBack();
  await expect(page.getByTestId('batch-status')).toHaveText('completed');

  // Retry failed: a new batch of that one run, linked both ways.
  await page.getByRole('button', { name: 'Retry failed (1)' }).click();
  await expect(page.getByTestId('toast')).toContainText('Retrying Failed');
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/batches/') && !url.pathname.endsWith(batchId));
  await expect(page.getByTestId('batch-total')).toHaveText('1');
  await expect(page.getByTestId('retry-of')).toHaveText(batchId.slice(0, 8));
  await expect(page.getByTestId('batch-status')).toHaveText('completed', { timeout: BATCH_TIMEOUT });
  // The same input, so the same failure: what it met is the input's, not chance's.
  await expect(page.getByTestId('failure')).toContainText('prospect 17');
  const retryId = page.url().split('/').pop()!;

  await page.getByTestId('retry-of').click();
  await expect(page).toHaveURL(new RegExp(`/batches/${batchId}$`));
  await expect(page.getByTestId('retry').getByRole('link')).toHaveAttribute('href', `/batches/${retryId}`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('batch-status')).toHaveText('completed');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('batch-finished-phone.png'), fullPage: true });
});

test('a running batch is cancelled after a confirmation: its unfinished runs end cancelled', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Four chunks of 500 runs, each scored one after another: long enough to cancel.
  const inputs = Array.from({ length: 2_000 }, (_, index) => ({ ...INPUTS[index % 10], prospectId: index + 1 }));
  const batchId = await startBatch(request, inputs, 500);
  await page.goto(`/batches/${batchId}`);
  // The first read of a 2,000-run batch can take a few seconds on a busy machine.
  await expect(page.getByTestId('batch-status')).toHaveText('running', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Cancel batch' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Cancel this batch?');
  // Cancelling marks 2,000 run records: on a busy machine its answer can take longer than a look's 5 s.
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === `/api/batches/${batchId}/cancel` && response.request().method() === 'POST',
    { timeout: 30_000 },
  );
  await dialog.getByRole('button', { name: 'Cancel batch' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByTestId('toast')).toContainText('Batch Cancelled');
  await expect(page.getByTestId('batch-status')).toHaveText('cancelled');
  await expect(page.getByTestId('batch-runs')).toContainText('cancelled');
  await expect(page.getByRole('button', { name: 'Cancel batch' })).toHaveCount(0);
});
