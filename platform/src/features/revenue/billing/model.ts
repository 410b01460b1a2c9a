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
