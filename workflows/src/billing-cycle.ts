import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';

/**
 * What `billingCycle` is started with: nothing. The run's workspace is its workflow id's
 * (`billing-cycle:<workspace>`), which only the platform starts, and its activity reads it from its
 * run context (the workflow execution that called it), never from an input.
 */
export type BillingCycleInput = Record<string, never>;

/** What closing a month did (amounts in cents; the invoices themselves stay in the database). */
export interface CloseMonthResult {
  /** The month closed, YYYY-MM (UTC). */
  month: string;
  /** The true-up: `issued` now, `covered` by pre-paid credits, `issued-before` (a person or an earlier attempt), `nothing` billed, or `off` (why in `note`). */
  usage: 'issued' | 'covered' | 'issued-before' | 'nothing' | 'off';
  /** The month that starts: its pre-pay `issued`, `issued-before`, `none` (no pre-pay set) or `off`. */
  prepay: 'issued' | 'issued-before' | 'none' | 'off';
  /** The credit balance after both. */
  balanceMinor: number;
  /** Why something was not invoiced (no billing account, no Stripe key), or null. */
  note: string | null;
}

/** The activity of the billing cycle (platform/src/features/revenue/billing/cycle.ts): it acts in its run's workspace. */
export interface BillingCycleActivities {
  /** The true-up of the month that ended, then the pre-pay of the month that starts; idempotent. */
  'billing.closeMonth'(input: { month: string }): Promise<CloseMonthResult>;
}

// Money is never given up on: a failure (the database or Stripe away) is retried however long it
// takes, and every retry finishes the same invoices (their keys derive from workspace and month).
const activities = proxyActivities<BillingCycleActivities>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '30 seconds', backoffCoefficient: 2, maximumInterval: '1 hour', nonRetryableErrorTypes: ['NotABillingCycle'] },
});

/** The first instant (ms) of the UTC month after the one `at` falls in. */
const nextMonthStart = (at: number): number => {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
};

/**
 * A workspace's billing cycle (one run per workspace, workflow id `billing-cycle:<workspace>`):
 * sleeps on Temporal's timer until the next month starts (UTC), closes the month that ended (its
 * true-up, then the new month's pre-pay), and continues as new for the next month, so a run's
 * history is one month's.
 */
export async function billingCycle(input: BillingCycleInput): Promise<void> {
  const now = Date.now();
  const start = nextMonthStart(now);
  await sleep(start - now);
  const ended = new Date(start - 1).toISOString().slice(0, 7);
  await activities['billing.closeMonth']({ month: ended });
  await continueAsNew<typeof billingCycle>(input);
}
