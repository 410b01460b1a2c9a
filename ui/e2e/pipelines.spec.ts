import { test, expect } from './fixtures.ts';

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
  // The score explains itself: the stored output carries the points of each dimension and the reasoning.
  await expect(panel.getByLabel('Output of step score')).toContainText('"reasoning"');
  await expect(panel.getByLabel('Output of step score')).toContainText('"dimensions"');
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
