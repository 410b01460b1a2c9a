// Reading posting lists and combining them in memory: unions, intersections and exact range checks.
import type { Model } from 'mongoose';
import type { SamplePosting } from './model.ts';
import type { KeyUnion, PostingFilter } from './filters.ts';
import { postingId } from './postings.ts';

/** Everyone listed under one key, across batches, with the values of band keys. */
export interface Listing {
  ids: string[];
  values: number[] | null;
}

/**
 * The listings of `keys` over generation batches 0 … batches − 1, in one `_id $in` query (the
 * embedded database answers it from the `_id` index; so does MongoDB). Keys nobody has are absent.
 */
export async function readListings(
  postings: Model<SamplePosting>,
  keys: readonly string[],
  batches: number,
): Promise<Map<string, Listing>> {
  const listings = new Map<string, Listing>();
  if (keys.length === 0 || batches === 0) return listings;
  const ids = keys.flatMap((key) => Array.from({ length: batches }, (_, batch) => postingId(key, batch)));
  const documents = await postings.find({ _id: { $in: ids } }).lean<SamplePosting[]>();
  for (const posting of documents.toSorted((left, right) => left.batch - right.batch)) {
    const listing = listings.get(posting.key) ?? { ids: [], values: posting.values ? [] : null };
    listings.set(posting.key, listing);
    listing.ids.push(...posting.ids);
    if (listing.values && posting.values) listing.values.push(...posting.values);
  }
  return listings;
}

function unionOf(listings: ReadonlyMap<string, Listing>, union: KeyUnion): Set<string> {
  const found = new Set<string>();
  for (const key of union.keys) {
    const listing = listings.get(key);
    if (!listing) continue;
    const { range } = union;
    listing.ids.forEach((id, at) => {
      const value = listing.values?.[at];
      if (!range || (value !== undefined && value >= range.min && value <= range.max)) found.add(id);
    });
  }
  return found;
}

/** The ids in every set (smallest first, so the work is bounded by the rarest). */
export function intersection(sets: ReadonlyArray<ReadonlySet<string>>): Set<string> {
  const [smallest, ...others] = sets.toSorted((left, right) => left.size - right.size);
  if (!smallest) return new Set();
  return new Set([...smallest].filter((id) => others.every((set) => set.has(id))));
}

/** The people one criterion matches: in any branch, where a branch needs every union (ranges checked exactly). */
export function matchingIds(listings: ReadonlyMap<string, Listing>, filter: PostingFilter): Set<string> {
  const found = new Set<string>();
  for (const branch of filter) for (const id of intersection(branch.map((union) => unionOf(listings, union)))) found.add(id);
  return found;
}
