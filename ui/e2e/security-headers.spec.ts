import { test, expect, SIGNED_OUT, type Page } from './fixtures.ts';
import { APP_SCREENS } from './screens.ts';

// Every screen runs under the app's Content-Security-Policy: no inline script or style, nothing
// from another origin. A violation shows as a `securitypolicyviolation` event; none may fire.
const SCREENS = [...APP_SCREENS, '/outreach/campaigns/new', '/no-such-page'];

/** Visits each path and expects the policy served and never violated. */
async function expectUnderPolicy(page: Page, paths: readonly string[]) {
  // Injected by the browser's debugging protocol, so the policy under test does not apply to it.
  await page.addInitScript({
    content:
      "window.__cspViolations = []; document.addEventListener('securitypolicyviolation', (event) => window.__cspViolations.push(event.violatedDirective + ': ' + event.blockedURI));",
  });
  for (const path of paths) {
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    expect(response?.headers()['content-security-policy'], path).toContain("script-src 'self'");
    expect(response?.headers()['x-frame-options'], path).toBe('DENY');
    await expect(page.locator('#root')).not.toBeEmpty();
    const violations = (await page.evaluate('window.__cspViolations')) as string[];
    expect(violations, path).toEqual([]);
  }
}

test('every screen runs under the Content-Security-Policy, which the page is served with', async ({ page }) => {
  await expectUnderPolicy(page, SCREENS);
});

test.describe('signed out', () => {
  test.use({ storageState: SIGNED_OUT });
  test('the landing, Sign In and Sign Up run under it too', async ({ page }) => {
    await expectUnderPolicy(page, ['/', '/signin', '/signup']);
  });
});
