import { test, expect, SIGNED_OUT, useNewWorkspace, type Page, signUpAndSignIn } from './fixtures.ts';

// A campaign chooses the mailboxes its emails go out through (none ticked: every active one);
// a viewer sees the choice but cannot change it.

/** A full-page screenshot at `width`, after a reload (the drawer and sticky header settle), checking nothing overflows. */
async function shot(page: Page, width: number, file: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Sending mailboxes' }).getByTestId('sending-mailbox').first()).toBeVisible();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
  await page.screenshot({ path: test.info().outputPath(file), fullPage: true });
}

test("a campaign's sending mailboxes are ticked, saved and shown; a viewer reads them only", async ({ page, browser, request }) => {
  const workspace = await useNewWorkspace(page, `e2e-camp-mailboxes-${Date.now().toString(36)}`);
  const at = (path: string) => `${path}?workspace=${workspace}`;
  const addMailbox = async (fromName: string, fromAddress: string) => {
    const smtp = { host: '127.0.0.1', port: 2525, tls: 'none', user: fromAddress };
    const added = await request.post(at('/api/mailboxes'), { data: { fromName, fromAddress, smtp, password: 'an app password' } });
    expect(added.status(), await added.text()).toBe(201);
    return ((await added.json()) as { id: string }).id;
  };
  const north = await addMailbox('Nora North', 'nora.north@brightline.test');
  await addMailbox('Sam South', 'sam.south@brightline.test');
  const west = await addMailbox('Wes West', 'wes.west.with.a.long.address@brightline-data-partners.test');
  expect((await request.patch(at(`/api/mailboxes/${west}`), { data: { status: 'paused' } })).status()).toBe(200);
  const created = await request.post(at('/api/campaigns'), { data: { name: 'Spring outreach' } });
  const { id } = (await created.json()) as { id: number };

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`/outreach/campaigns/${id}`);
  const section = page.getByRole('region', { name: 'Sending mailboxes' });
  await expect(section.getByTestId('sending-mailboxes-mode')).toHaveText('All active mailboxes');
  await expect(section.getByTestId('sending-summary')).toHaveText('All active mailboxes: its emails take turns among the 2 active now.');
  await expect(section.getByTestId('sending-mailbox')).toHaveCount(3);
  await expect(section.getByTestId('sending-mailbox').filter({ hasText: 'Wes West' })).toContainText('paused');

  await section.getByRole('checkbox', { name: /nora\.north@/ }).check();
  await section.getByRole('checkbox', { name: /wes\.west/ }).check();
  await expect(section.getByTestId('sending-summary')).toHaveText(
    'Its emails go out through nora.north@brightline.test (1 more chosen, paused or removed).',
  );
  await expect(section.getByTestId('sending-mailboxes-mode')).toHaveText('2 chosen');
  await expect(section.getByText('Unsaved changes')).toBeVisible();
  await section.getByRole('button', { name: 'Save mailboxes' }).click();
  await expect(section.getByText('Unsaved changes')).toBeHidden(); // saved, and the campaign read again
  await expect(section.getByRole('button', { name: 'Save mailboxes' })).toBeDisabled();
  const saved = (await (await request.get(at(`/api/campaigns/${id}`))).json()) as { mailboxIds: string[] };
  expect(saved.mailboxIds).toEqual([north, west]);
  await shot(page, 1400, 'campaign-mailboxes-desktop.png');
  await expect(section.getByRole('checkbox', { name: /nora\.north@/ })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: /sam\.south@/ })).not.toBeChecked();
  await shot(page, 390, 'campaign-mailboxes-phone.png');

  // A viewer of the workspace sees the choice, with every checkbox disabled and no Save.
  const invited = await request.post(at('/api/invitations'), { data: { role: 'viewer' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const viewer = await browser.newContext({ storageState: SIGNED_OUT });
  const theirs = await viewer.newPage();
  const email = `vi-${Date.now().toString(36)}@viewer.example`;
  await signUpAndSignIn(theirs.request, { email, password: 'a long passphrase', name: 'Vi Viewer' });
  const accepted = await theirs.request.post('/api/invitations/accept', {
    data: { token: ((await invited.json()) as { token: string }).token },
  });
  expect(accepted.status()).toBe(200);
  await theirs.addInitScript((slug) => localStorage.setItem('meetflow.workspace', slug), workspace);
  await theirs.goto(`/outreach/campaigns/${id}`);
  const readOnly = theirs.getByRole('region', { name: 'Sending mailboxes' });
  await expect(readOnly.getByRole('checkbox', { name: /nora\.north@/ })).toBeChecked();
  await expect(readOnly.getByRole('checkbox', { name: /nora\.north@/ })).toBeDisabled();
  await expect(readOnly.getByRole('button', { name: 'Save mailboxes' })).toHaveCount(0);
  await expect(readOnly.getByTestId('sending-mailboxes-read-only')).toContainText('your role here is Viewer');
  await readOnly.screenshot({ path: test.info().outputPath('campaign-mailboxes-viewer.png') });
  await viewer.close();
});
