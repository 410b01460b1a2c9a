// The prospect search's key index (issue #36 item 5): for each prefix of each search word, the
// `_id`s of the workspace's prospects having it, so a search reads a few documents by exact key
// instead of running a `$regex` over every prospect. The embedded database (mongo-java-server)
// keeps no non-unique index and looks a document up by a unique index only when the filter names
// each of its keys with a value (`$in` only on a single key; an `$in` over a compound key scans the
// collection): so each key document's `_id` is its (workspace, prefix, bucket), and a search reads
// all it needs with one `{ _id: { $in }, workspaceId }`. A bucket holds the prospects of BUCKET
// consecutive ids, so no document grows with the workspace (BSON's 16 MB; every upsert rewrites
// its document). Keys may name more prospects than match (a lost insert race); never fewer, since
// every write of a prospect writes its keys first, and each candidate is checked against its
// `searchText` before it counts.
import { ACROSS_WORKSPACES, duplicateKeyIndexes, isDuplicateKey } from '@meetflow/plugin-sdk';
import { Schema, type AnyBulkWriteOperation, type Connection, type Model, type Types } from 'mongoose';
import type { Prospect } from './model.ts';

/** The `_id`s of a workspace's prospects with ids in one bucket that have a search word starting with `prefix`. */
export interface ProspectSearchKey {
  /** `[workspaceId, prefix, bucket]` as JSON (keyId): the exact key every read and write names. */
  _id: string;
  workspaceId: string;
  /** A prefix of a search word; '' is the workspace's own entry (workspaceEntry). */
  prefix: string;
  bucket: number;
  ids: Types.ObjectId[];
  /** On the workspace's entry only: the highest bucket any key was written in. */
  top?: number;
  /** On the workspace's entry only: every prospect written before the keys existed has been keyed (ensureSearchKeys). */
  keyed?: boolean;
}

const ProspectSearchKeySchema = new Schema<ProspectSearchKey>(
  {
    _id: { type: String, required: true },
    workspaceId: { type: String, required: true },
    prefix: { type: String, default: '' },
    bucket: { type: Number, default: 0 },
    ids: { type: [Schema.Types.ObjectId], default: undefined },
    top: { type: Number },
    keyed: { type: Boolean },
  },
  { versionKey: false },
);

/** Registers the ProspectSearchKey model on a connection (once). */
export function prospectSearchKeyModel(connection: Connection): Model<ProspectSearchKey> {
  return (
    (connection.models.ProspectSearchKey as Model<ProspectSearchKey> | undefined) ??
    connection.model<ProspectSearchKey>('ProspectSearchKey', ProspectSearchKeySchema, 'prospect_search_keys')
  );
}

/**
 * Prefixes are keyed from 2 characters: a 1-character term is no filter worth reading (it starts
 * a word of most prospects) and is only checked against the candidates the other terms give.
 * Up to 6: a typed word longer than that is looked up by its first 6 and checked exactly. Keys are
 * what writing a prospect costs: on the bench's 10,000 sample prospects a cap of 6 makes 19.0 keys
 * a prospect, 8 makes 24.6 and 12 makes 33.3, while 6 characters of a name already leave few
 * candidates to check.
 */
export const MIN_PREFIX = 2;
export const MAX_PREFIX = 6;

/**
 * Prospect ids per bucket: a key document holds at most this many `_id`s (about 18 KB), and a
 * search reads one document per bucket of the workspace for each typed word (11 at 10,000
 * prospects), all in one round trip. A launch's prospects have consecutive ids, so its keys fall
 * in one or two buckets.
 */
export const BUCKET = 1_000;
export const bucketOf = (prospectId: number): number => Math.floor(prospectId / BUCKET);

/** The `_id` of a key document. */
export const keyId = (workspaceId: string, prefix: string, bucket: number): string => JSON.stringify([workspaceId, prefix, bucket]);
/** The `_id` of the workspace's entry: the highest bucket written and whether the workspace is keyed. */
const workspaceEntry = (workspaceId: string) => keyId(workspaceId, '', 0);

/** Code points, not UTF-16 units, so a prefix never ends in half a surrogate pair (BSON strings are UTF-8). */
const head = (text: string, length: number) => [...text].slice(0, length).join('');

/** The keys of a prospect's search words: their prefixes of MIN_PREFIX to MAX_PREFIX characters. A typed term never holds white space, so no prefix that does is kept. */
export function searchKeysOf(words: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const word of words) {
    const chars = [...word];
    for (let length = MIN_PREFIX; length <= Math.min(MAX_PREFIX, chars.length); length++) {
      const prefix = chars.slice(0, length).join('');
      if (/\s/.test(prefix)) break;
      keys.add(prefix);
    }
  }
  return [...keys];
}

/** The key a typed term is looked up by, or null for a term too short to be keyed. */
export function lookupKeyOf(term: string): string | null {
  return [...term].length < MIN_PREFIX ? null : head(term, MAX_PREFIX);
}

/** A bulk write that failed only on the unique index (a concurrent upsert of the same key). */
const onlyDuplicateKeys = (error: unknown) =>
  (error as { writeErrors?: unknown }).writeErrors === undefined ? isDuplicateKey(error) : duplicateKeyIndexes(error) !== null;

type SearchKeysDb = { prospectSearchKeys: Model<ProspectSearchKey> };
/** The keys and the prospects they are made from. */
type KeyedDb = SearchKeysDb & { prospects: Model<Prospect> };
/** What a prospect's keys are made from. */
export type KeyedProspect = { _id: Types.ObjectId; id: number; searchText: readonly string[] };

/**
 * Adds the prospects' keys in one unordered bulkWrite (one round trip for a whole launch or
 * import): one upsert per (prefix, bucket) the prospects have, by `_id`, `$addToSet`, and one
 * raising the workspace's highest bucket. Writing them again changes nothing. Two writers
 * creating the same key at once race on `_id`; the loser's upserts are run again and find it.
 */
export async function addSearchKeys(db: SearchKeysDb, workspaceId: string, prospects: readonly KeyedProspect[]): Promise<void> {
  if (prospects.length === 0) return;
  const byKey = new Map<string, { prefix: string; bucket: number; ids: Types.ObjectId[] }>();
  let top = 0;
  for (const prospect of prospects) {
    const bucket = bucketOf(prospect.id);
    top = Math.max(top, bucket);
    for (const prefix of searchKeysOf(prospect.searchText)) {
      const _id = keyId(workspaceId, prefix, bucket);
      const key = byKey.get(_id);
      if (key) key.ids.push(prospect._id);
      else byKey.set(_id, { prefix, bucket, ids: [prospect._id] });
    }
  }
  const operations: Array<AnyBulkWriteOperation<ProspectSearchKey>> = [...byKey].map(([_id, { prefix, bucket, ids }]) => ({
    updateOne: {
      filter: { _id },
      update: { $setOnInsert: { workspaceId, prefix, bucket }, $addToSet: { ids: { $each: ids } } },
      upsert: true,
    },
  }));
  operations.push({
    updateOne: {
      filter: { _id: workspaceEntry(workspaceId) },
      update: { $setOnInsert: { workspaceId, prefix: '', bucket: 0 }, $max: { top } },
      upsert: true,
    },
  });
  for (let attempt = 1; ; attempt++) {
    try {
      await db.prospectSearchKeys.bulkWrite(operations, { ordered: false });
      return;
    } catch (error) {
      if (attempt >= 3 || !onlyDuplicateKeys(error)) throw error;
    }
  }
}

// Bigger chunks share more prefixes between their prospects, so fewer upserts in all.
const BACKFILL_CHUNK = 2_000;

/** The workspace's entry (one read by `_id`). */
const entryOf = (db: SearchKeysDb, workspaceId: string) =>
  db.prospectSearchKeys
    .findOne({ _id: workspaceEntry(workspaceId), workspaceId }, { top: 1, keyed: 1 })
    .lean<Pick<ProspectSearchKey, 'top' | 'keyed'>>();

// The keyings running in this process, by collection and workspace: the start-up's and a first search's share one.
const keying = new WeakMap<object, Map<string, Promise<{ top: number }>>>();

/**
 * Keys every prospect of the workspace, once: when its entry says so, nothing to do. Else its
 * prospects are keyed 2,000 at a time, then the entry marked. Prospects added meanwhile key
 * themselves (createProspect, importProspects, launchCampaign), so once it is marked the keys
 * name every prospect. Run again after a stop, it adds nothing twice; called while it runs in this
 * process, it answers the same promise. Answers the workspace's highest bucket.
 */
export function ensureSearchKeys(db: KeyedDb, workspaceId: string): Promise<{ top: number }> {
  let running = keying.get(db.prospectSearchKeys);
  if (!running) keying.set(db.prospectSearchKeys, (running = new Map()));
  const inFlight = running.get(workspaceId);
  if (inFlight) return inFlight;
  const done = keyWorkspace(db, workspaceId).finally(() => running.delete(workspaceId));
  running.set(workspaceId, done);
  return done;
}

async function keyWorkspace(db: KeyedDb, workspaceId: string): Promise<{ top: number }> {
  const entry = await entryOf(db, workspaceId);
  if (entry?.keyed) return { top: entry.top ?? 0 };
  let chunk: KeyedProspect[] = [];
  const cursor = db.prospects
    .find({ workspaceId }, { _id: 1, id: 1, searchText: 1 })
    .lean<KeyedProspect[]>()
    .cursor({ batchSize: BACKFILL_CHUNK });
  for await (const prospect of cursor as AsyncIterable<KeyedProspect>) {
    chunk.push(prospect);
    if (chunk.length === BACKFILL_CHUNK) {
      await addSearchKeys(db, workspaceId, chunk);
      chunk = [];
    }
  }
  await addSearchKeys(db, workspaceId, chunk);
  const marked = await db.prospectSearchKeys
    .findOneAndUpdate(
      { _id: workspaceEntry(workspaceId), workspaceId },
      { $setOnInsert: { prefix: '', bucket: 0 }, $set: { keyed: true } },
      { upsert: true, returnDocument: 'after', projection: { top: 1 } },
    )
    .lean<Pick<ProspectSearchKey, 'top'>>()
    .catch(async (error: unknown) => {
      // Two first searches at once: the other one inserted the entry.
      if (!isDuplicateKey(error)) throw error;
      return entryOf(db, workspaceId);
    });
  return { top: marked?.top ?? 0 };
}

/** Start-up: keys the prospects of every workspace not yet keyed (a scan of the prospects' workspace ids, then one entry read each). */
export async function backfillSearchKeys(db: KeyedDb): Promise<void> {
  // Every workspace's, on purpose: the platform keeps each workspace's search index.
  const workspaceIds = (await db.prospects.distinct('workspaceId', {}).setOptions(ACROSS_WORKSPACES)) as string[];
  for (const workspaceId of workspaceIds) await ensureSearchKeys(db, workspaceId);
}

/**
 * The `_id`s of the prospects that may match every term of a search, or null when no term is long
 * enough to be keyed (the caller then searches as before). The keyed terms' sets (each the union
 * of its buckets) intersected; a term longer than MAX_PREFIX, or shorter than MIN_PREFIX, is
 * checked later against `searchText`. Two reads by `_id`: the workspace's entry, then every
 * bucket of every term at once.
 */
export async function searchCandidates(db: KeyedDb, workspaceId: string, terms: readonly string[]): Promise<Types.ObjectId[] | null> {
  const prefixes = [...new Set(terms.map(lookupKeyOf).filter((key): key is string => key !== null))];
  if (prefixes.length === 0) return null;
  const { top } = await ensureSearchKeys(db, workspaceId);
  const ids = prefixes.flatMap((prefix) => Array.from({ length: top + 1 }, (_, bucket) => keyId(workspaceId, prefix, bucket)));
  const found = await db.prospectSearchKeys
    .find({ _id: { $in: ids }, workspaceId }, { prefix: 1, ids: 1 })
    .lean<Array<Pick<ProspectSearchKey, 'prefix' | 'ids'>>>();
  const byPrefix = new Map<string, Types.ObjectId[]>(prefixes.map((prefix) => [prefix, []]));
  for (const key of found) byPrefix.get(key.prefix)?.push(...key.ids);
  const lists = [...byPrefix.values()].sort((a, b) => a.length - b.length);
  let candidates = new Map(lists[0]!.map((id) => [String(id), id]));
  for (const list of lists.slice(1)) {
    const inList = new Set(list.map(String));
    candidates = new Map([...candidates].filter(([key]) => inList.has(key)));
  }
  return [...candidates.values()];
}
