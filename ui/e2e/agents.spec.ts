import { test, expect, type Page, useNewWorkspace } from './fixtures.ts';

/** Points the UI at a workspace of its own, so saves here touch no other test. */
async function useFreshWorkspace(page: Page, name: string): Promise<string> {
  const workspace = `e2e-agents-${name}-${Date.now().toString(36)}`;
  await useNewWorkspace(page, workspace);
  return workspace;
}

/** Moves a range input to a value the way a keyboard user would (Home, then arrow steps). */
async function setSlider(page: Page, label: string, value: number) {
  const slider = page.getByRole('slider', { name: label });
  await slider.focus();
  await slider.press('Home');
  for (let step = 0; step < value; step++) await slider.press('ArrowRight');
  await expect(slider).toHaveValue(String(value));
}

interface Agent {
  agentName: string;
  status: string;
  performance: Record<string, number | null>;
}

test('every section, statuses as measured, advanced settings from the server', async ({ page, request }) => {
  await useFreshWorkspace(page, 'view');
  await page.goto('/agents');
  await expect(page.getByRole('heading', { name: 'Agent Configuration', level: 1 })).toBeVisible();
  await expect(page.getByText('Configure AI agents and learning parameters')).toBeVisible();
  for (const section of ['Agent Status Overview', 'Lead Scoring Weights', 'Learning Configuration', 'Advanced Settings']) {
    await expect(page.getByRole('region', { name: section })).toBeVisible();
  }
  const agents = (await (await request.get('/api/agents/status')).json()) as Agent[];
  for (const agent of agents) {
    const card = page.getByTestId(`agent-${agent.agentName}`);
    await expect(card).toContainText(agent.agentName.replaceAll('-', ' '));
    // A fresh workspace has measured nothing for accuracy: a dash, never the spec's demo figures.
    await expect(card.getByTestId('perf-accuracy')).toHaveText('—');
  }
  for (const [label, value] of [
    ['Company Size', '35'],
    ['Industry Match', '28'],
    ['Tech Stack', '22'],
    ['Job Title', '15'],
  ]) {
    await expect(page.getByRole('slider', { name: label! })).toHaveValue(value!);
  }
  await expect(page.getByTestId('weights-total')).toHaveText('Total: 100%');
  for (const label of ['Automatic Learning Cycles', 'Auto-Apply Optimizations', 'Email Learning Reports'])
    await expect(page.getByLabel(label)).toBeChecked();
  await expect(page.getByTestId('setting-Temperature')).toContainText('0.7');
  await expect(page.getByTestId('setting-Max tokens')).toContainText('2,048');
  await expect(page.getByTestId('setting-Min confidence')).toContainText('85%');
  await expect(page.getByTestId('setting-Sample size')).toContainText('100');
  await expect(page.getByTestId('setting-Learning rate')).toContainText('0.1');
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath('agents-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('agents-phone.png'), fullPage: true });
});

test("weights: the server's refusal shown on the weights, a valid save persisted, then reset to defaults", async ({ page, request }) => {
  const workspace = await useFreshWorkspace(page, 'save');
  await page.goto('/agents');
  await setSlider(page, 'Company Size', 50);
  await expect(page.getByTestId('weights-total')).toHaveText('Total: 115%');
  await expect(page.getByTestId('unsaved')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('weights-error')).toContainText('the weights must sum to 1');
  await expect(page.getByRole('slider', { name: 'Company Size' })).toHaveValue('50'); // nothing lost

  await setSlider(page, 'Industry Match', 13);
  await expect(page.getByTestId('weights-total')).toHaveText('Total: 100%');
  await page.getByLabel('Email Learning Reports').uncheck();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Configuration Saved');
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  const config = (await (await request.get(`/api/config?workspace=${workspace}`)).json()) as Array<{
    configKey: string;
    configValue: unknown;
  }>;
  expect(config).toEqual(
    expect.arrayContaining([
      { configKey: 'scoringWeights', configValue: { companySize: 0.5, industryMatch: 0.13, techStack: 0.22, jobTitle: 0.15 } },
      { configKey: 'learningSettings', configValue: { automaticCycles: true, autoApply: true, emailReports: false } },
    ]),
  );
  await page.reload();
  await expect(page.getByRole('slider', { name: 'Company Size' })).toHaveValue('50');
  await expect(page.getByLabel('Email Learning Reports')).not.toBeChecked();

  await page.getByRole('button', { name: 'Reset to Defaults' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByTestId('toast')).toContainText('Defaults Restored');
  await expect(page.getByRole('slider', { name: 'Company Size' })).toHaveValue('35');
  await expect(page.getByLabel('Email Learning Reports')).toBeChecked();
});

test('leaving with unsaved changes asks first: Stay keeps them, Leave goes', async ({ page }) => {
  await useFreshWorkspace(page, 'leave');
  await page.goto('/agents');
  await page.getByLabel('Auto-Apply Optimizations').uncheck();
  const nav = page.getByRole('navigation', { name: 'App' });
  await nav.getByRole('link', { name: 'Learning Dashboard' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Leave without saving?');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(page.getByLabel('Auto-Apply Optimizations')).not.toBeChecked();
  await nav.getByRole('link', { name: 'Learning Dashboard' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
