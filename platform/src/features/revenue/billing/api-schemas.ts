import { PAYMENTS_PLUGINS } from '@meetflow/plugin-sdk';
import { z } from 'zod';
import { WorkspaceQuery } from '../../../core/http/workspace.ts';

/** The payments plugins a billing account may bill through (Stripe the default). */
export const BILLING_PROVIDERS = [PAYMENTS_PLUGINS.stripe, PAYMENTS_PLUGINS.paypal] as const;
export type BillingProvider = (typeof BILLING_PROVIDERS)[number];

/**
 * How a billing account's monthly pre-pay is sized: `bids` from the workspace's bids and last
 * month's attended meetings (prepay.ts), `fixed` the amount it sets, `off` none.
 */
export const PREPAY_MODES = ['bids', 'fixed', 'off'] as const;
export type PrepayMode = (typeof PREPAY_MODES)[number];

const minor0 = () => z.number().int().min(0);
const text = (max: number, required: string) => z.string().trim().min(1, required).max(max, `must be at most ${max} characters`);

/** A billing address; `country` ISO 3166-1 alpha-2 (case-insensitive, stored uppercase). */
export const BillingAddressBody = z.strictObject({
  line1: text(200, 'give the street address'),
  line2: z.string().trim().max(200, 'must be at most 200 characters').nullable().default(null),
  city: text(100, 'give the city'),
  postalCode: text(20, 'give the postal code'),
  // The shape here (the OpenAPI document's pattern); a well-formed code no country has is a 422 (account.ts).
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO 3166-1 country code such as US or DE')
    .transform((code) => code.toUpperCase()),
});

/**
 * Body of PUT /api/billing/account: the whole account, saved as given. It names no workspace
 * (the request's is used: `workspaceId` is refused as unknown). `currency` has the shape of any
 * ISO 4217 code; only USD is billed for now, and another is refused with 422 saying so.
 */
export const BillingAccountBody = z
  .strictObject({
    // An email as the OpenAPI document says it (format: email), so a schema-valid address is never refused.
    billingEmail: z
      .email('must be an email address such as billing@acme.com')
      .max(254, 'must be at most 254 characters')
      .describe('Where invoices and receipts are sent'),
    companyName: text(200, "give the company's legal name").describe('The legal name invoices are made out to'),
    address: BillingAddressBody,
    taxId: z
      .string()
      .trim()
      .max(64, 'must be at most 64 characters')
      .nullable()
      .default(null)
      .describe('A VAT number, EIN or the like, as written (optional)'),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD')
      .default('USD')
      .describe('ISO 4217; only USD for now'),
    monthlyPrepayMinor: z
      .number()
      .int('must be a whole number of cents')
      .min(0, 'must be zero (no pre-pay) or more')
      .max(100_000_000, 'must be at most 100000000 cents')
      .optional()
      .describe(
        "Meeting credits invoiced at each month's start, in cents (0: no pre-pay); unused credits roll over. Left out: kept as saved (0 on a first save). Sent without prepayMode it is the pre-pay, as it always was (fixed, or off at 0); with prepayMode fixed it is required (more than 0), with bids or off it must be left out or 0",
      ),
    prepayMode: z
      .enum(PREPAY_MODES, { error: `must be one of ${PREPAY_MODES.join(', ')}` })
      .optional()
      .describe(
        "How the monthly pre-pay is sized: `bids` from the workspace's bids (each slice's price under its bid × last month's attended meetings in it, capped at the bid's maxDailyMeetings × the month's working days), `fixed` monthlyPrepayMinor, `off` none. Left out: as monthlyPrepayMinor says, or kept as saved",
      ),
    provider: z
      .enum(BILLING_PROVIDERS, { error: `must be one of ${BILLING_PROVIDERS.join(', ')}` })
      .optional()
      .describe(
        'The payments plugin invoices go through (Stripe by default). Left out: kept as saved. Switching while an invoice is unpaid is a 409',
      ),
  })
  .superRefine((body, problems) => {
    // The amount is the fixed pre-pay's alone: a body that says both "from my bids" and an amount is ambiguous.
    if (body.prepayMode === 'fixed' && !body.monthlyPrepayMinor)
      problems.addIssue({
        code: 'custom',
        path: ['monthlyPrepayMinor'],
        message: 'give the fixed monthly pre-pay in cents (more than 0) with prepayMode fixed',
      });
    if ((body.prepayMode === 'bids' || body.prepayMode === 'off') && (body.monthlyPrepayMinor ?? 0) > 0)
      problems.addIssue({
        code: 'custom',
        path: ['monthlyPrepayMinor'],
        message: `is the fixed pre-pay: leave it out (or 0) with prepayMode ${body.prepayMode}`,
      });
  });
export type BillingAccountInput = z.output<typeof BillingAccountBody>;

/** A workspace's billing account as the API shows it. */
export const BillingAccountView = z.object({
  billingEmail: z.string(),
  companyName: z.string(),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string().describe('ISO 3166-1 alpha-2'),
  }),
  taxId: z.string().nullable(),
  currency: z.literal('USD'),
  monthlyPrepayMinor: minor0().describe(
    "Meeting credits invoiced at each month's start, in cents (0: no pre-pay); the fixed pre-pay, 0 while it is sized from bids",
  ),
  prepayMode: z
    .enum(PREPAY_MODES)
    .optional()
    .describe(
      'How the pre-pay is sized (`bids`, `fixed`, `off`); absent on an account saved with monthlyPrepayMinor alone, which means what it always did: fixed when more than 0, else off',
    ),
  provider: z.enum(BILLING_PROVIDERS).describe('The payments plugin invoices go through'),
  updatedAt: z.iso.datetime(),
});
export type BillingAccountView = z.infer<typeof BillingAccountView>;

/** GET /api/billing/account: the account, or null when none was saved yet. */
export const BillingAccountAnswer = z.object({ account: BillingAccountView.nullable() });

export const UpcomingQuery = WorkspaceQuery.extend({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month, YYYY-MM')
    .optional()
    .describe('The UTC month billed, YYYY-MM (default: the current one)'),
});

const minor = z.number().int();

/** One line of the upcoming invoice: a ledger entry, with what it bills. */
export const InvoiceLine = z.object({
  kind: z.enum(['charge', 'credit']),
  key: z.string().describe("The ledger entry's key (`<meetingId>:charge:<n>`, `<meetingId>:credit:<n>`): the line's idempotency key"),
  meetingId: z.string(),
  attendedAt: z.iso.datetime().describe('When the meeting took place'),
  prospect: z
    .object({ id: z.number().int(), name: z.string(), company: z.string().nullable() })
    .nullable()
    .describe("The meeting's prospect; null when the meeting is no longer found"),
  sliceId: z.string().describe('The pricing slice the meeting was charged in'),
  amountMinor: minor.describe('Cents: a charge positive, a credit minus the charge it credits'),
  credits: z.string().nullable().describe('On a credit: the key of the charge it credits'),
  description: z.string().describe('The line as an invoice would word it'),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

/** GET /api/billing/upcoming: the month's lines from the ledger, and their totals in cents. */
export const UpcomingInvoice = z.object({
  month: z.string().describe('YYYY-MM, UTC'),
  from: z.iso.datetime().describe('The period billed: meetings with attendedAt in [from, to)'),
  to: z.iso.datetime(),
  currency: z.literal('USD'),
  lines: z.array(InvoiceLine).describe('By attendance, each meeting’s entries in the order written; no-shows are no lines'),
  subtotalMinor: minor.min(0).describe('The charges, summed'),
  creditsMinor: minor.max(0).describe('The credits, summed (zero or negative)'),
  totalMinor: minor.describe('subtotalMinor + creditsMinor'),
  prepaid: z
    .object({
      balanceMinor: minor.describe('The pre-paid credits left now, in cents (unused credits roll over)'),
      closed: z.boolean().describe("True once the month's true-up drew its credits: `draws` are then those recorded"),
      draws: z
        .array(z.object({ key: z.string().describe("The charge's ledger entry key"), amountMinor: minor.min(1) }))
        .describe('The charges paid from credits, in order (the last one may be paid in part)'),
      drawnMinor: minor.min(0).describe('The draws, summed'),
      dueMinor: minor.min(0).describe("What the month's standing charges leave to invoice after the draws"),
    })
    .describe("The pre-paid meeting credits and what the month's attended meetings draw from them"),
});
export type UpcomingInvoice = z.infer<typeof UpcomingInvoice>;

/** One slice of a pre-pay sized from bids: its price under the bid, the meetings expected and why. */
export const PrepaySliceView = z.object({
  sliceId: z.string(),
  sliceName: z.string(),
  baseBid: z.number().describe("The bid's multiplier"),
  maxDailyMeetings: z.number().int().describe("The bid's most meetings a day"),
  priceMinor: minor.min(0).describe("The slice's price per attended meeting under the bid, in cents: what the ledger charges one now"),
  attended: z.number().int().min(0).describe("The slice's attended meetings in `basedOn` (charged and not corrected), from the ledger"),
  capMeetings: z.number().int().min(0).describe('maxDailyMeetings × the working days (Mon–Fri) of the month pre-paid'),
  meetings: z.number().int().min(0).describe('Expected: attended, at most capMeetings'),
  amountMinor: minor.min(0).describe('meetings × priceMinor'),
  reason: z.string().describe('The sizing in words'),
});

/** GET /api/billing/prepay: the pre-pay invoiced at the start of `month`, and how it is sized. */
export const NextPrepay = z.object({
  month: z.string().describe('YYYY-MM, UTC: the month whose credits are pre-paid (invoiced as it starts)'),
  mode: z.enum(PREPAY_MODES).describe("The account's pre-pay mode (`off` without an account)"),
  invoiced: z.boolean().describe("True once the month's pre-pay invoice was written: `lines` are then its lines as frozen"),
  amountMinor: minor.min(0).describe('What the pre-pay invoice bills, in cents (0: none is issued)'),
  lines: z
    .array(z.object({ key: z.string(), description: z.string(), amountMinor: minor.min(1) }))
    .describe('The lines of its invoice: one per slice expecting meetings (from bids), or one (fixed)'),
  fromBids: z
    .object({
      basedOn: z.string().describe('YYYY-MM: the last full month before it, whose attended meetings size it'),
      workingDays: z.number().int().describe('Mon–Fri days of the month pre-paid (UTC)'),
      amountMinor: minor.min(0).describe("The slices' amountMinor, summed: the pre-pay in cents were it sized from the bids"),
      slices: z.array(PrepaySliceView).describe('Each slice with an enabled bid, by slice id; one with no history expects 0'),
    })
    .nullable()
    .describe(
      'What a pre-pay from the bids comes to, slice by slice (shown whatever the mode, so a person choosing one sees it); null once the month was invoiced',
    ),
});
export type NextPrepay = z.infer<typeof NextPrepay>;

/** Body of POST /api/billing/invoices: the month to invoice. It names no workspace (the request's is used). */
export const IssueInvoiceBody = z.strictObject({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month, YYYY-MM')
    .describe('The UTC month invoiced, YYYY-MM; it must have ended'),
});

/** A month's issued invoice as the API shows it. */
export const IssuedInvoiceView = z.object({
  month: z.string().describe('YYYY-MM, UTC'),
  kind: z
    .enum(['usage', 'prepay'])
    .describe("`usage`: the month's attended meetings (the true-up); `prepay`: the month's pre-paid meeting credits"),
  provider: z.string().describe('The payments plugin it was issued through'),
  status: z
    .enum(['issuing', 'covered', 'draft', 'open', 'paid', 'void', 'uncollectible'])
    .describe(
      "`issuing` while (or when) the provider's answer is awaited: issuing the month again finishes it; then the provider's status; `covered`: pre-paid credits paid every meeting, nothing was sent",
    ),
  currency: z.literal('USD'),
  lines: z.number().int().describe('How many lines (charges and credits) it bills'),
  subtotalMinor: minor.min(0).describe('The charges, summed'),
  creditsMinor: minor.max(0).describe('The credits (credit notes on it: corrections and pre-paid credits applied), summed'),
  totalMinor: minor.describe('subtotalMinor + creditsMinor: what is due'),
  number: z.string().nullable().describe("The provider's invoice number"),
  hostedUrl: z.string().nullable().describe("The provider's page where the invoice is seen and paid"),
  pdfUrl: z.string().nullable(),
  issuedAt: z.iso.datetime().nullable(),
});
export type IssuedInvoiceView = z.infer<typeof IssuedInvoiceView>;

/** POST /api/billing/invoices: the month's invoice; `created` false when it had been issued already. */
export const IssueInvoiceAnswer = z.object({ invoice: IssuedInvoiceView, created: z.boolean() });

/** GET /api/billing/invoices: the issued invoices, the latest month first. */
export const IssuedInvoices = z.object({ invoices: z.array(IssuedInvoiceView) });

// The Billing tab's invoice lines and payment method (issue #35 item 6).

export const InvoiceMonthParams = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month, YYYY-MM')
    .describe('The UTC month invoiced, YYYY-MM'),
});

/** One line of an issued invoice as it was sent (frozen when it was issued), with the meeting's prospect as the platform knows them now. */
export const IssuedInvoiceLineView = z.object({
  invoiceKind: z
    .string()
    .describe('Which of the month’s invoices the line is on: `usage` (its attended meetings), else the other kind stored'),
  key: z.string().describe("The line's key at the provider: the ledger entry's key for a charge or credit"),
  kind: z.string().describe('`charge`, `credit` (negative), or a line billing no one meeting'),
  meetingId: z.string().nullable(),
  attendedAt: z.iso.datetime().nullable().describe('When the meeting took place; null as for the prospect'),
  prospect: z
    .object({ id: z.number().int(), name: z.string(), company: z.string().nullable() })
    .nullable()
    .describe("The meeting's prospect; null when the line bills no one meeting or the meeting is no longer found"),
  description: z.string(),
  amountMinor: minor.describe('Cents: a charge positive, a credit negative'),
});
export type IssuedInvoiceLineView = z.infer<typeof IssuedInvoiceLineView>;

/** GET /api/billing/invoices/{month}/lines: the lines of the month's issued invoices. */
export const IssuedInvoiceLines = z.object({ month: z.string().describe('YYYY-MM, UTC'), lines: z.array(IssuedInvoiceLineView) });

/** GET /api/billing/payment-method: what identifies the saved method to a person, as Stripe holds it (no card data is kept by Meetflow). */
export const PaymentMethodAnswer = z.object({
  paymentMethod: z
    .object({
      id: z.string(),
      type: z.string().describe("Stripe's kind of method: card, sepa_debit, us_bank_account…"),
      brand: z.string().nullable().describe("A card's network (visa, mastercard…) or a bank's name"),
      last4: z.string().nullable(),
      expMonth: z.number().int().nullable(),
      expYear: z.number().int().nullable(),
    })
    .nullable()
    .describe('null: none saved yet'),
  collection: z
    .enum(['charge', 'send'])
    .describe("`charge`: invoices are charged to the method a completed setup made the default; `send`: paid on Stripe's page"),
});

/** POST /api/billing/payment-method/setup: Stripe's hosted page where the customer saves a payment method. */
export const PaymentMethodSetupAnswer = z.object({
  url: z.url().describe("Stripe's page: send the browser there; it comes back to the Billing tab"),
});

/** POST /api/billing/webhooks/stripe's answer to a delivery it took: what was done with it. */
export const StripeWebhookAnswer = z.object({
  outcome: z
    .enum(['applied', 'unchanged', 'ignored', 'replayed'])
    .describe(
      '`applied`: an invoice changed (or its receipt, notice or hold); `unchanged`: it was so already; `ignored`: an event Meetflow does not act on, or naming no invoice of its; `replayed`: this event id was received before',
    ),
  message: z.string().describe('What was done, or why nothing was'),
});

/** GET /api/billing/dunning: whether the workspace's outreach is held for billing, and its invoices with failed payments. */
export const DunningStatus = z.object({
  sendingPaused: z
    .object({
      reason: z.string().describe('Why, e.g. "the invoice for 2026-10 is unpaid: 3 payments failed, the last: Your card was declined."'),
      since: z.iso.datetime(),
    })
    .nullable()
    .describe(
      'Null while the workspace sends; else its outreach is held (nothing is dropped; the review queue keeps working) until the invoice is paid',
    ),
  invoices: z
    .array(
      z.object({
        month: z.string().describe('YYYY-MM, UTC'),
        status: z.string().describe("The invoice's status (open, uncollectible…)"),
        failedPayments: z.number().int().min(0).describe('Failed payments Stripe reported; the third holds sending'),
        lastFailure: z.object({ at: z.iso.datetime(), reason: z.string() }).nullable(),
        holdsSending: z.boolean().describe("True when this invoice is why the workspace's sending is held"),
      }),
    )
    .describe('The unpaid invoices with a failed payment, the latest month first (a paid or voided one drops out)'),
});
