import { test, expect, SIGNED_OUT, useNewWorkspace, type Page, signUpAndSignIn } from './fixtures.ts';

/** Counts the PUTs to /api/offer the page sends, to show a refused form sent nothing. */
function countOfferSaves(page: Page): () => number {
  let saves = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/offer') saves++;
  });
  return () => saves;
}

test('a new workspace is told to describe its offer; a bad URL is refused on the page; a fixed offer is saved and reloads', async ({
  page,
  request,
}) => {
  const workspace = await useNewWorkspace(page, `e2e-offer-${Date.now().toString(36)}`);
  const saves = countOfferSaves(page);
  await page.goto('/agents');
  const section = page.getByRole('region', { name: 'Company & offer' });
  await expect(section.getByTestId('offer-missing')).toContainText('Tell Meetflow what you sell');

  await section.getByLabel('Company name').fill('Acme Analytics');
  await section.getByLabel('Website').fill('not a url');
  await section.getByLabel('What you sell, in one line').fill('books qualified sales meetings with your ideal customers');
  await section.getByRole('textbox', { name: "Value proposition 1 Buyer's problem" }).fill('manual prospect research');
  await section.getByRole('textbox', { name: 'Value proposition 1 What changes (…so)' }).fill('your reps only talk to accounts that fit');
  await section.getByRole('textbox', { name: "Value proposition 2 Buyer's problem" }).fill('SDR ramp time');
  await section
    .getByRole('textbox', { name: 'Value proposition 2 What changes (…so)' })
    .fill('new reps book meetings in their first month');
  await section.getByRole('button', { name: 'Add proof point' }).click();
  await section.getByRole('textbox', { name: 'Proof point 1 The sentence to send' }).fill('Kestrel cut SDR ramp time from 6 months to 3.');
  await section.getByRole('textbox', { name: 'Proof point 1 Customer' }).fill('Kestrel');
  await section.getByLabel('Buyer titles').fill('VP of Sales, Head of Revenue Operations');
  await section.getByLabel('Formal').check();
  await section.getByLabel('Meeting length').fill('20');
  await section.getByLabel('Sender name').fill('Dana Reyes');
  await section.getByLabel('Sender title').fill('Head of Growth');
  await expect(section.getByTestId('offer-preview-pitch')).toHaveText(
    'Acme Analytics books qualified sales meetings with your ideal customers.',
  );
  await expect(section.getByTestId('offer-preview-sign-off')).toContainText('Dana Reyes, Head of Growth');

  await section.getByRole('button', { name: 'Save Offer' }).click();
  await expect(section.getByTestId('offer-error-website')).toHaveText('Enter a full web address, like https://acme.com');
  await expect(section.getByLabel('Website')).toBeFocused();
  await expect(section.getByLabel('Company name')).toHaveValue('Acme Analytics'); // nothing typed is lost
  expect(saves(), 'a refused form sends nothing').toBe(0);

  await section.getByLabel('Website').fill('https://acme.example/');
  await expect(section.getByTestId('offer-error-website')).toHaveCount(0);
  await section.getByRole('button', { name: 'Save Offer' }).click();
  await expect(page.getByTestId('toast')).toContainText('Offer Saved');
  expect(saves()).toBe(1);

  await page.reload();
  await expect(section.getByLabel('Company name')).toHaveValue('Acme Analytics');
  await expect(section.getByTestId('offer-missing')).toHaveCount(0);
  await expect(section.getByLabel('Website')).toHaveValue('https://acme.example/');
  await expect(section.getByRole('textbox', { name: "Value proposition 2 Buyer's problem" })).toHaveValue('SDR ramp time');
  await expect(section.getByRole('textbox', { name: 'Proof point 1 Customer' })).toHaveValue('Kestrel');
  await expect(section.getByLabel('Formal')).toBeChecked();
  await expect(section.getByTestId('offer-title-chips').getByRole('listitem')).toHaveText(['VP of Sales', 'Head of Revenue Operations']);

  const stored = await request.get(`/api/offer?workspace=${workspace}`);
  expect(stored.status()).toBe(200);
  expect(await stored.json()).toEqual({
    offer: {
      companyName: 'Acme Analytics',
      website: 'https://acme.example/',
      oneLiner: 'books qualified sales meetings with your ideal customers',
      valueProps: [
        { pain: 'manual prospect research', value: 'your reps only talk to accounts that fit' },
        { pain: 'SDR ramp time', value: 'new reps book meetings in their first month' },
      ],
      proofPoints: [{ text: 'Kestrel cut SDR ramp time from 6 months to 3.', customer: 'Kestrel' }],
      personas: { titles: ['VP of Sales', 'Head of Revenue Operations'] },
      tone: 'formal',
      callToAction: { meetingMinutes: 20 },
      senderName: 'Dana Reyes',
      senderTitle: 'Head of Growth',
    },
  });
});

test('a viewer sees the offer but cannot save it', async ({ page, browser, request }) => {
  const workspace = await useNewWorkspace(page, `e2e-offer-viewer-${Date.now().toString(36)}`);
  const offer = {
    companyName: 'Viewed Co',
    oneLiner: 'makes reports people read',
    valueProps: [
      { pain: 'unread reports', value: 'your board reads every page' },
      { pain: 'late numbers', value: 'the numbers arrive on Monday' },
    ],
    personas: { titles: ['CFO'] },
    callToAction: { meetingMinutes: 15 },
    senderName: 'Owen Owner',
  };
  expect((await request.put(`/api/offer?workspace=${workspace}`, { data: offer })).status()).toBe(200);
  const invited = await request.post(`/api/invitations?workspace=${workspace}`, { data: { role: 'viewer' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const { token } = (await invited.json()) as { token: string };

  const viewer = await browser.newContext({ storageState: SIGNED_OUT });
  const theirs = await viewer.newPage();
  const email = `vic-${Date.now().toString(36)}@viewer.example`;
  await signUpAndSignIn(theirs.request, { email, password: 'a long passphrase', name: 'Vic Viewer' });
  expect((await theirs.request.post('/api/invitations/accept', { data: { token } })).status()).toBe(200);
  await theirs.addInitScript((slug) => localStorage.setItem('meetflow.workspace', slug), workspace);
  await theirs.goto('/agents');
  const section = theirs.getByRole('region', { name: 'Company & offer' });
  await expect(section.getByLabel('Company name')).toHaveValue('Viewed Co');
  const save = section.getByRole('button', { name: 'Save Offer' });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAttribute('title', 'Only admins and owners can change the offer');
  await expect(section.getByTestId('offer-read-only')).toContainText('your role here is Viewer');
  // And the API agrees, whatever the page shows.
  expect((await theirs.request.put(`/api/offer?workspace=${workspace}`, { data: offer })).status()).toBe(403);
  await viewer.close();
});

test("the seeded default workspace's offer is marked as sample data", async ({ page, request }) => {
  test.setTimeout(240_000);
  // The first start's seed saves it in the background (looked at again until it has); this spec only reads it.
  await expect(async () => {
    const { offer } = (await (await request.get('/api/offer?workspace=default')).json()) as { offer: { sample?: boolean } | null };
    expect(offer?.sample).toBe(true);
  }).toPass({ timeout: 180_000, intervals: [2_000] });
  await page.goto('/agents');
  const section = page.getByRole('region', { name: 'Company & offer' });
  await expect(section.getByTestId('offer-sample-badge')).toHaveText('Sample');
  await expect(section.getByTestId('offer-sample-note')).toContainText('saving makes the offer yours');
  await expect(section.getByTestId('offer-missing')).toHaveCount(0);
});

test('each pain and value shows, as it is typed, the sentence an email would make of it', async ({ page }) => {
  await useNewWorkspace(page, `e2e-offer-sentence-${Date.now().toString(36)}`);
  await page.goto('/agents');
  const section = page.getByRole('region', { name: 'Company & offer' });
  await section.getByLabel('Company name').fill('Tallyline');
  const pain = section.getByRole('textbox', { name: "Value proposition 1 Buyer's problem" });
  const value = section.getByRole('textbox', { name: 'Value proposition 1 What changes (…so)' });
  await expect(section.getByTestId('offer-example-valueProps.0.pain')).toHaveCount(0); // nothing typed, nothing shown

  // Issue #32's phrasings: a clause stays a clause, a verb phrase gets its subject, never "makes month-end close takes too long".
  await pain.fill('month-end close takes too long');
  await expect(section.getByTestId('offer-example-valueProps.0.pain')).toHaveText(
    'In an email: Most teams I speak with tell me that month-end close takes too long.',
  );
  await expect(pain).toHaveAccessibleDescription(/Most teams I speak with tell me that month-end close takes too long\./);
  await value.fill('closes the books in three days instead of ten');
  await expect(section.getByTestId('offer-example-valueProps.0.value')).toHaveText(
    'In an email: With Tallyline, your team can close the books in three days instead of ten.',
  );
  // A noun phrase is placed where a noun belongs; the sentence follows each edit.
  await pain.fill('manual invoice matching');
  await expect(section.getByTestId('offer-example-valueProps.0.pain')).toHaveText(
    "In an email: I'm guessing that manual invoice matching lands on your desk more often than you'd like.",
  );
  // Something no email can hold is said to be left out, not forced into a sentence.
  await pain.fill('closes the books faster');
  await expect(section.getByTestId('offer-example-valueProps.0.pain')).toContainText('left out');
});
