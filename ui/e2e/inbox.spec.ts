import { expectNoViolations } from './axe.ts';
import { test, expect, useNewWorkspace, type APIRequestContext } from './fixtures.ts';

// The Inbox screen (issue #31, item 4): a reply pasted in (POST /api/replies, as a person adds one
// they received elsewhere) lands in the Inbox classified, with the time it proposes, beside what
// was sent; it is read and closed there, at desktop and phone widths, without an accessibility
// violation. The reply that arrives by mail and is booked is the day walk's (day-walk.spec.ts).
const run = Date.now().toString(36);

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200) {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

test('a reply is listed, read with its classification and proposed time, and archived, at 1400 and 390 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  const workspace = await useNewWorkspace(page, `e2e-inbox-${run}`);
  const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`;
  const prospect = (await ok(
    await request.post(at('/api/prospects'), {
      data: {
        firstName: 'Noor',
        lastName: 'Haddad',
        company: 'Quotewell',
        jobTitle: 'Head of Sales',
        email: `noor-${run}@quotewell.example`,
      },
    }),
    201,
  )) as { id: number };
  await ok(
    await request.post(at('/api/replies'), {
      data: { prospectId: prospect.id, subject: 'Re: month-end', body: 'Sounds interesting. Would Tuesday at 3pm work for a call?' },
    }),
  );

  for (const viewport of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/inbox');
    await expect(page.getByRole('button', { name: 'Open (1)' })).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 });
    const row = page.getByRole('button', { name: /Noor Haddad/ });
    await expect(row).toContainText('Interested');
    await expect(row).toContainText('Proposed a time');
    await expectNoViolations(page, `/inbox list at ${viewport.width}`);
    await row.click();
    const detail = page.getByRole('article', { name: 'Noor Haddad' });
    await expect(detail).toContainText('Head of Sales at Quotewell');
    await expect(detail).toContainText(/Interested, \d+% sure/);
    await expect(detail.getByRole('list', { name: 'Times they proposed' })).toContainText('(they wrote “Tuesday at 3pm”)');
    await expect(detail.getByRole('article', { name: 'Their reply' })).toContainText('Would Tuesday at 3pm work for a call?');
    await expectNoViolations(page, `/inbox reply at ${viewport.width}`);
    if (viewport.width < 1000) {
      // On a phone the reply replaces the list; going back shows the list again.
      await expect(page.getByRole('list', { name: 'Open replies' })).toBeHidden();
      await detail.getByRole('button', { name: '← All replies' }).click();
      await expect(page.getByRole('list', { name: 'Open replies' })).toBeVisible();
    } else {
      await expect(page.getByRole('list', { name: 'Open replies' })).toBeVisible();
    }
  }

  // Archived: it leaves the open replies and is listed under Done, saying so.
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.getByRole('button', { name: /Noor Haddad/ }).click();
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByTestId('toast')).toContainText('Archived');
  await expect(page.getByRole('button', { name: 'Open (0)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('inbox-empty')).toContainText('Nothing waiting for you');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: /Noor Haddad/ })).toContainText('Archived');
  const done = (await ok(await request.get(at('/api/inbox?status=done')))) as { items: unknown[] };
  expect(done.items[0]).toMatchObject({ resolution: 'archived', status: 'done' });
});
