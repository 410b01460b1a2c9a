import { Schema, type Connection, type Model } from 'mongoose';

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
  /** The Stripe customer it is invoiced as (created at the first invoice); null before. */
  stripeCustomer?: string | null;
  createdAt: Date;
  updatedAt: Date;
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

const BillingAccountSchema = new Schema<BillingAccount>(
  {
    workspaceId: { type: String, required: true },
    billingEmail: { type: String, required: true },
    companyName: { type: String, required: true },
    address: { type: AddressSchema, required: true },
    taxId: { type: String, default: null },
    currency: { type: String, enum: ['USD'], required: true },
    updatedBy: { type: String, required: true },
    stripeCustomer: { type: String, default: null },
  },
  { timestamps: true },
);
// One account per workspace: a saved form upserts it, and two racing saves keep one.
BillingAccountSchema.index({ workspaceId: 1 }, { unique: true });

/** Registers the billing account model on a connection (once); collection `billingaccounts`. */
export function billingAccountModel(connection: Connection): Model<BillingAccount> {
  return (
    (connection.models.BillingAccount as Model<BillingAccount> | undefined) ??
    connection.model<BillingAccount>('BillingAccount', BillingAccountSchema)
  );
}

/** One line of an issued invoice, as it was sent: the ledger entry it bills, frozen at the first attempt. */
export interface IssuedLine {
  /** The ledger entry's key: the line's externalId at the provider. */
  key: string;
  kind: 'charge' | 'credit';
  meetingId: string;
  description: string;
  /** Cents: a charge positive, a credit negative. */
  amountMinor: number;
}

/**
 * A month's invoice issued to a workspace: one per (workspace, month). Written as `issuing` with
 * its lines before the provider is called, so a retry or a second click sends the same lines with
 * the same keys; then the provider's invoice, its status and pages.
 */
export interface BillingInvoice {
  workspaceId: string;
  /** YYYY-MM, UTC. */
  month: string;
  /** The payments plugin it was issued through. */
  provider: string;
  /** `invoice:<workspace>:<month>`: the provider's idempotency keys are derived from it. */
  externalId: string;
  /** `issuing` until the provider answered; then the provider's status (open, paid, void, uncollectible). */
  status: 'issuing' | 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
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
  /** The provider's credit notes for the credit lines. */
  creditNotes: string[];
  issuedBy: string;
  issuedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const IssuedLineSchema = new Schema<IssuedLine>(
  {
    key: { type: String, required: true },
    kind: { type: String, enum: ['charge', 'credit'], required: true },
    meetingId: { type: String, required: true },
    description: { type: String, required: true },
    amountMinor: { type: Number, required: true },
  },
  { _id: false },
);

const BillingInvoiceSchema = new Schema<BillingInvoice>(
  {
    workspaceId: { type: String, required: true },
    month: { type: String, required: true },
    provider: { type: String, required: true },
    externalId: { type: String, required: true },
    status: { type: String, enum: ['issuing', 'draft', 'open', 'paid', 'void', 'uncollectible'], required: true },
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
    issuedBy: { type: String, required: true },
    issuedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'billing_invoices' },
);
// A month is invoiced once per workspace: a second click or a retry finds the first.
BillingInvoiceSchema.index({ workspaceId: 1, month: 1 }, { unique: true });

/** Registers the issued invoices' model on a connection (once); collection `billing_invoices`. */
export function billingInvoiceModel(connection: Connection): Model<BillingInvoice> {
  return (
    (connection.models.BillingInvoice as Model<BillingInvoice> | undefined) ??
    connection.model<BillingInvoice>('BillingInvoice', BillingInvoiceSchema)
  );
}
