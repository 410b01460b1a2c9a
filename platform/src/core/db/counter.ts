import { isDuplicateKey } from '@meetflow/plugin-sdk';
import { Schema, type Connection, type Model } from 'mongoose';

/** A per-workspace sequence (e.g. prospect ids): the last number handed out. */
export interface Counter {
  workspaceId: string;
  name: string;
  seq: number;
}

const CounterSchema = new Schema<Counter>({
  workspaceId: { type: String, required: true },
  name: { type: String, required: true },
  seq: { type: Number, required: true, default: 0 },
});
CounterSchema.index({ workspaceId: 1, name: 1 }, { unique: true });

/** Registers the Counter model on a connection (once). */
export function counterModel(connection: Connection): Model<Counter> {
  return (connection.models.Counter as Model<Counter> | undefined) ?? connection.model<Counter>('Counter', CounterSchema);
}

/**
 * The next number of a workspace's sequence, starting at 1. One atomic `$inc`, so concurrent
 * callers never share a number; numbers of failed creates are not reused (gaps are possible).
 */
export async function nextSequence(counters: Model<Counter>, workspaceId: string, name: string): Promise<number> {
  return reserveSequence(counters, workspaceId, name, 1);
}

/** Reserves `count` consecutive numbers of a workspace's sequence in one atomic `$inc`; answers the first. */
export async function reserveSequence(counters: Model<Counter>, workspaceId: string, name: string, count: number): Promise<number> {
  // Two first upserts at once can both try to insert; the unique index refuses one, which then increments the winner's.
  for (let attempt = 0; ; attempt++) {
    try {
      // 'before', not 'after': the embedded server re-reads the document for 'after', so two concurrent
      // callers can see the same number; the document as matched is consistent on both servers.
      const before = await counters
        .findOneAndUpdate({ workspaceId, name }, { $inc: { seq: count } }, { upsert: true, returnDocument: 'before' })
        .lean();
      return (before?.seq ?? 0) + 1;
    } catch (error) {
      if (!isDuplicateKey(error) || attempt >= 2) throw error;
    }
  }
}
