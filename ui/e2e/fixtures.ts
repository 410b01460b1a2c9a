// The specs' `test`: every page and every `request` is signed in as the demo owner of a first
// start (global-setup.ts signs in once and saves the session), unless a spec signs out.
import { test as base, expect as baseExpect, type APIRequestContext, type Page } from '@playwright/test';

export { expect, type APIRequestContext, type Page } from '@playwright/test';

/** A browser state with no session: for specs of what a signed-out visitor sees. */
export const SIGNED_OUT = { cookies: [], origins: [] };

export const test = base.extend({
  // The API client specs use beside the page: the demo owner's session too (Playwright's own carries none).
  request: async ({ playwright, baseURL, storageState }, use) => {
    const request = await playwright.request.newContext({ baseURL, storageState });
    await use(request);
    await request.dispose();
  },
});

/**
 * Makes a workspace of the demo owner's that no other spec uses, and points the UI at it (the
 * choice the workspace switcher stores), so what a spec saves touches nothing else.
 */
export async function useNewWorkspace(page: Page, slug: string): Promise<string> {
  const created = await page.request.post('/api/workspaces', { data: { name: slug, slug } });
  if (created.status() !== 201) throw new Error(`could not make workspace ${slug}: ${created.status()} ${await created.text()}`);
  await page.addInitScript((chosen) => localStorage.setItem('meetflow.workspace', chosen), slug);
  return slug;
}

/** How long the first start's seed may take to score prospect 1 on a shared 2-core machine. */
export const SEED_TIMEOUT = 180_000;

/** Waits until the first start's seed has made prospect 1 of the default workspace and scored it (its ICP and offer exist by then). */
export async function waitForSeededProspect(request: APIRequestContext): Promise<void> {
  await baseExpect
    .poll(
      async () => {
        const response = await request.get('/api/prospects/1');
        return response.ok() ? ((await response.json()) as { score: number | null }).score !== null : false;
      },
      { timeout: SEED_TIMEOUT, intervals: [2_000] },
    )
    .toBe(true);
}

/**
 * Signs a new person up and in with `request` (its browser context then holds their session): a
 * sign-up signs nobody in, as its answer is the same whether or not the address has an account.
 */
export async function signUpAndSignIn(
  request: APIRequestContext,
  person: { email: string; password: string; name: string },
): Promise<void> {
  const signedUp = await request.post('/api/auth/signup', { data: person });
  baseExpect(signedUp.status(), await signedUp.text()).toBe(202);
  const signedIn = await request.post('/api/auth/login', { data: { email: person.email, password: person.password } });
  baseExpect(signedIn.status(), await signedIn.text()).toBe(200);
}
