import { meetingTookPlaceAt } from '@meetflow/platform/dev/testing/meetings';
import mongoose from 'mongoose';
import { test, expect, type Page, useNewWorkspace } from './fixtures.ts';

interface Slice {
  sliceId: string;
  sliceName: string;
  qualityScore: number;
  ppm: number;
  pm: number;
  floor: number;
  isActive: boolean;
}
interface Ledger {
  meetingsCharged: number;
  total: number;
  averagePpm: number;
  noShows: number;
  byMonth: Array<{ month: string }>;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const slicesOf = async (request: Page['request'], workspace = 'default') =>
  (await (await request.get(`/api/pricing/slices?workspace=${workspace}`)).json()) as Slice[];

test('a fresh workspace: the tabs, and empty states instead of example figures', async ({ page }) => {
  await useNewWorkspace(page, `e2e-pricing-${Date.now().toString(36)}`);
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'PPM Marketplace', level: 1 })).toBeVisible();
  await expect(page.getByText('Dynamic pricing for guaranteed meetings with your Ideal Customer Profile segments')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Marketplace', 'Analytics', 'Billing']);
  await expect(page.getByRole('tab', { name: 'Marketplace' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('slices-empty')).toBeVisible();
  for (const tab of ['Analytics', 'Billing']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('ledger-empty')).toContainText('No attended meetings yet');
  }
  await expect(page.getByText('5,992.50')).toHaveCount(0);
});

test('slices as the API prices them; a saved bid turns a slice Active at its new price; a bad value keeps the dialog open', async ({
  page,
  request,
}) => {
  await page.goto('/pricing');
  const slices = await slicesOf(request);
  expect(slices.length).toBeGreaterThan(0);
  for (const slice of slices) {
    const card = page.getByTestId(`slice-${slice.sliceId}`);
    await expect(card).toContainText(slice.sliceName);
    await expect(card.getByTestId('slice-price')).toHaveText(`$${slice.ppm.toFixed(2)}`);
    await expect(card.getByTestId('slice-probability')).toHaveText(`${(slice.pm * 100).toFixed(1)}%`);
    await expect(card.getByTestId('stars')).toHaveAttribute('data-filled', String(Math.round(slice.qualityScore * 5)));
    await expect(card.getByTestId('slice-state')).toHaveText(slice.isActive ? 'Active' : 'Inactive');
  }
  const target = slices.find((slice) => !slice.isActive) ?? slices[0]!;
  const card = page.getByTestId(`slice-${target.sliceId}`);
  await card.getByRole('button', { name: 'Configure' }).click();
  const dialog = page.getByRole('dialog');
  const slider = dialog.getByRole('slider', { name: 'Base bid multiplier' });
  await expect(slider).toHaveAttribute('min', '0.5');
  await expect(slider).toHaveAttribute('max', '3');
  await expect(slider).toHaveAttribute('step', '0.1');
  const meetings = dialog.getByLabel('Max daily meetings');
  await expect(meetings).toHaveAttribute('min', '1');
  await expect(meetings).toHaveAttribute('max', '50');
  await expect(dialog.getByLabel('Daily budget cap ($)')).toHaveAttribute('step', '10');
  // The buyer reads prices and what they mean; the formula waits behind "How is this computed?".
  const price = (await dialog.getByTestId('preview-price').textContent())!;
  expect(price).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  await expect(dialog.getByTestId('price-meaning')).toContainText(
    `Each meeting in this slice that takes place is charged the slice’s price when it is marked attended: ${price} today. A no-show costs nothing.`,
  );
  await expect(dialog.getByTestId('price-range')).toContainText(`$${target.floor.toFixed(2)}`);
  const perDay = Number(await meetings.inputValue());
  const dayCost = Math.round(Number(price.replace(/[$,]/g, '')) * perDay * 100) / 100;
  const budget = dialog.getByLabel('Daily budget cap ($)');
  await expect(dialog.getByTestId('price-per-day')).toHaveText(
    `${perDay} meeting${perDay === 1 ? '' : 's'} a day at this price: ${usd.format(dayCost)} a day.`,
  );
  // A day of meetings the budget cap would not cover says so.
  await budget.fill('10');
  await expect(dialog.getByTestId('price-per-day')).toHaveText(
    `${perDay} meeting${perDay === 1 ? '' : 's'} a day at this price: ${usd.format(dayCost)} a day, more than your daily budget cap of $10.00.`,
  );
  await budget.fill('500');
  const formula = dialog.getByTestId('preview-formula');
  await expect(formula).toBeHidden();
  for (const shown of [await dialog.innerText(), await dialog.getByTestId('price-preview').innerText()]) {
    expect(shown).not.toContain('÷');
    expect(shown).not.toContain('quality 0.');
  }
  await dialog.getByText('How is this computed?').click();
  await expect(formula).toBeVisible();
  await expect(formula).toContainText(`÷ meeting probability ${target.pm.toFixed(3)}`);
  await screenshot(page, 'pricing-dialog');

  const before = await dialog.getByTestId('preview-price').textContent();
  await slider.focus();
  for (let step = 0; step < 5; step++) await slider.press('ArrowRight'); // 1.0 → 1.5
  await expect(slider).toHaveValue('1.5');
  await expect(dialog.getByTestId('preview-price')).not.toHaveText(before!);
  const previewed = await dialog.getByTestId('preview-price').textContent();
  await expect(dialog.getByTestId('price-meaning')).toContainText(`${previewed} today`);

  await meetings.fill('80');
  await dialog.getByRole('button', { name: 'Save Bid' }).click();
  await expect(dialog.getByTestId('bid-error')).toContainText('maxDailyMeetings');
  await expect(dialog).toBeVisible();

  await meetings.fill('8');
  await dialog.getByLabel('Enable bidding').check();
  await dialog.getByRole('button', { name: 'Save Bid' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Bid Saved');
  const after = (await slicesOf(request)).find((slice) => slice.sliceId === target.sliceId)!;
  expect(after.isActive).toBe(true);
  expect(`$${after.ppm.toFixed(2)}`).toBe(previewed);
  await expect(card.getByTestId('slice-state')).toHaveText('Active');
  await expect(card.getByTestId('slice-price')).toHaveText(`$${after.ppm.toFixed(2)}`);
  await screenshot(page, 'pricing-marketplace');
});

test('Analytics and Billing show the ledger after a meeting is attended', async ({ page, request }) => {
  // A 30-person company's meeting is priced in the default workspace's Volume slice.
  const email = `lena-${Date.now().toString(36)}@ledger.example`;
  const created = await request.post('/api/prospects', {
    data: { firstName: 'Lena', lastName: 'Ortiz', email, company: 'Ledger Co', employeeCount: 30 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: prospectId } = (await created.json()) as { id: number };
  const volume = (await slicesOf(request)).find((slice) => slice.sliceId === 'volume')!;
  const { slots } = (await (await request.get('/api/meetings/slots?count=3')).json()) as { slots: Array<{ start: string }> };
  const booked = await request.post('/api/meetings', {
    data: { prospectId, prospect: { name: 'Lena Ortiz', email }, scheduledAt: slots[2]!.start },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { meeting } = (await booked.json()) as { meeting: { id: string } };
  // Attendance is marked once a meeting has started: its time has come (moved an hour back).
  const heldAt = await meetingTookPlaceAt(process.env.MEETFLOW_E2E_MONGO_URI!, meeting.id);
  expect((await request.post(`/api/meetings/${meeting.id}/outcome`, { data: { outcome: 'completed' } })).status()).toBe(200);

  const ledger = (await (await request.get('/api/pricing/ledger')).json()) as Ledger & {
    bySlice: Array<{ sliceId: string; total: number }>;
  };
  expect(ledger.meetingsCharged).toBeGreaterThanOrEqual(1);
  expect(ledger.bySlice.find((row) => row.sliceId === 'volume')?.total).toBeGreaterThanOrEqual(volume.ppm);

  await page.goto('/pricing');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByTestId('ledger-average')).toHaveText(`$${ledger.averagePpm.toFixed(2)}`);
  await expect(page.getByTestId('ledger-charged')).toHaveText(String(ledger.meetingsCharged));
  await expect(page.getByTestId('ledger-no-shows')).toHaveText(String(ledger.noShows));
  await screenshot(page, 'pricing-analytics');
  await page.getByRole('tab', { name: 'Billing' }).click();
  const month = new Date(heldAt).toISOString().slice(0, 7);
  await expect(page.getByTestId(`billing-${month}`)).toBeVisible();
  await expect(page.getByTestId('billing-total')).toHaveText(
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(ledger.total),
  );
  // The upcoming invoice cites the meeting (held an hour ago: this month's, unless the month has just begun).
  if (month === new Date().toISOString().slice(0, 7))
    await expect(page.getByTestId(`invoice-line-${meeting.id}:charge:1`)).toContainText('Lena Ortiz (Ledger Co)');
  // An owner saves the billing account; a bad country is named beside its field.
  const account = page.getByRole('form', { name: 'Billing account' });
  await account.getByLabel('Billing email').fill('billing@ledger.example');
  await account.getByLabel('Company (legal name)').fill('Ledger Co LLC');
  await account.getByLabel('Address', { exact: true }).fill('1 Main St');
  await account.getByLabel('City').fill('Austin');
  await account.getByLabel('Postal code').fill('78701');
  await account.getByLabel('Country').fill('ZZ');
  await account.getByRole('button', { name: 'Save billing account' }).click();
  await expect(account.locator('#billing-country-note')).toContainText('not an ISO 3166-1 country code');
  await account.getByLabel('Country').fill('US');
  await account.getByRole('button', { name: 'Save billing account' }).click();
  await expect(page.getByTestId('toast')).toContainText('Billing account saved');
  expect(await (await request.get('/api/billing/account')).json()).toMatchObject({ account: { companyName: 'Ledger Co LLC' } });
  await screenshot(page, 'pricing-billing');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('pricing-billing-phone.png'), fullPage: true });
});

/**
 * A month's invoice as issued through Stripe, written straight to the database: this server has no
 * Stripe account (billing/invoices.test.ts issues through stripe-mock), and the list only reads what is stored.
 */
async function storeIssuedInvoice(workspaceId: string, month: string) {
  const connection = await mongoose.createConnection(process.env.MEETFLOW_E2E_MONGO_URI!).asPromise();
  const meeting = new mongoose.Types.ObjectId().toHexString();
  try {
    await connection.collection('billing_invoices').insertOne({
      workspaceId,
      month,
      kind: 'usage',
      provider: 'payments-stripe',
      externalId: `invoice:${workspaceId}:${month}`,
      status: 'open',
      currency: 'USD',
      lines: [
        {
          key: `${meeting}:charge:1`,
          kind: 'charge',
          meetingId: meeting,
          description: 'Attended meeting, standard slice',
          amountMinor: 12_000,
        },
        {
          key: `${meeting}:credit:1`,
          kind: 'credit',
          meetingId: meeting,
          description: 'Credit: corrected to a no-show',
          amountMinor: -5_517,
        },
      ],
      subtotalMinor: 12_000,
      creditsMinor: -5_517,
      totalMinor: 6_483,
      customer: 'cus_e2e',
      invoice: 'in_e2e',
      number: 'MF-E2E-1',
      hostedUrl: 'https://invoice.stripe.com/i/e2e',
      pdfUrl: 'https://pay.stripe.com/invoice/e2e/pdf',
      creditNotes: [],
      issuedBy: 'e2e',
      issuedAt: new Date(),
      createdAt: new Date(),
      updatedAt: new Date(),
    });
  } finally {
    await connection.close();
  }
  return meeting;
}

test("Billing lists the issued invoices: status, total, Stripe's pages in a new tab, a credit line negative; Add payment method opens Stripe's page", async ({
  page,
}) => {
  const workspace = await useNewWorkspace(page, `e2e-invoices-${Date.now().toString(36)}`);
  await page.goto('/pricing?tab=billing');
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('invoices-empty')).toContainText('No invoices yet');
  const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  const meeting = await storeIssuedInvoice(workspace, month);
  await page.reload();
  const row = page.getByTestId(`invoice-${month}-usage`);
  await expect(row.getByTestId(`invoice-${month}-usage-status`)).toHaveText('Open');
  await expect(row.getByTestId(`invoice-${month}-usage-total`)).toHaveText('$64.83');
  await expect(row).toContainText('MF-E2E-1');
  for (const [link, url] of [
    ['hosted', 'https://invoice.stripe.com/i/e2e'],
    ['pdf', 'https://pay.stripe.com/invoice/e2e/pdf'],
  ] as const) {
    await expect(row.getByTestId(`invoice-${month}-usage-${link}`)).toHaveAttribute('href', url);
    await expect(row.getByTestId(`invoice-${month}-usage-${link}`)).toHaveAttribute('target', '_blank');
  }
  await row.getByRole('button', { expanded: false }).click();
  await expect(page.getByTestId(`issued-line-${meeting}:charge:1`)).toContainText('$120.00');
  await expect(page.getByTestId(`issued-line-${meeting}:credit:1`)).toContainText('-$55.17');
  // Adding a payment method: first the billing account it is made out to (without one, the card says so).
  // (A server without a Stripe key answers 503 naming MEETFLOW_STRIPE_SECRET_KEY: billing/payment-method.test.ts.)
  const card = page.getByTestId('payment-method');
  await expect(card.getByTestId('payment-method-none')).toBeVisible();
  await expect(card.getByTestId('payment-method-none')).toContainText("invoices are sent to be paid on Stripe's page");
  await card.getByRole('button', { name: 'Add payment method' }).click();
  await expect(card.getByRole('alert')).toContainText('no billing account: save one');
  const account = {
    billingEmail: 'ap@invoices.example',
    companyName: 'Invoices Ltd',
    address: { line1: '1 Main St', city: 'Austin', postalCode: '78701', country: 'US' },
  };
  expect((await page.request.put(`/api/billing/account?workspace=${workspace}`, { data: account })).status()).toBe(200);
  // With one, the browser goes to Stripe's Checkout page (stripe-mock's URL: it serves no page, so the
  // navigation is answered here as a person leaving it unsaved would end it: back to the Billing tab, cancelled).
  const stripePages: string[] = [];
  await page.route('https://checkout.stripe.com/**', async (route) => {
    stripePages.push(route.request().url());
    await route.fulfill({ status: 302, headers: { location: new URL('/pricing?tab=billing&payment-method=cancelled', page.url()).href } });
  });
  await card.getByRole('button', { name: 'Add payment method' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'No payment method was saved' })).toBeVisible();
  expect(stripePages).toEqual([expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//)]);
  // The workspace has a Stripe customer now, and stripe-mock (which keeps no state) lists its fixture card
  // for every customer: the tab shows what Stripe answers, a card no completed setup made the default.
  await expect(card.getByTestId('payment-method-saved')).toContainText('Visa ending 4242');
  await expect(card.getByTestId('payment-method-collection')).toHaveText(
    "Paid on Stripe's page: each invoice is emailed to your billing address.",
  );
  await expect(card.getByRole('alert')).toHaveCount(0);
});

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
}
