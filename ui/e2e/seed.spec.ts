import { test, expect, waitForSeededProspect, SEED_TIMEOUT } from './fixtures.ts';

// A first start seeds the default workspace in the background: sample database, ICP from the
// bundled customer sites, discovery, then twelve pipeline runs on a 2-core machine.

test("a first start fills the default workspace by running the product's own pipeline on sample data", async ({ page, request }) => {
  test.setTimeout(SEED_TIMEOUT + 60_000);
  // Prospect 1 exists (the Workflow Test page always sends it) and its pipeline run has scored it.
  await waitForSeededProspect(request);
  const prospect = (await (await request.get('/api/prospects/1')).json()) as { sample: boolean; website: string; email: string };
  expect(prospect.sample).toBe(true);
  expect(prospect.email).toMatch(/\.example$/);
  expect(prospect.website).toMatch(/\/companies\/[a-z0-9-]+\.example\/$/);

  const icp = await request.get('/api/icp');
  expect(icp.status(), await icp.text()).toBe(200);
  const campaigns = (await (await request.get('/api/campaigns')).json()) as Array<{ name: string; prospectIds: number[] }>;
  expect(campaigns[0]?.name).toContain('(sample prospects)');
  expect(campaigns[0]?.prospectIds).toContain(1);

  // The Workflow Test page's call answers for prospect 1.
  const processed = await request.post('/api/superagent/process-prospect', { data: { prospectId: 1 } });
  expect(processed.status(), await processed.text()).toBe(200);
  expect(((await processed.json()) as { data: { metrics: { finalScore: number } } }).data.metrics.finalScore).toEqual(expect.any(Number));

  // Sales ops see the seed's runs in the pipeline view, each with its steps (the score applied by one of them).
  await page.goto('/pipelines');
  const runs = page.getByTestId('runs-table');
  await expect(runs).toContainText('prospect-pipeline');
  await runs
    .getByRole('link', { name: /of prospect-pipeline$/ })
    .first()
    .click();
  for (const step of ['research', 'score', 'copy', 'outreach', 'apply']) await expect(page.getByTestId(`step-node-${step}`)).toBeVisible();
});
