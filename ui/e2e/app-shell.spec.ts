import { test, expect } from './fixtures.ts';

const SIDEBAR = [
  'Learning Dashboard',
  'ICP Builder',
  'Prospect Discovery',
  'Prospect Pipeline',
  'Outreach Management',
  'Review Queue',
  'Inbox',
  'Meeting Scheduler',
  'PPM Marketplace',
  'Agent Configuration',
  'Pipelines',
  'Plugins',
];

interface AgentStatus {
  agentName: string;
  status: string;
  activity: string;
}

test("the sidebar lists the spec's screens in order, each with its icon, Workflow Test under Tools, highlights the current one, and shows every agent's status", async ({
  page,
  request,
}) => {
  await page.goto('/icp-builder');
  const nav = page.getByRole('navigation', { name: 'App' });
  await expect(nav.getByRole('listitem')).toHaveText(SIDEBAR.map((label) => new RegExp(`^${label}`)));
  await expect(nav.locator('[aria-current="page"]')).toHaveText('ICP Builder');
  // Every entry draws its icon (an svg beside its words, hidden from assistive technology).
  const links = page.locator('aside').filter({ has: nav }).locator('nav a');
  expect(await links.count()).toBeGreaterThan(SIDEBAR.length);
  for (const link of await links.all()) await expect(link.locator('svg[aria-hidden="true"]')).toHaveCount(1);
  // Workflow Test is a tool: under "Tools", its route and title as before.
  const tools = page.getByRole('navigation', { name: 'Tools' });
  await expect(tools.getByRole('listitem')).toHaveText(['Workflow Test']);
  await tools.getByRole('link', { name: 'Workflow Test' }).click();
  await expect(page).toHaveURL(/\/workflow-test$/);
  await expect(page.getByTestId('header-title')).toHaveText('Workflow Test');
  await expect(tools.locator('[aria-current="page"]')).toHaveText('Workflow Test');
  await nav.getByRole('link', { name: 'ICP Builder' }).click();
  await expect(page.getByTestId('header-title')).toHaveText('ICP Builder');

  await nav.getByRole('link', { name: 'Prospect Discovery' }).click();
  await expect(page).toHaveURL(/\/prospect-discovery$/);
  await expect(nav.locator('[aria-current="page"]')).toHaveText('Prospect Discovery');

  // One dot per agent the API lists, hyphens shown as spaces, with its status and what it is doing.
  const agents = (await (await request.get('/api/agents/status')).json()) as AgentStatus[];
  expect(agents.map((agent) => agent.agentName)).toContain('meeting-booking');
  const list = page.getByTestId('agent-status-list');
  await expect(list.getByRole('listitem')).toHaveCount(agents.length);
  for (const agent of agents) {
    const item = page.getByTestId(`agent-status-${agent.agentName}`);
    await expect(item).toContainText(agent.agentName.replaceAll('-', ' '));
    // Statuses move as the seed's pipelines run: the dot must show one of the spec's four.
    await expect(item).toHaveAttribute('data-status', /^(active|learning|analyzing|idle)$/);
    await expect(item).toHaveAttribute('data-tip', /\S/);
  }
  await page.screenshot({ path: test.info().outputPath('shell-desktop.png'), fullPage: true });
});

test('unknown paths: inside the shell under an app page, on their own elsewhere', async ({ page }) => {
  await page.goto('/dashboard/no-such-tab');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'App' })).toBeVisible();

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'App' })).toHaveCount(0);
});

test('toasts: one at a time, gone after 5 s, F8 focuses the notification region', async ({ page }) => {
  await page.goto('/prospect-discovery');
  const discover = page.getByRole('button', { name: 'Discover Prospects' });
  await discover.click(); // nothing filled in
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText('Missing Information');

  // A second notification replaces the first rather than stacking.
  await page.getByLabel('Industry').fill('Sales technology');
  await page.getByLabel('Job Titles').fill('VP of Sales');
  await page.getByLabel('LinkedIn Sales Navigator').uncheck();
  await discover.click();
  await expect(toast).toContainText('Discovery Failed');
  await expect(toast).toContainText('Unable to discover prospects. Please try again.');
  await expect(toast).toHaveCount(1);

  await page.keyboard.press('F8');
  // Radix moves focus to the toast list inside the labelled region.
  await expect(page.getByRole('region', { name: /Notifications \(F8\)/ }).locator('ol')).toBeFocused();
  await page.locator('body').click({ position: { x: 5, y: 5 } }); // leave the region: a focused region pauses the timer
  await expect(toast).toHaveCount(0, { timeout: 8_000 });
});

test('on a phone the sidebar hides behind the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/icp-builder');
  const nav = page.getByRole('navigation', { name: 'App' });
  await expect(nav).not.toBeInViewport();
  await page.getByLabel('Open the menu').click();
  await expect(nav).toBeInViewport();
  await nav.getByRole('link', { name: 'Prospect Discovery' }).click();
  await expect(page).toHaveURL(/\/prospect-discovery$/);
  await expect(nav).not.toBeInViewport();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('shell-phone.png'), fullPage: true });
});
