import type { Models } from '../../models.ts';
import { domainOf } from '../sending/guardrails.ts';

/** The suppression list entry that forbids emailing `email`: the address's own, or its whole domain's (`*@domain`). */
export async function suppressionOf(db: Pick<Models, 'suppressions'>, workspaceId: string, email: string) {
  const address = email.trim().toLowerCase();
  return db.suppressions.findOne({ workspaceId, email: { $in: [address, `*@${domainOf(address)}`] } }, { reason: 1, email: 1 }).lean();
}

/** Adds an address to the suppression list (idempotent: the first reason stays). */
export async function suppress(db: Pick<Models, 'suppressions'>, workspaceId: string, email: string, reason: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await db.suppressions.updateOne(
    { workspaceId, email: address },
    { $setOnInsert: { workspaceId, email: address, reason } },
    { upsert: true },
  );
}
