import { escapeRegex } from '../../../core/regex.ts';
import { isDuplicateKey } from '@meetflow/plugin-sdk';
import type { Types } from 'mongoose';
import type { Models } from '../../models.ts';
import { InputError, NotFoundError } from '../../../core/errors.ts';
import type { Suppression, SuppressionSource } from '../outbox/model.ts';
import type { AddResult, AddSuppressions, SuppressionListOptions, SuppressionPage, SuppressionView } from './api-schemas.ts';
import { kindOf, parseEntry, quoted } from './entry.ts';

/** The model the suppression list is kept in (sequences/outbox-model.ts). */
export type SuppressionDb = Pick<Models, 'suppressions'>;

type Row = Suppression & { _id: Types.ObjectId };

/** The reason an entry added by hand gets when the person gives none. */
export const MANUAL_REASON = 'manual';

/** The reasons the automatic writers give (sending/unsubscribe-routes.ts, sending/bounces.ts, replies/handle-reply.ts). */
const SOURCE_OF_REASON: Record<string, SuppressionSource> = {
  unsubscribed: 'unsubscribe',
  bounced: 'bounce',
  'asked to be removed': 'reply',
};

/** How an entry came onto the list: as recorded, or, for one written before sources were, read from its reason. */
export const sourceOf = (row: Pick<Suppression, 'reason' | 'source'>): SuppressionSource =>
  row.source ?? SOURCE_OF_REASON[row.reason] ?? 'manual';

/** An entry as the API shows it (one written before timestamps were kept dates from its id). */
export function viewOf(row: Row): SuppressionView {
  return {
    email: row.email,
    kind: kindOf(row.email),
    reason: row.reason,
    source: sourceOf(row),
    createdAt: (row.createdAt ?? row._id.getTimestamp()).toISOString(),
    ...(row.addedBy ? { addedBy: row.addedBy } : {}),
  };
}

/** The filter of a page: the workspace's entries containing the search, with the reason. */
function filterOf(workspaceId: string, { search, reason }: Pick<SuppressionListOptions, 'search' | 'reason'>) {
  return {
    workspaceId,
    ...(search ? { email: { $regex: escapeRegex(search.toLowerCase()) } } : {}),
    ...(reason ? { reason } : {}),
  };
}

/** Every entry of the workspace counted by reason, most first (then by reason). */
async function countsByReason(db: SuppressionDb, workspaceId: string): Promise<SuppressionPage['byReason']> {
  const groups = await db.suppressions.aggregate<{ _id: string; count: number }>([
    { $match: { workspaceId } },
    { $group: { _id: '$reason', count: { $sum: 1 } } },
  ]);
  return groups.map(({ _id, count }) => ({ reason: _id, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/**
 * One page of the workspace's suppression list, newest first (entries of the same instant, such as
 * those added in one request, by address), with the counts by reason.
 */
export async function listSuppressions(db: SuppressionDb, workspaceId: string, options: SuppressionListOptions): Promise<SuppressionPage> {
  const filter = filterOf(workspaceId, options);
  const [rows, total, byReason] = await Promise.all([
    db.suppressions
      .find(filter)
      .sort({ createdAt: -1, email: 1 })
      .skip((options.page - 1) * options.limit)
      .limit(options.limit)
      .lean<Row[]>(),
    db.suppressions.countDocuments(filter),
    countsByReason(db, workspaceId),
  ]);
  return { items: rows.map(viewOf), total, page: options.page, limit: options.limit, byReason };
}

/** The stored form of each entry, once each (the body's schema has already refused any that is none). */
function storedEntries(entries: readonly string[]): string[] {
  const stored = entries.map((raw) => {
    const parsed = parseEntry(raw);
    if ('problem' in parsed) throw new InputError(`Invalid request: entries: ${quoted(raw)} ${parsed.problem}`);
    return parsed.email;
  });
  return [...new Set(stored)];
}

/** Upserts the entries; answers those that were not on the list before. */
async function upsertEntries(db: SuppressionDb, workspaceId: string, emails: string[], reason: string, addedBy: string) {
  const result = await db.suppressions.bulkWrite(
    emails.map((email) => ({
      updateOne: {
        filter: { workspaceId, email },
        update: { $setOnInsert: { workspaceId, email, reason, source: 'manual' as const, addedBy } },
        upsert: true,
      },
    })),
    { ordered: false },
  );
  return Object.keys(result.upsertedIds).map((index) => emails[Number(index)]!);
}

/**
 * Adds addresses and domains by hand, with their reason (default "manual") and who added them.
 * Idempotent: an entry already on the list keeps its first reason and counts as already present;
 * the same entry twice in one request counts once.
 */
export async function addSuppressions(
  db: SuppressionDb,
  workspaceId: string,
  input: AddSuppressions,
  addedBy: string,
): Promise<AddResult & { emails: string[] }> {
  const emails = storedEntries(input.entries);
  const reason = input.reason ?? MANUAL_REASON;
  let added: string[];
  try {
    added = await upsertEntries(db, workspaceId, emails, reason, addedBy);
  } catch (error) {
    // Another request added one of them meanwhile: a second pass finds it there (and counts what the first added as present).
    if (!isDuplicateKey(error)) throw error;
    added = await upsertEntries(db, workspaceId, emails, reason, addedBy);
  }
  return { added: added.length, alreadyPresent: emails.length - added.length, emails: added };
}

/** Takes an entry off the list (an address, or a domain in any of its written forms); answers it as it was. */
export async function removeSuppression(db: SuppressionDb, workspaceId: string, raw: string): Promise<SuppressionView> {
  const parsed = parseEntry(raw);
  if ('problem' in parsed) throw new InputError(`Invalid request: email: ${quoted(raw)} ${parsed.problem}`);
  const removed = await db.suppressions.findOneAndDelete({ workspaceId, email: parsed.email }).lean<Row>();
  if (!removed) throw new NotFoundError(`${parsed.email} is not on the suppression list.`);
  return viewOf(removed);
}
