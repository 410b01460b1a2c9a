import type { Models } from '../../models.ts';
import { domainOf } from '../sending/guardrails.ts';

/** The suppression list entry that forbids emailing `email`: the address's own, or else its whole domain's (`*@domain`). */
export async function suppressionOf(
  db: Pick<Models, 'suppressions'>,
  workspaceId: string,
  email: string,
): Promise<{ reason: string; email: string } | null> {
  return (await suppressionsOf(db, workspaceId, [email])).get(email.trim().toLowerCase()) ?? null;
}

/** Of `emails`, those suppressed in the workspace (by address, or else by domain), with the entry: one read for the list. */
export async function suppressionsOf(
  db: Pick<Models, 'suppressions'>,
  workspaceId: string,
  emails: readonly string[],
): Promise<Map<string, { reason: string; email: string }>> {
  const addresses = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
  if (addresses.length === 0) return new Map();
  const entries = await db.suppressions
    .find(
      { workspaceId, email: { $in: [...new Set(addresses.flatMap((address) => [address, `*@${domainOf(address)}`]))] } },
      { reason: 1, email: 1 },
    )
    .lean();
  const entryOf = new Map(entries.map((entry) => [entry.email, { reason: entry.reason, email: entry.email }]));
  const suppressed = new Map<string, { reason: string; email: string }>();
  for (const address of addresses) {
    const entry = entryOf.get(address) ?? entryOf.get(`*@${domainOf(address)}`);
    if (entry) suppressed.set(address, entry);
  }
  return suppressed;
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
