import { readFileSync } from 'node:fs';
import { test, expect, type Page, useNewWorkspace } from './fixtures.ts';

const PANELS = [
  'Learning Progress',
  'Learning Queue',
  'Sending',
  'Agent Performance',
  'Meta-Agent Learning Insights',
  'A/B Tests',
  'Recent Activity',
  'Configuration Management',
];
// The seed runs the prospect pipeline for twelve sample prospects in the background of the e2e stack.
const SEED_TIMEOUT = 180_000;

/** Points the UI at a workspace nobody has used (every API call carries it). */
async function useFreshWorkspace(page: Page): Promise<string> {
  const workspace = `e2e-dash-${Date.now().toString(36)}`;
  await useNewWorkspace(page, workspace);
  return workspace;
}

test('a fresh workspace: every panel, zero metrics and empty states that say what fills them', async ({ page }) => {
  await useFreshWorkspace(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Learning Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('AI System Performance & Learning Analytics')).toBeVisible();
  for (const panel of PANELS) await expect(page.getByRole('region', { name: panel })).toBeVisible();

  await expect(page.getByTestId('metric-learning-cycles').getByTestId('metric-value')).toHaveText('0');
  // No mailbox yet: nothing sent, nothing can be, and the panel says why.
  await expect(page.getByTestId('sent-today')).toHaveText('0 of 0');
  await expect(page.getByTestId('sending-capacity')).toContainText('No active mailbox: nothing is sent until one is connected.');
  await expect(page.getByTestId('metric-response-rate').getByTestId('metric-value')).toHaveText('0.0%');
  // No A/B test winner applied: no learning score is made up.
  await expect(page.getByTestId('metric-learning-score').getByTestId('metric-value')).toHaveText('—');
  await expect(page.getByTestId('metric-learning-score').getByTestId('metric-caption')).toHaveText(
    'Not enough data yet: no A/B test winner applied',
  );
  await expect(page.getByTestId('experiments-month')).toHaveText('0 A/B tests this month · 0 running · 0 finished');
  await expect(page.getByRole('region', { name: 'A/B Tests' }).getByTestId('empty-state')).toBeVisible();
  await expect(page.getByTestId('metric-response-rate').getByTestId('metric-caption')).toHaveText('No outcomes this week or last');
  await expect(page.getByRole('region', { name: 'Learning Progress' }).getByTestId('empty-state')).toContainText(
    'the chart fills as emails are sent',
  );
  await expect(page.getByRole('region', { name: 'Meta-Agent Learning Insights' }).getByTestId('empty-state')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent Activity' }).getByTestId('empty-state')).toBeVisible();
  await expect(page.getByTestId('sample-count')).toHaveText('0 / 100');
  for (const dependency of ['database', 'temporal']) await expect(page.getByTestId(`health-${dependency}`)).toContainText('up');
  await page.screenshot({ path: test.info().outputPath('dashboard-empty-desktop.png'), fullPage: true });
});

test("A/B Tests: this month's experiments and each arm's posterior with its interval", async ({ page, request }) => {
  const workspace = await useFreshWorkspace(page);
  const started = await request.post(`/api/experiments?workspace=${workspace}`, {
    data: { name: 'Opening template', decisionPoint: 'first-email-template', arms: [{ value: 'roi-focused' }, { value: 'pain-point' }] },
  });
  expect(started.status()).toBe(201);
  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: 'A/B Tests' });
  await expect(page.getByTestId('experiments-month')).toHaveText('1 A/B test this month · 1 running · 0 finished');
  await expect(panel.getByTestId('experiment')).toContainText('Opening template');
  await expect(panel.getByTestId('experiment-arm')).toHaveCount(2);
  // No sends yet: each arm is the uniform prior, mean 50.0% within 2.5%–97.5%, an even chance of being best.
  await expect(panel.getByTestId('arm-posterior').first()).toHaveText('50.0% (2.5%–97.5%) · 0 sends · P(best) 50.0%');
  await expect(panel.getByTestId('applied-change')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('dashboard-experiments-desktop.png'), fullPage: true });
});

test("Trigger Learning Cycle: the spec's toast, and the cycle shows in the metrics", async ({ page, request }) => {
  const workspace = await useFreshWorkspace(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Trigger Learning Cycle' }).click();
  await expect(page.getByTestId('toast')).toContainText('Learning Cycle Triggered');
  await expect(page.getByTestId('toast')).toContainText('The AI learning cycle has been started successfully.');
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/dashboard/metrics?workspace=${workspace}`)).json()) as { learning_cycles: number })
          .learning_cycles,
      { timeout: 30_000 },
    )
    .toBe(1);
  // The cycle is counted when the engine has learned, its activity lines written a moment later, when it applies.
  await expect
    .poll(async () => ((await (await request.get(`/api/activity?workspace=${workspace}`)).json()) as unknown[]).length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByTestId('metric-learning-cycles').getByTestId('metric-value')).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Recent Activity' }).getByTestId('activity-entry').first()).toBeVisible();
});

test('the seeded workspace: the chart, ranges and panels show what the API measures; Export Config downloads it', async ({
  page,
  request,
}) => {
  test.setTimeout(SEED_TIMEOUT + 60_000);
  // The seed scores its prospects: lead-quality points appear for today.
  await expect
    .poll(async () => ((await (await request.get('/api/dashboard/trends?range=7d')).json()) as unknown[]).length, {
      timeout: SEED_TIMEOUT,
      intervals: [2_000],
    })
    .toBeGreaterThan(0);
  await page.goto('/dashboard');
  const metrics = (await (await request.get('/api/dashboard/metrics')).json()) as { learning_cycles: number; response_rate: number };
  await expect(page.getByTestId('metric-response-rate').getByTestId('metric-value')).toHaveText(`${metrics.response_rate.toFixed(1)}%`);

  const chart = page.getByTestId('progress-chart');
  for (const range of ['7d', '90d', '30d'] as const) {
    await page.getByRole('button', { name: range.toUpperCase() }).click();
    await expect(page.getByRole('button', { name: range.toUpperCase() })).toHaveAttribute('aria-pressed', 'true');
    const points = (await (await request.get(`/api/dashboard/trends?range=${range}`)).json()) as unknown[];
    await expect(chart).toHaveAttribute('data-points', String(points.length));
  }
  await expect(page.getByRole('button', { name: '7D' })).toHaveAttribute('aria-pressed', 'false');
  await expect(chart.locator('.recharts-line')).toHaveCount(3);

  // The seed's runs may still be finishing steps: each agent's figure is compared with the API's answer of the same moment,
  // until the panel's 30 s refresh has caught up with it.
  const agentsNow = async () =>
    (await (await request.get('/api/agents/status')).json()) as Array<{ agentName: string; performance: { success: number | null } }>;
  for (const { agentName } of await agentsNow()) {
    await expect
      .poll(
        async () => {
          const success = (await agentsNow()).find((agent) => agent.agentName === agentName)!.performance.success;
          const shown = (await page.getByTestId(`performance-${agentName}`).textContent()) ?? '';
          return shown.includes(success === null ? 'success—' : `success${success}%`);
        },
        { timeout: 45_000, intervals: [1_000] },
      )
      .toBe(true);
  }

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Config' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('meetflow-config-default.json');
  expect(JSON.parse(readFileSync(await file.path(), 'utf8'))).toEqual(await (await request.get('/api/config')).json());
  await page.screenshot({ path: test.info().outputPath('dashboard-seeded-desktop.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Learning Dashboard', level: 1 })).toBeVisible();
  // The chart takes the new width on its next layout: nothing scrolls sideways once it has.
  await expect.poll(() => page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('dashboard-seeded-phone.png'), fullPage: true });
});
