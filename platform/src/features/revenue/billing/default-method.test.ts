import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBilling, intoMonth, monthBack, startBillingTestbed, type BillingTestbed } from '../../../../dev/testing/billing-testbed.ts';
import type { TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { memberToken } from '../../../../dev/testing/principal.ts';
import type { RecordedStripeRequest, StripeRecorder } from '../../../../dev/testing/stripe-recorder.ts';
import { signStripeWebhook, stripeEvent } from '../../../../dev/testing/stripe-webhooks.ts';
import type { PluginApiDeps } from '../../runs/services.ts';
import { ensureDefaultSlices } from '../pricing/default-slices.ts';
import type { IssuedInvoiceView } from './api-schemas.ts';
import { billingDefaultMethodModel } from './default-method.ts';
import { billingWebhookLogModel } from './model.ts';

// A completed setup on Stripe's page makes the saved method the default its workspace's invoices
// are charged to: Stripe's signed webhook against the billing routes, the real Stripe plugin against
// a real stripe-mock behind the recorder. stripe-mock keeps no state, so what is checked is what
// Meetflow sent Stripe (the customer's default, the invoice's collection method, the order of the
// charge and the credit notes) and what it stored. The workspaces are this file's own.

type Who = 'carded' | 'plain' | 'viewer';

const SECRET = 'whsec_meetflow_default_method';
const billedMonth = monthBack(2);

let bed: BillingTestbed;
let recorder: StripeRecorder;
let stack: TestPipelineWorker;
let deps: PluginApiDeps;
let server: { url: string };
const tokens = {} as Record<Who, string>;
const workspaceOf: Record<Who, string> = { carded: 'carded-default', plain: 'plain-default', viewer: 'carded-default' };

const call = async (as: Who, method: string, path: string, body?: unknown) => {
  const answer = await callBilling(server, tokens[as], method, path, { body, workspace: workspaceOf[as] });
  return { ...answer, json: () => answer.json() as Record<string, unknown> };
};
const sent = (method: string, path: RegExp): RecordedStripeRequest[] => bed.sent(method, path);
const customerOf = async (workspaceId: string) =>
  (await stack.database.collection('billingaccounts').findOne({ workspaceId }))?.stripeCustomer as string;

let eventSeq = 0;
/** Posts a Stripe event about `object`, signed now as Stripe signs it; `id` repeats a delivery. */
async function deliver(type: string, object: Record<string, unknown>, id = `evt_default_${++eventSeq}`) {
  const signedAt = Math.floor(Date.now() / 1000);
  const webhook = signStripeWebhook(stripeEvent(id, type, object, signedAt), SECRET, signedAt);
  const response = await fetch(`${server.url}/api/billing/webhooks/stripe`, {
    method: 'POST',
    headers: webhook.headers,
    body: webhook.rawBody,
  });
  const text = await response.text();
  return { id, status: response.status, text, json: () => JSON.parse(text) as { outcome: string; message: string } };
}
const setupCompleted = (customer: string, setupIntent: string) => ({
  id: `cs_test_${setupIntent}`,
  object: 'checkout.session',
  mode: 'setup',
  status: 'complete',
  customer,
  setup_intent: setupIntent,
});

const account = (name: string) => ({
  billingEmail: `ap@${name}.example`,
  companyName: `${name} Ltd`,
  address: { line1: '2 Quay St', city: 'Cork', postalCode: 'T12', country: 'IE' },
  currency: 'USD',
});

/** Books one meeting of the workspace in the billed month and reports its outcomes. */
const meeting = (workspaceId: string, n: number, outcomes: Array<'completed' | 'no-show'>) =>
  bed.meeting(
    workspaceId,
    { firstName: `Dee${n}`, lastName: 'Fault', company: `Fault ${n} Ltd`, email: `dee${n}@fault${n}.example`, employeeCount: 120 },
    intoMonth(2, n + 1, 9),
    outcomes,
  );

beforeAll(async () => {
  bed = await startBillingTestbed('billing-default-method', { payments: ['stripe'] });
  ({ stack, deps } = bed);
  recorder = bed.recorder!;
  server = await bed.serve({
    stripeSecretKey: bed.stripeMock!.secretKey,
    stripeWebhookSecret: SECRET,
    publicUrl: 'https://meetflow.acme.example',
  });
  tokens.carded = await memberToken(stack.db, workspaceOf.carded, 'owner');
  tokens.plain = await memberToken(stack.db, workspaceOf.plain, 'owner');
  tokens.viewer = await memberToken(stack.db, workspaceOf.viewer, 'viewer');
  for (const workspaceId of [workspaceOf.carded, workspaceOf.plain]) await ensureDefaultSlices(deps, workspaceId);
});
afterAll(async () => {
  await bed?.stop();
});

describe("a completed setup on Stripe's page", () => {
  it("makes the saved method the workspace's customer's invoice default, once; a customer of no workspace is ignored", async () => {
    expect((await call('carded', 'PUT', '/api/billing/account', account('carded'))).status).toBe(200);
    expect((await call('carded', 'POST', '/api/billing/payment-method/setup')).status).toBe(200);
    const customer = await customerOf(workspaceOf.carded);
    expect(customer).toMatch(/^cus_/);
    expect((await call('viewer', 'GET', '/api/billing/payment-method')).json().collection).toBe('send');

    // Stripe's setup-mode Checkout names its SetupIntent; the SetupIntent names the method (state stripe-mock does not keep).
    recorder.patchNext(/^\/v1\/setup_intents\/seti_carded$/, { customer, payment_method: 'pm_carded', status: 'succeeded' });
    const before = recorder.requests.length;
    const completed = await deliver('checkout.session.completed', setupCompleted(customer, 'seti_carded'));
    expect([completed.status, completed.json()]).toEqual([
      200,
      { outcome: 'applied', message: expect.stringContaining('pm_carded is now the default') },
    ]);
    expect(recorder.requests.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/setup_intents/seti_carded',
      `POST /v1/customers/${customer}`,
    ]);
    expect(Object.fromEntries(sent('POST', new RegExp(`^/v1/customers/${customer}$`)).at(-1)!.form)).toEqual({
      'invoice_settings[default_payment_method]': 'pm_carded',
    });
    const stored = await billingDefaultMethodModel(stack.database)
      .find({}, { _id: 0, workspaceId: 1, customer: 1, paymentMethod: 1 }, ACROSS_WORKSPACES)
      .lean();
    expect(stored).toEqual([{ workspaceId: workspaceOf.carded, customer, paymentMethod: 'pm_carded' }]);
    // Every member now reads that invoices are charged to it.
    expect((await call('viewer', 'GET', '/api/billing/payment-method')).json().collection).toBe('charge');

    // Stripe delivers it again: refused as a replay, nothing sent to Stripe, nothing stored twice.
    const requests = recorder.requests.length;
    const again = await deliver('checkout.session.completed', setupCompleted(customer, 'seti_carded'), completed.id);
    expect([again.status, again.json().outcome]).toEqual([200, 'replayed']);
    expect(recorder.requests).toHaveLength(requests);
    expect(await billingDefaultMethodModel(stack.database).countDocuments({}, ACROSS_WORKSPACES)).toBe(1);

    // A customer that is no workspace's (whatever else the payload says): logged ignored, Stripe not called.
    const stranger = await deliver('checkout.session.completed', {
      ...setupCompleted('cus_nobody', 'seti_x'),
      metadata: { workspace: workspaceOf.carded },
    });
    expect([stranger.status, stranger.json()]).toEqual([
      200,
      { outcome: 'ignored', message: "checkout.session.completed names the customer cus_nobody, which is no workspace's: nothing done" },
    ]);
    expect(recorder.requests).toHaveLength(requests);
    const log = await billingWebhookLogModel(stack.database)
      .find(
        { eventId: { $in: [completed.id, stranger.id] } },
        { _id: 0, eventId: 1, outcome: 1, workspaceId: 1, refusal: 1 },
        ACROSS_WORKSPACES,
      )
      .sort({ _id: 1 })
      .lean();
    expect(log).toEqual([
      { eventId: completed.id, outcome: 'applied', workspaceId: workspaceOf.carded, refusal: null },
      { eventId: completed.id, outcome: 'refused', workspaceId: null, refusal: 'replayed' },
      { eventId: stranger.id, outcome: 'ignored', workspaceId: null, refusal: null },
    ]);

    // A setup another customer made (Stripe's SetupIntent says whose): refused for good, acknowledged so Stripe stops, nothing set.
    recorder.patchNext(/^\/v1\/setup_intents\/seti_foreign$/, { customer: 'cus_someone_else', payment_method: 'pm_foreign' });
    const foreign = await deliver('checkout.session.completed', setupCompleted(customer, 'seti_foreign'));
    expect([foreign.status, foreign.json()]).toEqual([
      200,
      { outcome: 'ignored', message: expect.stringContaining("the setup seti_foreign is another customer's") },
    ]);
    expect(sent('POST', new RegExp(`^/v1/customers/${customer}$`))).toHaveLength(1);

    // A SetupIntent event names the method itself; Stripe down answers 503 and forgets it, so Stripe's next delivery sets it.
    const intent = { id: 'seti_second', object: 'setup_intent', status: 'succeeded', customer, payment_method: 'pm_second' };
    recorder.failNext({ status: 500, error: { type: 'api_error', message: 'An unknown error occurred' } }, 1, /^\/v1\/customers\//);
    const down = await deliver('setup_intent.succeeded', intent);
    expect(down.status).toBe(503);
    const retried = await deliver('setup_intent.succeeded', intent, down.id);
    expect([retried.status, retried.json().outcome]).toEqual([200, 'applied']);
    expect(
      sent('POST', new RegExp(`^/v1/customers/${customer}$`)).map((request) =>
        request.form.get('invoice_settings[default_payment_method]'),
      ),
    ).toEqual(['pm_carded', 'pm_second', 'pm_second']);
    expect(sent('GET', /^\/v1\/setup_intents\/seti_second$/)).toEqual([]);
    expect((await billingDefaultMethodModel(stack.database).findOne({ workspaceId: workspaceOf.carded }).lean())?.paymentMethod).toBe(
      'pm_second',
    );
  });
});

describe('an issued invoice', () => {
  it('is charged to the default automatically, after its credit notes, when the customer has one; otherwise it is sent', async () => {
    // The carded workspace (its default set above): one attended meeting, one attended then corrected to a no-show.
    await meeting(workspaceOf.carded, 1, ['completed']);
    await meeting(workspaceOf.carded, 2, ['completed', 'no-show']);
    recorder.requests.length = 0;
    // The state stripe-mock does not keep: a draft to be charged, then open, then paid by the charge.
    recorder.patchNext(/^\/v1\/invoices\/[^/]+$/, { status: 'draft', collection_method: 'charge_automatically' });
    recorder.patchNext(/^\/v1\/invoices\/[^/]+$/, { status: 'open', collection_method: 'charge_automatically' }, 3);
    recorder.patchNext(/\/finalize$/, { status: 'open', collection_method: 'charge_automatically', number: 'MF-CARD' });
    recorder.patchNext(/\/pay$/, { status: 'paid', collection_method: 'charge_automatically', number: 'MF-CARD' });
    const charged = await call('carded', 'POST', '/api/billing/invoices', { month: billedMonth });
    expect(charged.status, charged.text).toBe(201);
    expect((charged.json().invoice as IssuedInvoiceView).status).toBe('paid');
    const [draft] = sent('POST', /^\/v1\/invoices$/);
    expect([draft!.form.get('collection_method'), draft!.form.has('days_until_due')]).toEqual(['charge_automatically', false]);
    // Finalized without collecting, the credit note, then automatic collection on and the charge: the card pays the total.
    const steps = recorder.requests
      .filter((request) => request.method === 'POST' && /\/v1\/(invoices\/[^/]+(\/(finalize|pay))?|credit_notes)$/.test(request.path))
      .map((request) => request.path.replace(/in_\w+/, 'in'));
    expect(steps).toEqual(['/v1/invoices/in/finalize', '/v1/credit_notes', '/v1/invoices/in', '/v1/invoices/in/pay']);
    expect(sent('POST', /\/finalize$/)[0]!.form.get('auto_advance')).toBe('false');
    expect(sent('POST', /\/send$/)).toEqual([]);

    // The plain workspace saved no method: its invoice is sent, to be paid on Stripe's page.
    expect((await call('plain', 'PUT', '/api/billing/account', account('plain'))).status).toBe(200);
    await meeting(workspaceOf.plain, 3, ['completed']);
    recorder.requests.length = 0;
    recorder.patchNext(/^\/v1\/invoices\/[^/]+$/, { status: 'draft', collection_method: 'send_invoice' });
    recorder.patchNext(/\/finalize$/, { status: 'open', collection_method: 'send_invoice' });
    recorder.patchNext(/\/send$/, { status: 'open', collection_method: 'send_invoice' });
    const sentInvoice = await call('plain', 'POST', '/api/billing/invoices', { month: billedMonth });
    expect(sentInvoice.status, sentInvoice.text).toBe(201);
    const [plainDraft] = sent('POST', /^\/v1\/invoices$/);
    expect([plainDraft!.form.get('collection_method'), plainDraft!.form.get('days_until_due')]).toEqual(['send_invoice', '14']);
    expect(sent('POST', /\/send$/)).toHaveLength(1);
    expect(sent('POST', /\/pay$/)).toEqual([]);
    expect((await call('plain', 'GET', '/api/billing/payment-method')).json().collection).toBe('send');
  });
});
