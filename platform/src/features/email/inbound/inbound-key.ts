import { timingSafeEqual } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import type { SecretsBox } from '../../../core/secrets-box.ts';

/** A workspace's inbound-key generation: rotating the key moves it on, and every older key stops working. */
export interface InboundKey {
  workspaceId: string;
  generation: number;
}

const InboundKeySchema = new Schema<InboundKey>({
  workspaceId: { type: String, required: true },
  generation: { type: Number, required: true, default: 1 },
});
InboundKeySchema.index({ workspaceId: 1 }, { unique: true });

/** Registers the inbound-key model (collection `inbound_keys`). */
export function inboundKeyModels(connection: Connection) {
  return {
    inboundKeys:
      (connection.models.InboundKey as Model<InboundKey> | undefined) ??
      connection.model<InboundKey>('InboundKey', InboundKeySchema, 'inbound_keys'),
  };
}
type Db = ReturnType<typeof inboundKeyModels>;

/**
 * The secret a workspace's inbound webhook must present: derived from the secrets key, the
 * workspace and its generation, so nothing secret is stored, and a rotation changes it.
 */
export async function inboundSecret(db: Db, box: SecretsBox, workspaceId: string): Promise<string> {
  const stored = await db.inboundKeys.findOne({ workspaceId }).lean();
  return box.mac('inbound', `${workspaceId}:${stored?.generation ?? 1}`);
}

/** Makes a new secret for the workspace (the old one stops working at once) and answers it. */
export async function rotateInboundSecret(db: Db, box: SecretsBox, workspaceId: string): Promise<string> {
  // A workspace never rotated holds generation 1 without a document: make it, then move it on.
  await db.inboundKeys.updateOne({ workspaceId }, { $setOnInsert: { workspaceId, generation: 1 } }, { upsert: true });
  await db.inboundKeys.updateOne({ workspaceId }, { $inc: { generation: 1 } });
  return inboundSecret(db, box, workspaceId);
}

/** True when `given` is the workspace's current inbound secret (compared in constant time). */
export async function isInboundSecret(db: Db, box: SecretsBox, workspaceId: string, given: string): Promise<boolean> {
  const expected = Buffer.from(await inboundSecret(db, box, workspaceId));
  const offered = Buffer.from(given);
  return offered.length === expected.length && timingSafeEqual(offered, expected);
}
