import { test, expect, useNewWorkspace } from './fixtures.ts';

test("a fresh workspace: three templates with no sends yet, and the spec's empty campaigns state", async ({ page }) => {
  await useNewWorkspace(page, `e2e-outreach-${Date.now().toString(36)}`);
  await page.goto('/outreach');
  await expect(page.getByRole('heading', { name: 'Outreach Management', level: 1 })).toBeVisible();
  await expect(page.getByText('Create and manage your outreach campaigns')).toBeVisible();
  for (const id of ['roi-focused', 'pain-point', 'value-prop']) {
    await expect(page.getByTestId(`template-${id}`).getByTestId('template-response')).toHaveText('—');
  }
  await expect(page.getByTestId('campaigns-empty')).toContainText('No campaigns found');
  await expect(page.getByTestId('campaigns-empty')).toContainText('Create your first outreach campaign to get started.');
});

test('New Campaign from the seeded prospects: a named refusal, the matching count, the campaign listed and managed', async ({
  page,
  request,
}) => {
  // The seed scores its prospects in the background: the count is read once every one of them is scored.
  const total = async (query: string) => Number((await request.get(`/api/prospects${query}`)).headers()['x-total-count']);
  await expect
    .poll(
      async () => {
        const all = await total('');
        return all > 0 && (await total('?minScore=0')) === all;
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBe(true);
  const qualified = Number((await request.get('/api/prospects?minScore=70')).headers()['x-total-count']);
  await page.goto('/outreach');
  await page.getByRole('button', { name: 'New Campaign' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('matching')).toHaveText(`${qualified} prospects match.`);
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(dialog.getByTestId('error-name')).toContainText('must not be empty');
  const name = `Qualified push ${Date.now().toString(36)}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create Campaign' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Campaign Created');
  const row = page.getByTestId('campaign').filter({ hasText: name });
  await expect(
    row.getByText(`${qualified.toLocaleString('en-US')} ${qualified === 1 ? 'prospect' : 'prospects'}`, { exact: true }),
  ).toBeVisible();
  await expect(row).toContainText('draft');
  await page.screenshot({ path: test.info().outputPath('outreach-desktop.png'), fullPage: true });
  await row.getByRole('link', { name: 'Manage' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('campaign-prospect')).toHaveCount(Math.min(qualified, 25));
  await expect(page.getByTestId('not-started')).toBeVisible();
  await page.goto('/outreach');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Outreach Management', level: 1 })).toBeVisible();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('outreach-phone.png'), fullPage: true });
});
