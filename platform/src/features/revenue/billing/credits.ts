import { isDuplicateKey } from '@meetflow/plugin-sdk';
import { Schema, type Connection, type Model } from 'mongoose';

/**
 * One movement of a workspace's pre-paid meeting credits, keyed so it is written once:
 * `prepay:<workspace>:<month>` (+, the month's pre-pay invoice was issued), `draw:<ledger entry key>`
 * (−, a true-up paid that charge from credits), `restore:<credit entry key>` (+, a drawn charge was
 * corrected to a no-show). The balance is their sum; credits never expire and are never refunded on
 * their own, so what a month leaves rolls over.
 */
export interface BillingCredit {
  workspaceId: string;
  key: string;
  kind: 'prepay' | 'draw' | 'restore';
  /** Cents: positive adds to the balance, negative draws from it. */
  amountMinor: number;
  /** The month it belongs to, YYYY-MM (a pre-pay's month, a drawn charge's month). */
  month: string;
  /** The ledger entry a draw paid or a restore gave back; null on a pre-pay. */
  entryKey: string | null;
  createdAt: Date;
}

const BillingCreditSchema = new Schema<BillingCredit>(
  {
    workspaceId: { type: String, required: true },
    key: { type: String, required: true },
    kind: { type: String, enum: ['prepay', 'draw', 'restore'], required: true },
    amountMinor: { type: Number, required: true },
    month: { type: String, required: true },
    entryKey: { type: String, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'billing_credits' },
);
// A movement is written once: a retried true-up finds the draw it made before a crash.
BillingCreditSchema.index({ workspaceId: 1, key: 1 }, { unique: true });

/** Registers the credits' model on a connection (once); collection `billing_credits`. */
export function billingCreditModel(connection: Connection): Model<BillingCredit> {
  return (
    (connection.models.BillingCredit as Model<BillingCredit> | undefined) ??
    connection.model<BillingCredit>('BillingCredit', BillingCreditSchema)
  );
}

export const prepayCreditKey = (workspaceId: string, month: string) => `prepay:${workspaceId}:${month}`;
export const drawKey = (entryKey: string) => `draw:${entryKey}`;
export const restoreKey = (creditEntryKey: string) => `restore:${creditEntryKey}`;

/** The workspace's credit movements whose keys are given (each at most once). */
export async function creditsByKey(
  connection: Connection,
  workspaceId: string,
  keys: readonly string[],
): Promise<Map<string, BillingCredit>> {
  if (keys.length === 0) return new Map();
  const found = await billingCreditModel(connection)
    .find({ workspaceId, key: { $in: [...keys] } })
    .lean<BillingCredit[]>();
  return new Map(found.map((credit) => [credit.key, credit]));
}

/** The workspace's credit balance in cents (the sum of its movements; zero without any). */
export async function creditBalance(connection: Connection, workspaceId: string): Promise<number> {
  const [sum] = await billingCreditModel(connection).aggregate<{ total: number }>([
    { $match: { workspaceId } },
    { $group: { _id: null, total: { $sum: '$amountMinor' } } },
  ]);
  return sum?.total ?? 0;
}

/**
 * Writes a movement once: a second write of the same key (a retry, a race) leaves the first as it
 * was and answers it, so a balance never moves twice for one reason.
 */
export async function recordCredit(connection: Connection, movement: Omit<BillingCredit, 'createdAt'>): Promise<BillingCredit> {
  const model = billingCreditModel(connection);
  const upsert = () =>
    model
      .findOneAndUpdate(
        { workspaceId: movement.workspaceId, key: movement.key },
        { $setOnInsert: movement },
        { upsert: true, returnDocument: 'after', runValidators: true },
      )
      .lean<BillingCredit>();
  try {
    return (await upsert())!;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return (await upsert())!;
  }
}

/**
 * Gives back what a charge drew once it was corrected to a no-show: for each credit entry whose
 * charge has a draw, one restore of that draw (keyed by the credit entry, so once).
 */
export async function restoreCorrected(
  connection: Connection,
  workspaceId: string,
  month: string,
  lines: ReadonlyArray<{ kind: string; key: string; credits: string | null }>,
): Promise<BillingCredit[]> {
  const corrections = lines.filter((line) => line.kind === 'credit' && line.credits !== null);
  const draws = await creditsByKey(
    connection,
    workspaceId,
    corrections.map((line) => drawKey(line.credits!)),
  );
  const restored: BillingCredit[] = [];
  for (const line of corrections) {
    const draw = draws.get(drawKey(line.credits!));
    if (!draw) continue;
    restored.push(
      await recordCredit(connection, {
        workspaceId,
        key: restoreKey(line.key),
        kind: 'restore',
        amountMinor: -draw.amountMinor,
        month,
        entryKey: line.key,
      }),
    );
  }
  return restored;
}

/**
 * Draws the month's standing charges from the balance, in the order given, each as far as the
 * credits left go (the last one drawn may be drawn in part), and never more than `limitMinor` in all
 * (what is still due once the invoice's other credits are taken off: credits pay only what is charged).
 * Each draw is keyed by its ledger entry:
 * a retry after a crash finds the draws it made (they are counted as still available, then found
 * again, not written twice), so the same month always draws the same. Answers the draws, in order.
 */
export async function drawCredits(
  connection: Connection,
  workspaceId: string,
  month: string,
  charges: ReadonlyArray<{ key: string; amountMinor: number }>,
  limitMinor = Number.POSITIVE_INFINITY,
): Promise<BillingCredit[]> {
  const earlier = await creditsByKey(
    connection,
    workspaceId,
    charges.map((charge) => drawKey(charge.key)),
  );
  const available =
    (await creditBalance(connection, workspaceId)) - [...earlier.values()].reduce((total, draw) => total + draw.amountMinor, 0);
  const draws: BillingCredit[] = [];
  for (const { key, amountMinor } of planDraws(charges, Math.min(available, limitMinor)))
    draws.push(
      await recordCredit(connection, { workspaceId, key: drawKey(key), kind: 'draw', amountMinor: -amountMinor, month, entryKey: key }),
    );
  return draws;
}

/** What `availableMinor` of credits pays of the charges, in order: each in full while they last, the last one in part. */
export function planDraws(
  charges: ReadonlyArray<{ key: string; amountMinor: number }>,
  availableMinor: number,
): Array<{ key: string; amountMinor: number }> {
  let left = Math.max(availableMinor, 0);
  const plan: Array<{ key: string; amountMinor: number }> = [];
  for (const charge of charges) {
    const amountMinor = Math.min(charge.amountMinor, left);
    if (amountMinor <= 0) break;
    left -= amountMinor;
    plan.push({ key: charge.key, amountMinor });
  }
  return plan;
}

/** The month's draws as recorded (a true-up ran). */
export async function drawsOfMonth(connection: Connection, workspaceId: string, month: string): Promise<BillingCredit[]> {
  return billingCreditModel(connection).find({ workspaceId, month, kind: 'draw' }).lean<BillingCredit[]>();
}
