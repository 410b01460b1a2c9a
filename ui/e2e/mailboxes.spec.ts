import { startSmtpSink, type SmtpSink } from '@meetflow/plugin-channel-email-smtp/testing';
import { test, expect, useNewWorkspace } from './fixtures.ts';

// An admin connects a sending mailbox to a real SMTP server on loopback that accepts one login,
// tests it, breaks its password and sees the server's refusal, pauses, resumes and removes it;
// then reads a mailbox's replies over IMAP from a port where nothing listens, and turns that off.
const run = Date.now().toString(36);
const ADDRESS = `ada-${run}@acme.example`;
const PASSWORD = 'correct horse battery staple';

let smtp: SmtpSink;
let smtpPort: number;

test.beforeAll(async () => {
  smtp = await startSmtpSink(ADDRESS, PASSWORD); // accepts that one login, refuses any other
  smtpPort = smtp.port;
});
test.afterAll(async () => {
  await smtp.close();
});

test('add a mailbox, test its connection, see a wrong password refused, pause, resume and remove it', async ({ page }) => {
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  const workspace = await useNewWorkspace(page, `e2e-mailboxes-${run}`);
  await page.goto('/settings/mailboxes');
  await expect(page.getByRole('heading', { name: 'Mailboxes', level: 1 })).toBeVisible();
  const empty = page.getByTestId('mailboxes-empty');
  await expect(empty).toContainText('No sending mailboxes yet');
  await expect(empty).toContainText('5 emails on its first day and 2 more each day after');
  await expect(empty).toContainText('Monday to Friday, 08:00–17:00');

  // Add: the port follows the TLS mode, the login follows the address; the API's 400 lands on its field.
  await empty.getByRole('button', { name: 'Add Mailbox' }).click();
  const form = page.getByRole('dialog', { name: 'Add mailbox' });
  await form.getByLabel('From name').fill('Ada Lane');
  await form.getByLabel('From address').fill(ADDRESS);
  await form.getByLabel('Signature').fill('Ada Lane\nHead of Sales, Acme');
  await form.getByLabel('Host').fill('smtp host');
  await expect(form.getByLabel('Port')).toHaveValue('587');
  await form.getByLabel('TLS mode').selectOption('tls');
  await expect(form.getByLabel('Port')).toHaveValue('465');
  await form.getByLabel('TLS mode').selectOption('none');
  await expect(form.getByLabel('Port')).toHaveValue('25');
  await form.getByLabel('Port').fill(String(smtpPort));
  await expect(form.getByLabel('Username')).toHaveValue(ADDRESS);
  await expect(form.getByLabel('Password')).toHaveAttribute('type', 'password');
  await form.getByLabel('Password').fill(PASSWORD);
  await expect(form.getByLabel('Daily cap')).toHaveValue('30');
  await form.getByRole('button', { name: 'Add Mailbox' }).click();
  await expect(form.getByTestId('error-mailbox-host')).toHaveText('Must be a host name or an IP address');
  await expect(form.getByLabel('Host')).toBeFocused();
  await form.getByLabel('Host').fill('127.0.0.1');
  await form.getByRole('button', { name: 'Add Mailbox' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Mailbox Added');

  const row = page.getByRole('listitem', { name: ADDRESS });
  await expect(row.getByTestId('mailbox-status')).toHaveText('Active');
  await expect(row.getByTestId('mailbox-smtp')).toHaveText(`127.0.0.1:${smtpPort} · No encryption`);
  await expect(row.getByTestId('mailbox-password')).toHaveText('Password stored (encrypted)');
  await expect(row.getByTestId('mailbox-daily-cap')).toHaveText('Daily cap 30');
  await expect(row.getByTestId('mailbox-test-result')).toHaveText('Not tested yet');
  const listed = await page.request.get(`/api/mailboxes?workspace=${workspace}`);
  expect(await listed.text()).not.toContain(PASSWORD);

  // The same address again: the API's 409 shows on the From address.
  await page.getByRole('button', { name: 'Add Mailbox' }).click();
  const again = page.getByRole('dialog', { name: 'Add mailbox' });
  await again.getByLabel('From name').fill('Ada again');
  await again.getByLabel('From address').fill(ADDRESS.toUpperCase());
  await again.getByLabel('Host').fill('127.0.0.1');
  await again.getByLabel('Password').fill(PASSWORD);
  await again.getByRole('button', { name: 'Add Mailbox' }).click();
  await expect(again.getByTestId('error-mailbox-fromAddress')).toContainText(`A mailbox sending from ${ADDRESS} already exists`);
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();

  // Test connection: a spinner while the API answers (held here until seen), then the server accepts the login.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/mailboxes/*/test?*', async (route) => {
    await held;
    await route.continue();
  });
  const testButton = row.getByRole('button', { name: `Test connection of ${ADDRESS}` });
  await testButton.click();
  await expect(row.getByTestId('mailbox-test-result')).toHaveText('Testing connection…');
  await expect(testButton).toBeDisabled();
  answer();
  await expect(row.getByTestId('mailbox-test-result')).toContainText('Connected');
  await page.unrouteAll();

  // Edit: the password field starts empty (the stored one is kept); a wrong one is refused by the server.
  await row.getByRole('button', { name: `Edit ${ADDRESS}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit mailbox' });
  await expect(edit.getByLabel('From address')).toHaveValue(ADDRESS);
  await expect(edit.getByLabel('New password')).toHaveValue('');
  await expect(edit.getByText('Password stored (encrypted). Leave empty to keep it.')).toBeVisible();
  await edit.getByLabel('New password').fill('not the password at all');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Mailbox Saved');
  await testButton.click();
  const refused = row.getByTestId('mailbox-test-result');
  // One classified reason and what to check, never the server's own reply.
  await expect(refused).toContainText('Failed: Authentication failed: check the username and password');
  await expect(refused).not.toContainText('Invalid username or password');
  await expect(refused).not.toContainText('Connected');

  // Another port (or host, or login) takes the password again: the field says so, and the API's 400 lands on it.
  await row.getByRole('button', { name: `Edit ${ADDRESS}` }).click();
  await edit.getByLabel('Port', { exact: true }).fill('2525');
  await expect(edit.getByText('Required: the server, login or TLS protection changed, so enter the password again.')).toBeVisible();
  await expect(edit.getByLabel('New password')).toHaveAttribute('aria-required', 'true');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByTestId('error-mailbox-password')).toHaveText('Enter the password again: the connection settings changed');
  await expect(edit.getByLabel('New password')).toBeFocused();
  await edit.getByLabel('Port', { exact: true }).fill(String(smtpPort));
  await expect(edit.getByText('Password stored (encrypted). Leave empty to keep it.')).toBeVisible();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  // Pause, then resume.
  await row.getByRole('button', { name: `Pause ${ADDRESS}` }).click();
  await expect(row.getByTestId('mailbox-status')).toHaveText('Paused');
  await expect(row.getByTestId('mailbox-paused-reason')).toContainText('Paused: sends nothing until someone resumes it.');
  await expect(page.getByTestId('toast')).toContainText('Mailbox Paused');
  await row.getByRole('button', { name: `Resume ${ADDRESS}` }).click();
  await expect(row.getByTestId('mailbox-status')).toHaveText('Active');
  await expect(row.getByTestId('mailbox-paused-reason')).toHaveCount(0);

  // Remove, after saying yes.
  await row.getByRole('button', { name: `Remove ${ADDRESS}` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${ADDRESS}?` });
  await expect(confirm).toContainText('deletes its settings and stored password');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('mailboxes-empty')).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText('Mailbox Removed');
  expect(crashes).toEqual([]);
});

test('read replies over IMAP: the port follows the TLS mode, a closed port shows its error, turning it off says so', async ({ page }) => {
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  await useNewWorkspace(page, `e2e-mailboxes-imap-${run}`);
  await page.goto('/settings/mailboxes');
  await page.getByTestId('mailboxes-empty').getByRole('button', { name: 'Add Mailbox' }).click();
  const form = page.getByRole('dialog', { name: 'Add mailbox' });
  await form.getByLabel('From name').fill('Ada Lane');
  await form.getByLabel('From address').fill(ADDRESS);
  await form.getByLabel('Host', { exact: true }).fill('127.0.0.1');
  await form.getByLabel('TLS mode', { exact: true }).selectOption('none');
  await form.getByLabel('Port', { exact: true }).fill(String(smtpPort));
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);

  // Off by default, saying what it uses and what happens without it; on, the host is guessed from the SMTP one.
  const imapSwitch = form.getByRole('checkbox', { name: 'Read replies over IMAP' });
  await expect(imapSwitch).not.toBeChecked();
  await expect(form.getByLabel('IMAP host')).toHaveCount(0);
  const imapHint = form.locator('#mailbox-imapOn-note');
  await expect(imapHint).toContainText('logging in with the SMTP username and password');
  await expect(imapHint).toContainText('Without it, replies must be posted to the workspace');
  await imapSwitch.check();
  await expect(form.getByLabel('IMAP host')).toHaveValue('127.0.0.1');
  await expect(form.getByLabel('IMAP port')).toHaveValue('993');
  await form.getByLabel('IMAP TLS mode').selectOption('starttls');
  await expect(form.getByLabel('IMAP port')).toHaveValue('143');
  await form.getByLabel('IMAP TLS mode').selectOption('none');
  await expect(form.getByLabel('IMAP port')).toHaveValue('143');
  await expect(form.getByLabel('Port', { exact: true })).toHaveValue(String(smtpPort));

  // The API's 400 on imap.host lands under the IMAP host.
  await form.getByLabel('IMAP host').fill('imap host');
  await form.getByRole('button', { name: 'Add Mailbox' }).click();
  await expect(form.getByTestId('error-mailbox-imapHost')).toHaveText('Must be a host name or an IP address');
  await expect(form.getByLabel('IMAP host')).toBeFocused();
  await form.getByLabel('IMAP host').fill('127.0.0.1');
  await form.getByLabel('IMAP port').fill('1'); // nothing listens there
  await form.getByRole('button', { name: 'Add Mailbox' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Mailbox Added');

  // Check replies now: the connection is refused, in a toast and on the card.
  const row = page.getByRole('listitem', { name: ADDRESS });
  await expect(row.getByTestId('mailbox-imap')).toHaveText('127.0.0.1:1 · No encryption');
  await row.getByRole('button', { name: `Check replies now for ${ADDRESS}` }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Replies Not Checked');
  await expect(toast).toContainText('Connection refused: nothing answers at that host and port');
  await expect(row.getByTestId('mailbox-replies-error')).toContainText('Replies not read: Connection refused');
  await expect(row.getByTestId('mailbox-replies')).toContainText('Last checked just now');

  // Edit: the section is on with the stored settings; turning it off stops reading replies over IMAP.
  await row.getByRole('button', { name: `Edit ${ADDRESS}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit mailbox' });
  await expect(edit.getByRole('checkbox', { name: 'Read replies over IMAP' })).toBeChecked();
  await expect(edit.getByLabel('IMAP host')).toHaveValue('127.0.0.1');
  await expect(edit.getByLabel('IMAP port')).toHaveValue('1');
  await expect(edit.getByLabel('IMAP TLS mode')).toHaveValue('none');
  await edit.getByRole('checkbox', { name: 'Read replies over IMAP' }).uncheck();
  await expect(edit.getByLabel('IMAP host')).toHaveCount(0);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Mailbox Saved');
  await expect(row.getByTestId('mailbox-replies')).toHaveText('Replies not read over IMAP');
  await expect(row.getByTestId('mailbox-imap')).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Check replies now for ${ADDRESS}` })).toHaveCount(0);
  expect(crashes).toEqual([]);
});
