import type { Locator } from '@playwright/test';
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

test('the phone menu takes focus when it opens, keeps it, and gives it back to its button when it closes', async ({ page }) => {
  // Some thirty single key presses, each waited on, on a shared machine.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/icp-builder');
  await expect(page.getByTestId('header-title')).toHaveText('ICP Builder');
  const menuButton = page.getByRole('button', { name: 'Open the menu' });
  const nav = page.getByRole('navigation', { name: 'App' });
  const current = nav.getByRole('link', { name: 'ICP Builder' });

  // By keyboard: Skip to main content, then the menu button; Enter opens it on the current page's link.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(current).toBeFocused();
  // The page behind is inert while the menu is open: Tab goes through the menu, never to the page.
  await expect(page.locator('.drawer-content')).toHaveAttribute('inert', '');
  for (let presses = 0; presses < 20; presses++) {
    await page.keyboard.press('Tab');
    await expect(page.locator('.drawer-content :focus, a:focus[href="#main"]')).toHaveCount(0);
  }
  // Escape closes it and focus is back on the menu button.
  await page.keyboard.press('Escape');
  await expect(nav).not.toBeInViewport();
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

  // Its own close button does the same; so does a link, after going to its page.
  await page.keyboard.press('Enter');
  await expect(current).toBeFocused();
  await page.getByRole('button', { name: 'Close the menu' }).filter({ visible: true }).click();
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(current).toBeFocused();
  await nav.getByRole('link', { name: 'Prospect Discovery' }).press('Enter');
  await expect(page).toHaveURL(/\/prospect-discovery$/);
  await expect(nav).not.toBeInViewport();
  await expect(menuButton).toBeFocused();
});

test("the phone menu's agent list is whole: every agent in view at once, inside the menu's width; the links scroll above it", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/icp-builder');
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const agents = (await (await request.get('/api/agents/status')).json()) as AgentStatus[];
  const list = page.getByTestId('agent-status-list');
  await expect(list.getByRole('listitem')).toHaveCount(agents.length);
  // Measured once the menu has slid in (its transition ended), not on the way.
  const aside = page.locator('#app-sidebar aside');
  await aside.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation: { finished: Promise<unknown> }) => animation.finished)),
  );
  const menu = (await aside.boundingBox())!;
  /** Whether an agent's line is drawn whole inside the menu: its name and status word end before the menu's edge. */
  const whole = async (item: Locator) => {
    const box = (await item.getByTestId('agent-name').boundingBox())!;
    return box.x + box.width <= menu.x + menu.width;
  };
  for (const item of await list.getByRole('listitem').all()) {
    await expect(item).toBeInViewport({ ratio: 1 });
    expect(await whole(item), `${await item.textContent()} inside the menu`).toBe(true);
  }
  // The longest name with the longest status still fits (statuses change as the seed's pipelines run).
  const widest = page.getByTestId('agent-status-engagement-analysis');
  await widest.getByTestId('agent-status-word').evaluate((word) => (word.textContent = 'analyzing'));
  expect(await whole(widest)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('shell-phone-menu-agents.png') });

  // The links scroll in their own box above the agents: the last one, reached by keyboard, shows whole, not under them.
  const last = page.getByRole('navigation', { name: 'Settings' }).getByRole('link').last();
  await last.focus();
  await expect(last).toBeInViewport({ ratio: 1 });
  const agentsTop = (await page.getByRole('region', { name: 'AI Agents Status' }).boundingBox())!.y;
  const lastBox = (await last.boundingBox())!;
  expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(agentsTop);

  // A phone on its side is too short for that: the whole menu scrolls, and brings the last agent into view.
  await page.setViewportSize({ width: 844, height: 390 });
  const lastAgent = list.getByRole('listitem').last();
  await page.mouse.move(120, 200);
  await expect(async () => {
    await page.mouse.wheel(0, 400);
    await expect(lastAgent).toBeInViewport({ ratio: 1, timeout: 500 });
  }).toPass({ timeout: 10_000 });
});
