import { test, expect, useNewWorkspace } from './fixtures.ts';

// An admin (the demo owner) fills the suppression list of a new workspace: a bad entry is refused
// with its message and nothing is added; two addresses and a domain are added, found, filtered,
// and one address is removed again.
const run = Date.now().toString(36);

test('add two addresses and a domain, see a bad entry refused, search, filter and remove one', async ({ page }) => {
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  const workspace = await useNewWorkspace(page, `e2e-suppressions-${run}`);
  const listed = async () =>
    ((await (await page.request.get(`/api/suppressions?workspace=${workspace}`)).json()) as { total: number }).total;
  await page.goto('/settings/suppressions');
  await expect(page.getByRole('heading', { name: 'Suppression list', level: 1 })).toBeVisible();
  const settings = page.getByRole('navigation', { name: 'Settings' });
  await expect(settings.getByRole('link', { name: 'Suppression list' })).toHaveAttribute('aria-current', 'page');
  const empty = page.getByTestId('suppressions-empty');
  await expect(empty).toContainText('Addresses and domains here are never emailed from this workspace');

  // Every line is checked first: two bad ones are refused on their lines, and nothing is added.
  await empty.getByRole('button', { name: 'Add to Suppression List' }).click();
  const form = page.getByRole('dialog', { name: 'Add to suppression list' });
  const entries = form.getByLabel('Addresses and domains');
  await entries.fill('ada@acme.example\n\nnot an address\nbo@\n');
  await form.getByRole('button', { name: 'Add to List' }).click();
  await expect(form.getByTestId('error-suppression-entries')).toHaveText('Nothing was added: 2 entries need fixing.');
  const refusals = form.getByTestId('suppression-refusals');
  await expect(refusals.getByRole('listitem')).toHaveText([
    'Line 3: "not an address" holds spaces, commas or angle brackets: write one address or domain per line',
    'Line 4: "bo@" is not an email address',
  ]);
  await expect(entries).toBeFocused();
  expect(await listed()).toBe(0);

  // Fixed: two addresses (any case) and a whole domain, with a reason.
  await entries.fill('ada@acme.example\nBo@Acme.example\n\nrival.example');
  await expect(form.getByText('3 entries.')).toBeVisible();
  await form.getByLabel('Reason').fill('existing customer');
  await form.getByRole('button', { name: 'Add to List' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('3 entries added.');

  const table = page.getByRole('table', { name: 'Suppression list' });
  const rows = table.getByTestId('suppression-row');
  await expect(rows).toHaveCount(3);
  for (const entry of ['ada@acme.example', 'bo@acme.example', 'rival.example'])
    await expect(table.getByRole('row', { name: entry })).toBeVisible();
  const domain = table.getByRole('row', { name: 'rival.example' });
  await expect(domain).toContainText('Whole domain');
  await expect(domain.getByTestId('suppression-reason')).toHaveText('Existing customer');
  await expect(domain).toContainText('Added by hand');
  await expect(domain).toContainText('by you');
  await expect(page.getByTestId('reason-counts')).toContainText('3On the list');

  // Search and filter by reason.
  await page.getByRole('searchbox', { name: 'Search addresses and domains' }).fill('RIVAL');
  await expect(table.getByTestId('suppression-entry')).toHaveText(['rival.example']);
  await expect(page).toHaveURL(/[?&]q=RIVAL/);
  await page.getByRole('searchbox', { name: 'Search addresses and domains' }).fill('');
  await expect(rows).toHaveCount(3);
  await page.getByTestId('reason-filter').selectOption('existing customer');
  await expect(page).toHaveURL(/[?&]reason=existing\+customer/);
  await expect(rows).toHaveCount(3);
  await page.getByRole('searchbox', { name: 'Search addresses and domains' }).fill('nobody');
  await expect(page.getByTestId('suppressions-no-match')).toContainText(
    'Nothing on the list contains “nobody” with the reason “existing customer”.',
  );
  await page.getByTestId('suppressions-no-match').getByRole('button', { name: 'Show every entry' }).click();
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('searchbox', { name: 'Search addresses and domains' })).toHaveValue('');

  // Remove one, after saying yes.
  await table.getByRole('button', { name: 'Remove bo@acme.example' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove bo@acme.example?' });
  await expect(confirm).toContainText('bo@acme.example may be emailed again from now on');
  await expect(confirm).toContainText('removing it restarts nothing');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('toast')).toContainText('Removed from Suppression List');
  await expect(rows).toHaveCount(2);
  await expect(table.getByRole('row', { name: 'bo@acme.example' })).toHaveCount(0);
  expect(await listed()).toBe(2);
  expect(crashes).toEqual([]);
});
