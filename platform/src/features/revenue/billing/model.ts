import { PAYMENTS_PLUGINS } from '@meetflow/plugin-sdk';
import { Schema, type Connection, type Model } from 'mongoose';
import { BILLING_PROVIDERS, PREPAY_MODES, type BillingProvider, type PrepayMode } from './api-schemas.ts';

export { BILLING_PROVIDERS, PREPAY_MODES, type BillingProvider, type PrepayMode };

/** Where a workspace's invoices are addressed. */
export interface BillingAddress {
  line1: string;
  line2: string | null;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, uppercase. */
  country: string;
}

/** A workspace's billing account: who its invoices are made out to. One per workspace. */
export interface BillingAccount {
  workspaceId: string;
  billingEmail: string;
  /** The company's legal name, as invoices name it. */
  companyName: string;
  address: BillingAddress;
  /** A VAT number, EIN or the like, as the customer writes it; null when none. */
  taxId: string | null;
  /** ISO 4217; only USD while the ledger is kept in US cents. */
  currency: 'USD';
  /** Who saved it last (the principal's id). */
  updatedBy: string;
  /** The payments plugin its invoices go through; Stripe when none was chosen. */
  provider?: BillingProvider;
  /** The Stripe customer it is invoiced as (created at the first invoice); null before. */
  stripeCustomer?: string | null;
  /** The customer at each other provider, by plugin id (PayPal's recipient), kept when the provider is switched back. */
  customers?: Partial<Record<BillingProvider, string>>;
  /** Meeting credits invoiced at each month's start (cents; 0: no pre-pay), drawn by that month's attended meetings. */
  monthlyPrepayMinor?: number;
  /**
   * How the pre-pay is sized (prepay.ts): `bids` from the workspace's bids, `fixed` the amount
   * above, `off` none. Absent on accounts saved without it, which read as before: fixed when the
   * amount is more than 0, else off (prepayModeOf).
   */
  prepayMode?: PrepayMode;
  /**
   * Months a correction of an invoiced charge may still be credited in (corrections.ts), one entry
   * per month a correction's path was called for, until a call finds it settled: the close's sweep
   * reads these months only. Absent on accounts stored before it (their first close sweeps every month once).
   */
  correctionsDue?: CorrectionDue[];
  createdAt: Date;
  updatedAt: Date;
}

/** A month marked for the corrections sweep by one call of the correction's path (its own token, so each call clears only its mark). */
export interface CorrectionDue {
  month: string;
  token: string;
  at: Date;
}

const AddressSchema = new Schema<BillingAddress>(
  {
    line1: { type: String, required: true },
    line2: { type: String, default: null },
    city: { type: String, required: true },
    postalCode: { type: String, required: true },
    country: { type: String, required: true },
  },
  { _id: false },
);

const CorrectionDueSchema = new Schema<CorrectionDue>(
  {
    month: { type: String, required: true },
    token: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { _id: false },
);

const BillingAccountSchema = new Schema<BillingAccount>(
  {
    workspaceId: { type: String, required: true },
    billingEmail: { type: String, required: true },
    companyName: { type: String, required: true },
    address: { type: AddressSchema, required: true },
    taxId: { type: String, default: null },
    currency: { type: String, enum: ['USD'], required: true },
    updatedBy: { type: String, required: true },
    provider: { type: String, enum: BILLING_PROVIDERS, default: PAYMENTS_PLUGINS.stripe },
    stripeCustomer: { type: String, default: null },
    customers: { type: Schema.Types.Mixed, default: () => ({}) },
    monthlyPrepayMinor: { type: Number, default: 0, min: 0 },
    // No default: an account saved before it (or by a client that sends only the amount) has none.
    prepayMode: { type: String, enum: PREPAY_MODES },
    // Empty on a new account: absent means stored before it (see the interface).
    correctionsDue: { type: [CorrectionDueSchema], default: () => [] },
  },
  { timestamps: true },
);
// One account per workspace: a saved form upserts it, and two racing saves keep one.
BillingAccountSchema.index({ workspaceId: 1 }, { unique: true });

/** How the account's pre-pay is sized; one saved with the amount alone means what it always meant. */
export const prepayModeOf = (account: Pick<BillingAccount, 'prepayMode' | 'monthlyPrepayMinor'>): PrepayMode =>
  account.prepayMode ?? ((account.monthlyPrepayMinor ?? 0) > 0 ? 'fixed' : 'off');

/** Registers the billing account model on a connection (once); collection `billingaccounts`. */
export function billingAccountModel(connection: Connection): Model<BillingAccount> {
  return (
    (connection.models.BillingAccount as Model<BillingAccount> | undefined) ??
    connection.model<BillingAccount>('BillingAccount', BillingAccountSchema)
  );
}

/**
 * One line of an issued invoice, as it was sent, frozen at the first attempt: a ledger entry's
 * charge or credit, the pre-paid credits a true-up applied, or a month's pre-paid credits.
 */
export interface IssuedLine {
  /** The ledger entry's key (or `credits-applied:…`, `prepay:…`): the line's externalId at the provider. */
  key: string;
  kind: 'charge' | 'credit' | 'credits-applied' | 'prepay';
  /** The meeting billed; null on the credits lines, which bill no one meeting. */
  meetingId: string | null;
  description: string;
  /** Cents: a charge positive, a credit negative. */
  amountMinor: number;
}

/** What an invoice bills: a month's attended meetings (`usage`, the true-up) or the next month's pre-paid credits (`prepay`). */
export const INVOICE_KINDS = ['usage', 'prepay'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Statuses of a stored invoice: `covered` is a month whose meetings pre-paid credits paid in full (nothing was sent). */
export const STORED_INVOICE_STATUSES = ['issuing', 'covered', 'draft', 'open', 'paid', 'void', 'uncollectible'] as const;

/**
 * A month's invoice issued to a workspace: one per (workspace, month, kind). Written as `issuing` with
 * its lines before the provider is called, so a retry or a second click sends the same lines with
 * the same keys; then the provider's invoice, its status and pages.
 */
export interface BillingInvoice {
  workspaceId: string;
  /** YYYY-MM, UTC. */
  month: string;
  /** Absent on those stored before pre-pay (read as usage: the start-up migration sets it). */
  kind: InvoiceKind;
  /** The payments plugin it was issued through. */
  provider: string;
  /** `invoice:<workspace>:<month>` (usage) or `prepay:<workspace>:<month>`: the provider's idempotency keys are derived from it. */
  externalId: string;
  /** `issuing` until the provider answered; then the provider's status (open, paid, void, uncollectible), or `covered` (never sent). */
  status: (typeof STORED_INVOICE_STATUSES)[number];
  currency: 'USD';
  lines: IssuedLine[];
  subtotalMinor: number;
  creditsMinor: number;
  totalMinor: number;
  customer: string | null;
  /** The provider's invoice id, number, hosted page and PDF; null until issued. */
  invoice: string | null;
  number: string | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
  /** The provider's credit notes for the credit lines (and for the corrections below, once made). */
  creditNotes: string[];
  /** Charges on it corrected to a no-show after it was issued, each credited once (corrections.ts); absent on those stored before. */
  corrections?: InvoiceCorrection[];
  /** The keys of the corrections credited (given back or credited by the provider): each moves the totals once. */
  creditedCorrections?: string[];
  issuedBy: string;
  issuedAt: Date | null;
  /** When the provider said it was paid (its `invoice.paid` webhook); null until then. */
  paidAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * How a charge corrected after its invoice was issued is credited: `credit-note` (Stripe, on the
 * issued invoice), `refund` (PayPal, a paid invoice), `carry` (PayPal, an unpaid invoice: a negative
 * line on the next true-ups until it is used up), `restore` (pre-paid credits paid all of it: given back, nothing sent).
 */
export const CORRECTION_SETTLEMENTS = ['credit-note', 'refund', 'carry', 'restore'] as const;

/**
 * A credit ledger entry written after its charge's invoice was issued, recorded on that invoice
 * (claimed by its key before the provider is called, so it is credited once however often it is tried).
 */
export interface InvoiceCorrection {
  /** The credit ledger entry's key. */
  key: string;
  /** The key of the charge it credits (a line of this invoice). */
  credits: string;
  meetingId: string;
  description: string;
  /** Cents the charge was: what the correction gives back in all. */
  amountMinor: number;
  /** Of that, the cents pre-paid credits had paid, given back to the balance (`restore:<key>`). */
  restoredMinor: number;
  settle: (typeof CORRECTION_SETTLEMENTS)[number];
  /** The provider's credit note (Stripe) or refund (PayPal); null until made, and on a carry or restore. */
  creditNote: string | null;
  /** Why the provider call has not succeeded yet (the next closeMonth tries again); null when it has or none is needed. */
  pendingReason: string | null;
  at: Date;
  /** When it was credited (the provider answered, or the credits were given back); null while pending, and on a carry. */
  settledAt: Date | null;
}

const InvoiceCorrectionSchema = new Schema<InvoiceCorrection>(
  {
    key: { type: String, required: true },
    credits: { type: String, required: true },
    meetingId: { type: String, required: true },
    description: { type: String, required: true },
    amountMinor: { type: Number, required: true },
    restoredMinor: { type: Number, required: true },
    settle: { type: String, enum: CORRECTION_SETTLEMENTS, required: true },
    creditNote: { type: String, default: null },
    pendingReason: { type: String, default: null },
    at: { type: Date, required: true },
    settledAt: { type: Date, default: null },
  },
  { _id: false },
);

const IssuedLineSchema = new Schema<IssuedLine>(
  {
    key: { type: String, required: true },
    kind: { type: String, enum: ['charge', 'credit', 'credits-applied', 'prepay'], required: true },
    meetingId: { type: String, default: null },
    description: { type: String, required: true },
    amountMinor: { type: Number, required: true },
  },
  { _id: false },
);

const BillingInvoiceSchema = new Schema<BillingInvoice>(
  {
    workspaceId: { type: String, required: true },
    month: { type: String, required: true },
    kind: { type: String, enum: INVOICE_KINDS, default: 'usage' },
    provider: { type: String, required: true },
    externalId: { type: String, required: true },
    status: { type: String, enum: STORED_INVOICE_STATUSES, required: true },
    currency: { type: String, enum: ['USD'], required: true },
    lines: { type: [IssuedLineSchema], default: [] },
    subtotalMinor: { type: Number, required: true },
    creditsMinor: { type: Number, required: true },
    totalMinor: { type: Number, required: true },
    customer: { type: String, default: null },
    invoice: { type: String, default: null },
    number: { type: String, default: null },
    hostedUrl: { type: String, default: null },
    pdfUrl: { type: String, default: null },
    creditNotes: { type: [String], default: [] },
    corrections: { type: [InvoiceCorrectionSchema], default: undefined },
    creditedCorrections: { type: [String], default: undefined },
    issuedBy: { type: String, required: true },
    issuedAt: { type: Date, default: null },
    paidAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'billing_invoices' },
);
// A month's meetings are invoiced once per workspace, and its pre-paid credits once: a second
// click or a retry finds the first. (The index before pre-pay, on workspace and month only, is
// dropped at start-up: migrateInvoiceIndex.)
export const INVOICE_INDEX = { workspaceId: 1, month: 1, kind: 1 } as const;
BillingInvoiceSchema.index(INVOICE_INDEX, { unique: true });

/** Registers the issued invoices' model on a connection (once); collection `billing_invoices`. */
export function billingInvoiceModel(connection: Connection): Model<BillingInvoice> {
  return (
    (connection.models.BillingInvoice as Model<BillingInvoice> | undefined) ??
    connection.model<BillingInvoice>('BillingInvoice', BillingInvoiceSchema)
  );
}

/** One payment of an invoice that failed, as the provider's webhook said it (the event's id makes each count once). */
export interface PaymentFailure {
  event: string;
  at: Date;
  reason: string;
}

/**
 * Dunning of one issued invoice (`billing_dunning`, one per invoice's externalId): each failed
 * payment the provider reported, and whether the last retry failed (or the provider gave up),
 * which holds the workspace's outreach until the invoice is paid.
 */
export interface BillingDunning {
  workspaceId: string;
  /** The invoice's externalId (`invoice:<workspace>:<month>`…). */
  externalId: string;
  month: string;
  failures: PaymentFailure[];
  /** When the workspace's sending was paused for this invoice; null while it is not. */
  pausedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const PaymentFailureSchema = new Schema<PaymentFailure>(
  { event: { type: String, required: true }, at: { type: Date, required: true }, reason: { type: String, required: true } },
  { _id: false },
);
const BillingDunningSchema = new Schema<BillingDunning>(
  {
    workspaceId: { type: String, required: true },
    externalId: { type: String, required: true },
    month: { type: String, required: true },
    failures: { type: [PaymentFailureSchema], default: [] },
    pausedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'billing_dunning' },
);
BillingDunningSchema.index({ externalId: 1 }, { unique: true });
BillingDunningSchema.index({ workspaceId: 1 });

/** Registers the invoices' dunning model on a connection (once); collection `billing_dunning`. */
export function billingDunningModel(connection: Connection): Model<BillingDunning> {
  return (
    (connection.models.BillingDunning as Model<BillingDunning> | undefined) ??
    connection.model<BillingDunning>('BillingDunning', BillingDunningSchema)
  );
}

/** A provider's webhook event acted on: its id is kept so a second delivery is refused as a replay. */
export interface BillingWebhookEvent {
  provider: string;
  eventId: string;
  receivedAt: Date;
}

const BillingWebhookEventSchema = new Schema<BillingWebhookEvent>(
  {
    provider: { type: String, required: true },
    eventId: { type: String, required: true },
    receivedAt: { type: Date, required: true },
  },
  { collection: 'billing_webhook_events' },
);
// The replay check is this index: the first insert of an id wins, a second delivery (even one at the same time) is a duplicate.
BillingWebhookEventSchema.index({ provider: 1, eventId: 1 }, { unique: true });

/** Registers the seen webhook events' model on a connection (once); collection `billing_webhook_events`. */
export function billingWebhookEventModel(connection: Connection): Model<BillingWebhookEvent> {
  return (
    (connection.models.BillingWebhookEvent as Model<BillingWebhookEvent> | undefined) ??
    connection.model<BillingWebhookEvent>('BillingWebhookEvent', BillingWebhookEventSchema)
  );
}

/** What became of one webhook delivery. */
export const WEBHOOK_OUTCOMES = ['applied', 'unchanged', 'ignored', 'refused', 'failed'] as const;

/** One webhook delivery as the log keeps it (`billing_webhook_log`, the latest WEBHOOK_LOG_MAX): never its body. */
export interface BillingWebhookLogEntry {
  provider: string;
  /** The event's id and type when it was read (null for a body that was refused unread). */
  eventId: string | null;
  type: string | null;
  outcome: (typeof WEBHOOK_OUTCOMES)[number];
  /** Why it was refused (bad-signature, too-old, replayed…); null when it was not. */
  refusal: string | null;
  /** What was done or why not, in a sentence. */
  message: string;
  /** The workspace of the invoice it named, once found (never the body's claim). */
  workspaceId: string | null;
  at: Date;
}

/** The log keeps the latest deliveries only, this many (older ones are dropped as new ones come). */
export const WEBHOOK_LOG_MAX = 5000;

const BillingWebhookLogSchema = new Schema<BillingWebhookLogEntry>(
  {
    provider: { type: String, required: true },
    eventId: { type: String, default: null },
    type: { type: String, default: null },
    outcome: { type: String, enum: WEBHOOK_OUTCOMES, required: true },
    refusal: { type: String, default: null },
    message: { type: String, required: true },
    workspaceId: { type: String, default: null },
    at: { type: Date, required: true },
  },
  { collection: 'billing_webhook_log' },
);

/** Registers the webhook log's model on a connection (once); collection `billing_webhook_log`. */
export function billingWebhookLogModel(connection: Connection): Model<BillingWebhookLogEntry> {
  return (
    (connection.models.BillingWebhookLog as Model<BillingWebhookLogEntry> | undefined) ??
    connection.model<BillingWebhookLogEntry>('BillingWebhookLog', BillingWebhookLogSchema)
  );
}

/** An email billing sent on its own (a receipt, a dunning notice), claimed once by its key before it is sent. */
export interface BillingNotice {
  /** `receipt:<invoice externalId>` or `dunning:<invoice externalId>:<attempt>`: unique, so each goes once. */
  key: string;
  workspaceId: string;
  kind: 'receipt' | 'payment-failed';
  to: string;
  subject: string;
  sentAt: Date | null;
  createdAt: Date;
}

const BillingNoticeSchema = new Schema<BillingNotice>(
  {
    key: { type: String, required: true },
    workspaceId: { type: String, required: true },
    kind: { type: String, enum: ['receipt', 'payment-failed'], required: true },
    to: { type: String, required: true },
    subject: { type: String, required: true },
    sentAt: { type: Date, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'billing_notices' },
);
BillingNoticeSchema.index({ key: 1 }, { unique: true });

/** Registers the billing notices' model on a connection (once); collection `billing_notices`. */
export function billingNoticeModel(connection: Connection): Model<BillingNotice> {
  return (
    (connection.models.BillingNotice as Model<BillingNotice> | undefined) ??
    connection.model<BillingNotice>('BillingNotice', BillingNoticeSchema)
  );
}
