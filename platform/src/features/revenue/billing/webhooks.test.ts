import { randomBytes } from 'node:crypto';
import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { startSmtpSink, type SmtpSink } from '@meetflow/plugin-channel-email-smtp/testing';
import type mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveWithAccess } from '../../../../dev/testing/http.ts';
import { signStripeWebhook, stripeEvent, type SignedStripeWebhook } from '../../../../dev/testing/stripe-webhooks.ts';
import { TEST_MAIL_ALLOW_HOSTS } from '../../../../dev/testing/mail-server.ts';
import { memberToken } from '../../../../dev/testing/principal.ts';
import { configureSending, connectSinkMailbox, morningZone } from '../../../../dev/testing/sending.ts';
import { secretsBox } from '../../../core/secrets-box.ts';
import { createSystemMail } from '../../../core/system-mail.ts';
import { createDeliverStep } from '../../email/sending/deliver.ts';
import { sendingPauseModel } from '../../email/sending/sending-pause.ts';
import { createModels, type Models } from '../../models.ts';
import { PluginHost } from '../../runs/plugins/host.ts';
import { installedPlugins } from '../../runs/plugins/installed.ts';
import {
  billingAccountModel,
  billingDunningModel,
  billingInvoiceModel,
  billingNoticeModel,
  billingWebhookEventModel,
  billingWebhookLogModel,
  type BillingInvoice,
} from './model.ts';
import { billingRouteDocs, billingRouter, type BillingDeps } from './routes.ts';

// Stripe's webhook against the route as the app mounts it (sessions, the JSON body parser, the
// audit trail), with events signed exactly as Stripe signs them (the plugin's signer), receipts and
// notices read from a real SMTP server (the product's mail channel points at it), and the
// workspace's outreach sent by the real send step through a mailbox on the same server.

const SECRET = 'whsec_meetflow_test_endpoint';
const NOW = new Date('2026-11-30T10:00:00Z');
const t = Math.floor(NOW.getTime() / 1000);

let database: mongoose.Connection;
let db: Models;
let sink: SmtpSink;
let server: Awaited<ReturnType<typeof serveWithAccess>>;
let secretless: Awaited<ReturnType<typeof serveWithAccess>>;
const box = secretsBox(randomBytes(32));
const tokens: Record<string, string> = {};
let deliverStep: ReturnType<typeof createDeliverStep>;

/** One issued, open invoice of `workspace`, as invoices.ts stores it once Stripe answered. */
async function openInvoice(workspace: string, month: string) {
  const invoice = {
    workspaceId: workspace,
    month,
    kind: 'usage' as const,
    provider: 'payments-stripe',
    externalId: `invoice:${workspace}:${month}`,
    status: 'open' as const,
    currency: 'USD' as const,
    lines: [
      {
        key: `m-${workspace}:charge:1`,
        kind: 'charge' as const,
        meetingId: `m-${workspace}`,
        description: 'A meeting',
        amountMinor: 12_000,
      },
    ],
    subtotalMinor: 12_000,
    creditsMinor: 0,
    totalMinor: 12_000,
    customer: `cus_${workspace}`,
    invoice: `in_${workspace}_${month}`,
    number: `MF-${workspace}`,
    hostedUrl: `https://invoice.stripe.com/i/${workspace}`,
    pdfUrl: null,
    issuedBy: 'user-1',
    issuedAt: NOW,
  };
  await billingInvoiceModel(database).create(invoice);
  await billingAccountModel(database).updateOne(
    { workspaceId: workspace },
    {
      $setOnInsert: {
        workspaceId: workspace,
        billingEmail: `ap@${workspace}.example`,
        companyName: `${workspace} Ltd`,
        address: { line1: '1 Quay St', line2: null, city: 'Dublin', postalCode: 'D01', country: 'IE' },
        taxId: null,
        currency: 'USD',
        updatedBy: 'user-1',
      },
    },
    { upsert: true },
  );
  return invoice;
}

/** Stripe's invoice object as its events carry it. */
const stripeInvoice = (invoice: { invoice: string; customer: string; externalId: string }, extra: Record<string, unknown> = {}) => ({
  id: invoice.invoice,
  object: 'invoice',
  customer: invoice.customer,
  amount_due: 12_000,
  currency: 'usd',
  metadata: { meetflow_id: invoice.externalId },
  ...extra,
});

let eventSeq = 0;
/** A signed delivery of a new Stripe event about `object`, signed at `signedAt` with `signWith`. */
const signed = (type: string, object: Record<string, unknown>, signedAt = t, signWith = SECRET) =>
  signStripeWebhook(stripeEvent(`evt_${++eventSeq}_${type}`, type, object, signedAt), SECRET, signedAt, signWith);

async function deliver(webhook: SignedStripeWebhook, to = server, headers: Record<string, string> = {}) {
  const response = await fetch(`${to.url}/api/billing/webhooks/stripe`, {
    method: 'POST',
    headers: { ...webhook.headers, ...headers },
    body: webhook.rawBody,
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as { outcome: string; message: string } };
}

const statusOf = async (workspace: string, month: string) =>
  (await billingInvoiceModel(database).findOne({ workspaceId: workspace, month }).lean<BillingInvoice>())?.status;
const mailTo = (address: string) => sink.messages.filter((message) => message.to.includes(address));
const logged = () => billingWebhookLogModel(database).find({}, { _id: 0, __v: 0 }, ACROSS_WORKSPACES).sort({ _id: 1 }).lean();

beforeAll(async () => {
  database = await openTestDatabase('billing-webhooks');
  db = createModels(database);
  for (const model of [
    billingAccountModel,
    billingInvoiceModel,
    billingDunningModel,
    billingNoticeModel,
    billingWebhookEventModel,
    billingWebhookLogModel,
    sendingPauseModel,
  ])
    model(database);
  // Every index built before the first write and the final drop: the embedded database fails either while one is being built.
  await Promise.all(Object.values(database.models).map((model) => model.init()));
  sink = await startSmtpSink();
  const host = PluginHost.load(installedPlugins);
  const systemMail = createSystemMail(
    { url: `smtp://${encodeURIComponent(sink.user)}:${sink.password}@127.0.0.1:${sink.port}`, from: 'Meetflow <billing@meetflow.test>' },
    pino({ level: 'silent' }),
  );
  // The webhook and dunning routes start no workflow: the billing routes' Temporal client is never reached here.
  const deps: BillingDeps = {
    host,
    connection: database,
    temporal: undefined as never,
    taskQueue: 'billing-webhooks',
    stripeSecretKey: 'sk_test_meetflow',
    stripeWebhookSecret: SECRET,
    systemMail,
    now: () => NOW,
  };
  server = await serveWithAccess(db, billingRouteDocs, billingRouter(deps));
  secretless = await serveWithAccess(db, billingRouteDocs, billingRouter({ ...deps, stripeWebhookSecret: null }));
  for (const workspace of ['paying', 'other', 'dunned']) tokens[workspace] = await memberToken(db, workspace, 'viewer');
  tokens.outsider = await memberToken(db, 'outsider', 'owner');
  deliverStep = createDeliverStep({
    db,
    secrets: box,
    publicUrl: 'https://meetflow.example',
    channel: host.channel('email'),
    mailAllowHosts: TEST_MAIL_ALLOW_HOSTS,
  });
});
afterAll(async () => {
  await server?.close();
  await secretless?.close();
  await sink?.close();
  await database?.dropDatabase();
  await database?.close();
});

describe('POST /api/billing/webhooks/stripe', () => {
  it('marks the invoice paid and emails one receipt, even when Stripe delivers the event twice (the second refused as a replay, logged)', async () => {
    const invoice = await openInvoice('paying', '2026-10');
    const paid = signed('invoice.paid', stripeInvoice(invoice, { status: 'paid' }));
    const first = await deliver(paid);
    expect([first.status, first.json()]).toEqual([200, { outcome: 'applied', message: expect.stringContaining('receipt sent') }]);
    const stored = await billingInvoiceModel(database)
      .findOne({ workspaceId: 'paying', externalId: invoice.externalId })
      .lean<BillingInvoice>();
    expect([stored?.status, stored?.paidAt]).toEqual(['paid', NOW]);
    // Twice more, one of them at the same time as another: one receipt in all.
    const again = await Promise.all([deliver(paid), deliver(paid)]);
    expect(again.map((answer) => [answer.status, answer.json().outcome])).toEqual([
      [200, 'replayed'],
      [200, 'replayed'],
    ]);
    const receipts = mailTo('ap@paying.example');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.parsed.subject).toBe('Receipt: Meetflow, 2026-10');
    expect(receipts[0]!.parsed.text).toContain('We received your payment of $120.00 for invoice MF-paying (2026-10)');
    const replays = (await logged()).filter((entry) => entry.refusal === 'replayed');
    expect(replays).toEqual([
      expect.objectContaining({ eventId: JSON.parse(paid.rawBody).id, type: 'invoice.paid', outcome: 'refused' }),
      expect.objectContaining({ eventId: JSON.parse(paid.rawBody).id, type: 'invoice.paid', outcome: 'refused' }),
    ]);
    // A later event of another kind (out of order) never moves a paid invoice back.
    for (const type of ['invoice.voided', 'invoice.marked_uncollectible', 'invoice.payment_failed']) {
      const late = await deliver(signed(type, stripeInvoice(invoice, { last_finalization_error: { message: 'Your card was declined.' } })));
      expect([late.status, late.json().outcome], type).toEqual([200, 'unchanged']);
    }
    expect(await statusOf('paying', '2026-10')).toBe('paid');
    expect(mailTo('ap@paying.example')).toHaveLength(1);
  });

  it('refuses and logs a wrong signature, an old or future timestamp, no signature, a tampered or non-event body: 400, nothing changes', async () => {
    const invoice = await openInvoice('other', '2026-10');
    const object = stripeInvoice(invoice, { status: 'paid' });
    const before = (await logged()).length;
    const tampered = signed('invoice.paid', object);
    const cases: Array<[string, SignedStripeWebhook, string]> = [
      ['bad-signature', signed('invoice.paid', object, t, 'whsec_someone_else'), 'no v1 signature matches'],
      ['too-old', signed('invoice.paid', object, t - 301), 'more than 300 s old'],
      ['too-old', signed('invoice.paid', object, t + 301), 'in the future'],
      ['bad-signature', { ...tampered, rawBody: tampered.rawBody.replace('"amount_due": 12000', '"amount_due": 1') }, 'no v1 signature'],
      ['malformed', signStripeWebhook({ hello: 'world' }, SECRET, t), 'not a Stripe event'],
      ['missing-signature', { rawBody: tampered.rawBody, headers: { 'content-type': 'application/json' } }, 'no Stripe-Signature'],
    ];
    for (const [refusal, webhook, says] of cases) {
      const answer = await deliver(webhook);
      expect([answer.status, answer.text], refusal).toEqual([
        400,
        expect.stringMatching(new RegExp(`^Refused \\(${refusal}\\): .*${says}`)),
      ]);
    }
    // A session is no credential here: the owner's own unsigned post is refused alike.
    const owner = await memberToken(db, 'other', 'owner');
    const unsigned = await deliver({ rawBody: tampered.rawBody, headers: { 'content-type': 'application/json' } }, server, {
      authorization: `Bearer ${owner}`,
    });
    expect(unsigned.status).toBe(400);
    const refusals = (await logged()).slice(before).map((entry) => [entry.outcome, entry.refusal]);
    expect(refusals).toEqual([...cases.map(([refusal]) => ['refused', refusal]), ['refused', 'missing-signature']]);
    expect(await statusOf('other', '2026-10')).toBe('open');
    expect(mailTo('ap@other.example')).toEqual([]);
    // The refused events were not recorded as seen: the genuine delivery of the tampered one's event still acts.
    expect((await deliver(tampered)).json().outcome).toBe('applied');
    expect(await statusOf('other', '2026-10')).toBe('paid');
  });

  it('lets the event decide nothing about workspaces: only the stored invoice it names (by Stripe id, or ours before that is known) changes', async () => {
    const mine = await openInvoice('other', '2026-09');
    const theirs = await openInvoice('paying', '2026-09');
    // Our externalId of their invoice under an invoice id Stripe never gave it, a customer not the invoice's,
    // an invoice no one has: each is taken, logged and changes nothing.
    const crossed = [
      stripeInvoice({ ...mine, externalId: theirs.externalId }, { id: 'in_forged' }),
      stripeInvoice({ ...theirs, customer: mine.customer }),
      stripeInvoice({ invoice: 'in_nobody', customer: 'cus_nobody', externalId: 'invoice:nobody:2026-09' }),
    ];
    for (const object of crossed) {
      const answer = await deliver(
        signed('invoice.paid', { ...object, metadata: { ...(object.metadata as object), workspace: 'paying' } }),
      );
      expect([answer.status, answer.json().outcome]).toEqual([200, 'ignored']);
    }
    expect([await statusOf('paying', '2026-09'), await statusOf('other', '2026-09')]).toEqual(['open', 'open']);
    expect((await logged()).slice(-3).map((entry) => [entry.outcome, entry.workspaceId])).toEqual([
      ['ignored', null],
      ['ignored', null],
      ['ignored', null],
    ]);
    // Its own invoice, named by Stripe's id with a body claiming the other workspace: that invoice alone is voided.
    const answer = await deliver(signed('invoice.voided', stripeInvoice(mine, { metadata: { meetflow_id: theirs.externalId } })));
    expect(answer.json().outcome).toBe('applied');
    expect([await statusOf('paying', '2026-09'), await statusOf('other', '2026-09')]).toEqual(['open', 'void']);
    expect((await logged()).at(-1)).toMatchObject({ outcome: 'applied', workspaceId: 'other' });
  });

  it("answers 503 and forgets the event when the receipt cannot be sent, so Stripe's next delivery finishes it, once", async () => {
    const invoice = await openInvoice('retried', '2026-10');
    const paid = signed('invoice.paid', stripeInvoice(invoice, { status: 'paid' }));
    sink.rejectRecipients.add('ap@retried.example');
    try {
      const failed = await deliver(paid);
      expect([failed.status, failed.text]).toEqual([503, expect.stringContaining("Stripe's next delivery acts on it")]);
    } finally {
      sink.rejectRecipients.delete('ap@retried.example');
    }
    expect((await logged()).at(-1)).toMatchObject({
      outcome: 'failed',
      workspaceId: 'retried',
      message: expect.stringContaining('acting on it failed'),
    });
    expect(mailTo('ap@retried.example')).toEqual([]);
    const retried = await deliver(paid);
    expect([retried.status, retried.json()]).toEqual([
      200,
      { outcome: 'applied', message: 'the invoice for 2026-10 is paid (receipt sent)' },
    ]);
    expect((await deliver(paid)).json().outcome).toBe('replayed');
    expect(mailTo('ap@retried.example')).toHaveLength(1);
    expect(await statusOf('retried', '2026-10')).toBe('paid');
  });

  it("is off without the endpoint's secret: 503 naming MEETFLOW_STRIPE_WEBHOOK_SECRET", async () => {
    const answer = await deliver(signed('invoice.paid', { id: 'in_x', object: 'invoice' }), secretless);
    expect([answer.status, answer.text]).toEqual([503, expect.stringContaining('MEETFLOW_STRIPE_WEBHOOK_SECRET')]);
  });
});

describe('dunning', () => {
  it("emails a notice per failed payment, holds the workspace's outreach after the third, and sends it once the invoice is paid", async () => {
    const invoice = await openInvoice('dunned', '2026-10');
    await configureSending(db, 'dunned', {
      mode: 'autonomous',
      timeZone: morningZone(Date.now()),
      window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
    });
    await connectSinkMailbox(db, box, 'dunned', sink, { warmedUp: true });
    await db.outbox.create({
      workspaceId: 'dunned',
      sequenceId: 'seq-dunned-1',
      prospectId: 1,
      step: 1,
      email: 'pat@prospect.example',
      subject: 'Quick question',
      body: 'Hello Pat.',
      status: 'queued',
    });
    const status = async (workspace = 'dunned', token = tokens[workspace]) => {
      const response = await fetch(`${server.url}/api/billing/dunning?workspace=${workspace}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: response.status, body: response.status === 200 ? ((await response.json()) as Record<string, unknown>) : null };
    };
    const declined = { last_finalization_error: { message: 'Your card was declined.' } };
    for (const attempt of [1, 2]) {
      const failed = signed('invoice.payment_failed', stripeInvoice(invoice, declined));
      expect((await deliver(failed)).json()).toEqual({
        outcome: 'applied',
        message: `the invoice for 2026-10: payment attempt ${attempt} failed`,
      });
      expect((await deliver(failed)).json().outcome).toBe('replayed'); // no second notice for one attempt
    }
    expect(mailTo('ap@dunned.example').map((message) => message.parsed.subject)).toEqual([
      'Payment failed: Meetflow, 2026-10',
      'Payment failed: Meetflow, 2026-10',
    ]);
    expect((await status()).body).toMatchObject({
      sendingPaused: null,
      invoices: [{ month: '2026-10', failedPayments: 2, holdsSending: false }],
    });

    await deliver(signed('invoice.payment_failed', stripeInvoice(invoice, declined)));
    const notices = mailTo('ap@dunned.example');
    expect(notices).toHaveLength(3);
    expect(notices[2]!.parsed.subject).toBe('Payment failed: Meetflow sending is paused (2026-10)');
    expect((await status()).body).toEqual({
      sendingPaused: { reason: expect.stringContaining('3 payments failed, the last: Your card was declined.'), since: NOW.toISOString() },
      invoices: [
        {
          month: '2026-10',
          status: 'open',
          failedPayments: 3,
          lastFailure: { at: NOW.toISOString(), reason: 'Your card was declined.' },
          holdsSending: true,
        },
      ],
    });
    // The outreach is held, not dropped: it waits saying why, and nothing reaches the prospect.
    const held = await deliverStep({ workspaceId: 'dunned', prospectId: 1, step: 1, at: Date.now() });
    expect(held).toMatchObject({ outcome: 'wait', reason: expect.stringContaining('sending is paused: the invoice for 2026-10') });
    expect(await db.outbox.findOne({ workspaceId: 'dunned', prospectId: 1 }).lean()).toMatchObject({
      status: 'queued',
      waitReason: expect.stringContaining('sending is paused'),
    });
    expect(mailTo('pat@prospect.example')).toEqual([]);
    // Another workspace's sending is not its business.
    expect((await status('paying')).body).toMatchObject({ sendingPaused: null });

    const paid = await deliver(signed('invoice.paid', stripeInvoice(invoice, { status: 'paid' })));
    expect(paid.json()).toEqual({ outcome: 'applied', message: 'the invoice for 2026-10 is paid (receipt sent, sending resumed)' });
    expect((await status()).body).toEqual({ sendingPaused: null, invoices: [] });
    expect(await deliverStep({ workspaceId: 'dunned', prospectId: 1, step: 1, at: Date.now() })).toEqual({ outcome: 'sent' });
    expect(mailTo('pat@prospect.example').map((message) => message.parsed.subject)).toEqual(['Quick question']);
  });

  it('holds at once when Stripe marks the invoice uncollectible; the dunning state is for members of the workspace only', async () => {
    const invoice = await openInvoice('dunned', '2026-09');
    expect((await deliver(signed('invoice.marked_uncollectible', stripeInvoice(invoice)))).json().outcome).toBe('applied');
    expect(await statusOf('dunned', '2026-09')).toBe('uncollectible');
    const read = (token?: string, workspace = 'dunned') =>
      fetch(`${server.url}/api/billing/dunning?workspace=${workspace}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const answer = (await (await read(tokens.dunned)).json()) as { sendingPaused: { reason: string } | null };
    expect(answer.sendingPaused?.reason).toContain('Stripe marked it uncollectible');
    expect((await read(tokens.outsider)).status).toBe(404);
    expect((await read()).status).toBe(401);
    // Voided: nothing is owed any more, and the hold is lifted.
    expect((await deliver(signed('invoice.voided', stripeInvoice(invoice)))).json().outcome).toBe('applied');
    expect(((await (await read(tokens.dunned)).json()) as { sendingPaused: unknown }).sendingPaused).toBeNull();
  });
});
