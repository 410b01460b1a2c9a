import { meetingTookPlaceAt } from '@meetflow/platform/dev/testing/meetings';
import { sendStripeWebhook, signStripeWebhook, stripeEvent } from '@meetflow/platform/dev/testing/stripe-webhooks';
import mongoose from 'mongoose';
import { expectNoViolations } from './axe.ts';
import { test, expect, signUpAndSignIn, SIGNED_OUT, useNewWorkspace, type APIRequestContext } from './fixtures.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const cents = (minor: number) => usd.format(minor / 100);
const CREDITS_MINOR = 10_000;

/** The e2e stack's Stripe (global-setup.ts): stripe-mock's API base and the webhook endpoint's signing secret. */
const STRIPE = JSON.parse(process.env.MEETFLOW_E2E_STRIPE!) as { apiBase: string; webhookSecret: string };

/**
 * What a fresh workspace lacks to be billed, written to the database: the pricing tiers (the platform
 * gives only the default workspace its three at start-up, and no route makes them: copied from there),
 * and the month's pre-paid credits as issuing its pre-pay invoice records them (the billing cycle
 * issues the first pre-pay at the next month's start, through Stripe; billing/cycle.test.ts does so
 * against stripe-mock).
 */
async function seedBilling(workspaceId: string, month: string) {
  const connection = await mongoose.createConnection(process.env.MEETFLOW_E2E_MONGO_URI!).asPromise();
  try {
    const slices = connection.collection('plugin_ppm_pricing_slices');
    const tiers = await slices.find({ workspaceId: 'default' }, { projection: { _id: 0 } }).toArray();
    expect(tiers.map((slice) => slice.sliceId as string)).toContain('volume');
    await slices.insertMany(tiers.map((slice) => ({ ...slice, workspaceId })));
    await connection.collection('billing_credits').insertOne({
      workspaceId,
      key: `prepay:${workspaceId}:${month}`,
      kind: 'prepay',
      amountMinor: CREDITS_MINOR,
      month,
      entryKey: null,
      createdAt: new Date(),
    });
  } finally {
    await connection.close();
  }
}

/** The workspace's Stripe customer, as the platform stored it on the billing account when the setup page was opened. */
async function stripeCustomerOf(workspaceId: string): Promise<string> {
  const connection = await mongoose.createConnection(process.env.MEETFLOW_E2E_MONGO_URI!).asPromise();
  try {
    const account = await connection.collection('billingaccounts').findOne({ workspaceId });
    expect(account?.stripeCustomer).toMatch(/^cus_/);
    return account!.stripeCustomer as string;
  } finally {
    await connection.close();
  }
}

/**
 * A 30-person company's meeting (the Volume slice) in `workspace`, booked through the API and held
 * earlier this month (moved back: no test waits for a slot); answers it, not yet marked.
 */
async function heldMeeting(request: APIRequestContext, workspace: string, monthStart: number): Promise<{ id: string }> {
  const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`;
  const email = `mira-${Date.now().toString(36)}@credits.example`;
  const created = await request.post(at('/api/prospects'), {
    data: { firstName: 'Mira', lastName: 'Holt', email, company: 'Holt Tools', employeeCount: 30 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: prospectId } = (await created.json()) as { id: number };
  const { slots } = (await (await request.get(at('/api/meetings/slots?count=3'))).json()) as { slots: Array<{ start: string }> };
  const booked = await request.post(at('/api/meetings'), {
    data: { prospectId, prospect: { name: 'Mira Holt', email }, scheduledAt: slots[1]!.start },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { meeting } = (await booked.json()) as { meeting: { id: string } };
  // Within this month however early in it the run is: the upcoming invoice is the month's.
  await meetingTookPlaceAt(process.env.MEETFLOW_E2E_MONGO_URI!, meeting.id, Math.min(3_600_000, Math.floor((Date.now() - monthStart) / 2)));
  return meeting;
}

test("the owner connects Stripe (a billing account, a card saved on Stripe's page, charged automatically), and a meeting marked attended is drawn from the credits", async ({
  page,
  browser,
}) => {
  const workspace = await useNewWorkspace(page, `e2e-billing-${Date.now().toString(36)}`);
  const at = (path: string) => `${path}${path.includes('?') ? '&' : '?'}workspace=${workspace}`;
  const monthStart = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1);
  const month = new Date(monthStart).toISOString().slice(0, 7);
  await seedBilling(workspace, month);
  // Booked while the owner fills the form (the booking takes seconds); not attended, it bills nothing yet.
  const held = heldMeeting(page.request, workspace, monthStart);

  // The billing account and its monthly pre-pay, through the form.
  await page.goto('/pricing?tab=billing');
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Billing account' });
  await form.getByLabel('Billing email').fill('ap@credits.example');
  await form.getByLabel('Company (legal name)').fill('Credits Co Ltd');
  await form.getByLabel('Address', { exact: true }).fill('2 Mill Rd');
  await form.getByLabel('City').fill('Leeds');
  await form.getByLabel('Postal code').fill('LS1 1AA');
  await form.getByLabel('Country').fill('GB');
  await form.getByLabel('Payment provider').selectOption('payments-stripe');
  const prepayField = form.getByLabel('Monthly pre-pay');
  // Finer than cents is refused in the form, before anything is sent.
  await prepayField.fill('250.005');
  await form.getByRole('button', { name: 'Save billing account' }).click();
  await expect(prepayField).toHaveAttribute('aria-invalid', 'true');
  await expect(prepayField).toHaveAccessibleDescription('Enter at most two decimals (cents)');
  await expect(prepayField).toBeFocused();
  expect(await (await page.request.get(at('/api/billing/account'))).json()).toEqual({ account: null });
  await prepayField.fill('250');
  await expect(prepayField).not.toHaveAttribute('aria-invalid');
  await form.getByRole('button', { name: 'Save billing account' }).click();
  await expect(page.getByTestId('toast')).toContainText('Billing account saved');
  const { account } = (await (await page.request.get(at('/api/billing/account'))).json()) as { account: Record<string, unknown> };
  expect(account).toMatchObject({ companyName: 'Credits Co Ltd', monthlyPrepayMinor: 25_000, provider: 'payments-stripe' });

  // Add payment method: the platform makes the workspace's Stripe customer and opens Stripe's Checkout in
  // setup mode (its URL from stripe-mock). stripe-mock serves no page, so the navigation there is answered
  // here as Stripe would end it: Stripe posts its signed checkout.session.completed, then sends the browser
  // back to the product's return URL (payment-method.ts paymentMethodReturnUrls).
  const card = page.getByTestId('payment-method');
  await expect(card.getByTestId('payment-method-none')).toBeVisible();
  const stripePages: string[] = [];
  const webhooks: Array<{ status: number; body: unknown }> = [];
  await page.route('https://checkout.stripe.com/**', async (route) => {
    stripePages.push(route.request().url());
    const customer = await stripeCustomerOf(workspace);
    const signedAt = Math.floor(Date.now() / 1000);
    const completed = stripeEvent(
      `evt_e2e_${Date.now().toString(36)}`,
      'checkout.session.completed',
      {
        id: `cs_test_e2e${signedAt}`,
        object: 'checkout.session',
        mode: 'setup',
        status: 'complete',
        customer,
        setup_intent: `seti_e2e${signedAt}`,
      },
      signedAt,
    );
    const delivered = await sendStripeWebhook(
      new URL('/api/billing/webhooks/stripe', page.url()).href,
      signStripeWebhook(completed, STRIPE.webhookSecret, signedAt),
    );
    webhooks.push({ status: delivered.status, body: await delivered.json() });
    await route.fulfill({ status: 302, headers: { location: new URL('/pricing?tab=billing&payment-method=saved', page.url()).href } });
  });
  await card.getByRole('button', { name: 'Add payment method' }).click();
  // Back on the Billing tab from Stripe's page (the toast says so once it has read the return URL).
  await expect(page.getByTestId('toast').filter({ hasText: 'Payment method saved' })).toBeVisible();
  expect(stripePages).toHaveLength(1);
  expect(stripePages[0]).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  expect(webhooks).toEqual([{ status: 200, body: { outcome: 'applied', message: expect.stringContaining('is now the default') } }]);
  await expect(page).toHaveURL((url) => url.pathname === '/pricing' && !url.searchParams.has('payment-method'));
  // stripe-mock's fixture card, read back from Stripe; its invoices are charged to it, not sent.
  await expect(card.getByTestId('payment-method-saved')).toContainText('Visa ending 4242');
  await expect(card.getByTestId('payment-method-collection')).toHaveText(
    'Charged to Visa ending 4242: each invoice is charged automatically when it is issued.',
  );
  await expect(card.getByRole('button', { name: 'Change payment method' })).toBeVisible();

  // A viewer of the workspace reads the saved account, the pre-pay in dollars.
  const invited = await page.request.post(at('/api/invitations'), { data: { role: 'viewer' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const viewer = await browser.newContext({ storageState: SIGNED_OUT });
  const theirs = await viewer.newPage();
  await signUpAndSignIn(theirs.request, {
    email: `vi-${Date.now().toString(36)}@credits.example`,
    password: 'a long passphrase',
    name: 'Vi Viewer',
  });
  const accepted = await theirs.request.post('/api/invitations/accept', {
    data: { token: ((await invited.json()) as { token: string }).token },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await theirs.addInitScript((slug) => localStorage.setItem('meetflow.workspace', slug), workspace);
  await theirs.goto('/pricing?tab=billing');
  await expect(theirs.getByTestId('billing-account-summary')).toContainText('Credits Co Ltd');
  await expect(theirs.getByTestId('billing-account-prepay')).toHaveText('Monthly pre-pay$250.00');
  // They read how invoices are paid, and cannot change the method.
  await expect(theirs.getByTestId('payment-method-collection')).toContainText('Charged to Visa ending 4242');
  await expect(theirs.getByTestId('payment-method-read-only')).toBeVisible();
  await expect(theirs.getByTestId('payment-method').getByRole('button')).toHaveCount(0);
  await viewer.close();

  // Before any meeting: nothing to bill, the whole balance left, nothing drawn.
  await expect(page.getByTestId('upcoming-invoice-empty')).toBeVisible();
  const credits = page.getByTestId('prepaid-credits');
  await expect(credits.getByTestId('credits-balance')).toHaveText(cents(CREDITS_MINOR));
  await expect(credits.getByTestId('credits-drawn')).toHaveText(`${cents(0)}(0 meetings)`);

  const meeting = await held;

  await page.goto('/meetings');
  const past = page.getByRole('list', { name: 'Past meetings' }).getByTestId('meeting');
  await expect(past).toHaveCount(1);
  await past.getByRole('button', { name: 'Mark attended' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  // Marking it runs the meeting plugin and the pricing ledger through the worker: seconds on a loaded machine.
  await expect(page.getByTestId('toast')).toContainText('Meeting with Mira Holt marked attended', { timeout: 15_000 });

  // The Billing tab: the meeting's charge on the upcoming invoice, paid in full from the credits, nothing left to invoice.
  const upcoming = (await (await page.request.get(at('/api/billing/upcoming'))).json()) as {
    lines: Array<{ key: string; amountMinor: number }>;
  };
  const charge = upcoming.lines.find((line) => line.key === `${meeting.id}:charge:1`);
  expect(charge?.amountMinor).toBeGreaterThan(0);
  expect(charge!.amountMinor).toBeLessThan(CREDITS_MINOR);
  await page.goto('/pricing?tab=billing');
  await expect(form.getByLabel('Monthly pre-pay')).toHaveValue('250.00'); // the saved cents, as dollars to edit
  await expect(page.getByTestId(`invoice-line-${meeting.id}:charge:1`)).toContainText('Mira Holt (Holt Tools)');
  await expect(page.getByTestId(`invoice-line-${meeting.id}:charge:1`)).toContainText(cents(charge!.amountMinor));
  await expect(page.getByTestId('upcoming-total')).toHaveText(cents(charge!.amountMinor));
  await expect(credits.getByTestId('credits-drawn')).toHaveText(`${cents(charge!.amountMinor)}(1 meeting)`);
  await expect(credits.getByTestId('credits-due')).toHaveText(cents(0));
  // Drawn at the month's close (billing/cycle.test.ts): until then the balance is what was pre-paid.
  await expect(credits.getByTestId('credits-balance')).toHaveText(cents(CREDITS_MINOR));
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.locator('.loading')).toHaveCount(0); // every card loaded: axe checks the tab as it is read
  await expectNoViolations(page, '/pricing?tab=billing (a meeting drawn from credits, 1280 px)');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload(); // loaded at phone width, as a phone would: the sidebar starts closed
  await expect(credits.getByTestId('credits-drawn')).toHaveText(`${cents(charge!.amountMinor)}(1 meeting)`);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await expect(page.locator('.loading')).toHaveCount(0);
  await expectNoViolations(page, '/pricing?tab=billing (a meeting drawn from credits, 390 px)');
});
