import { ACROSS_WORKSPACES, isDuplicateKey } from '@meetflow/plugin-sdk';
import { Types, type Model } from 'mongoose';
import { nextSequence, type Counter } from '../../../core/db/counter.ts';
import { publishEvent, type DomainEvent } from '../../../core/events.ts';
import { systemRunContext } from '../../../core/run-context.ts';
import type { Prospect } from './model.ts';
import { ConflictError, NotFoundError } from '../../../core/errors.ts';
import type { NewProspect, ProspectDetailView, ProspectListOptions, ProspectSummaryView } from './api-schemas.ts';
import { matchesTerms, searchFilter, searchTerms, searchWords } from './search-text.ts';
import { prospectQuery, sortOrder, type ProspectQueryDeps } from './query.ts';
import { addSearchKeys, searchCandidates, type ProspectSearchKey } from './search-keys.ts';

/** The models prospect services work on. */
export interface ProspectDb {
  prospects: Model<Prospect>;
  counters: Model<Counter>;
  events: Model<DomainEvent>;
  prospectSearchKeys: Model<ProspectSearchKey>;
}

/** A prospect as the list shows it. */
export const summary = (prospect: Prospect): ProspectSummaryView => ({
  id: prospect.id,
  firstName: prospect.firstName,
  lastName: prospect.lastName,
  jobTitle: prospect.jobTitle ?? null,
  company: prospect.company,
  email: prospect.email,
  score: prospect.score ?? null,
  industry: prospect.industry ?? null,
  source: prospect.source ?? null,
  sample: prospect.sample ?? false,
});

const detail = (prospect: Prospect): ProspectDetailView => ({
  ...summary(prospect),
  website: prospect.website ?? null,
  linkedinUrl: prospect.linkedinUrl ?? null,
  companySize: prospect.companySize ?? null,
  employeeCount: prospect.employeeCount ?? null,
  createdAt: (prospect.createdAt ?? new Date(0)).toISOString(),
});

const duplicateEmail = (email: string) => new ConflictError(`A prospect with email ${email} already exists`);

/** Adds a prospect under the workspace's next id; 409 when its email (any case) is already there. */
export async function createProspect(db: ProspectDb, workspaceId: string, input: NewProspect): Promise<ProspectDetailView> {
  const emailLower = input.email.toLowerCase();
  // Checked first so a duplicate does not use up an id; the unique index still decides a race.
  if (await db.prospects.exists({ workspaceId, emailLower })) throw duplicateEmail(input.email);
  const id = await nextSequence(db.counters, workspaceId, 'prospect');
  // Its search keys first, so a prospect that exists is always found (keys of one that lost a race match nothing).
  const _id = new Types.ObjectId();
  const searchText = searchWords(input);
  await addSearchKeys(db, workspaceId, [{ _id, id, searchText }]);
  try {
    const created = await db.prospects.create({
      ...input,
      _id,
      workspaceId,
      id,
      emailLower,
      score: input.score ?? null,
      industryLower: input.industry?.toLowerCase() ?? null,
      searchText,
    });
    const { firstName, lastName, email, company, jobTitle = null, source = null } = created.toObject();
    await publishEvent(db, systemRunContext(workspaceId, 'prospects'), {
      type: 'prospect.created',
      key: String(id),
      data: { prospect: { id, firstName, lastName, email, company, jobTitle, source } },
    });
    return detail(created.toObject());
  } catch (error) {
    if (isDuplicateKey(error) && /emailLower/.test((error as Error).message)) throw duplicateEmail(input.email);
    throw error;
  }
}

/**
 * One page of the workspace's prospects matching the list's filters, in its order, and how many
 * match in all; ties are broken by id, so pages never overlap.
 */
export async function listProspects(
  deps: ProspectQueryDeps & { db: Pick<ProspectDb, 'prospectSearchKeys'> },
  workspaceId: string,
  options: ProspectListOptions,
): Promise<{ items: ProspectSummaryView[]; total: number }> {
  const db = deps.db;
  const base = await prospectQuery(deps, workspaceId, { ...options, search: undefined });
  const order = sortOrder(options);
  const terms = searchTerms(options.search);
  if (terms.length > 0) {
    const filter = {
      ...base,
      $and: [...((base.$and as unknown[] | undefined) ?? []), ...(searchFilter(options.search).$and as unknown[])],
    };
    const candidates = await searchCandidates(db, workspaceId, terms);
    // Only 1-character terms: nearly every prospect is a candidate, so the database's own scan is as cheap.
    if (!candidates) return searchPage(db, filter, order, options);
    // No other filter: the candidates alone, by the `_id` index, checked here. Else the database applies the filters to them.
    if (!base.$and) return candidatePage(db, workspaceId, candidates, terms, order, options);
    return searchPage(db, { ...filter, _id: { $in: candidates } }, order, options);
  }
  const [items, total] = await Promise.all([
    db.prospects.find(base).sort(order).skip(options.offset).limit(options.limit).lean<Prospect[]>(),
    db.prospects.countDocuments(base),
  ]);
  return { items: items.map(summary), total };
}

/**
 * A search's page in one pass over the matches: their `_id`s in order (the total is how many),
 * then the page's prospects by `_id`. On the embedded database a filter other than `_id $in`
 * reads every prospect of the collection, so a find and a count would read them twice. The
 * `_id`s come from the workspace's own matches, so reading them by id alone stays within it.
 */
async function searchPage(
  db: Pick<ProspectDb, 'prospects'>,
  filter: Record<string, unknown>,
  order: Record<string, 1 | -1>,
  options: ProspectListOptions,
): Promise<{ items: ProspectSummaryView[]; total: number }> {
  const matches = await db.prospects.find(filter, { _id: 1 }).sort(order).lean<Array<{ _id: Types.ObjectId }>>();
  return pageOf(
    db,
    matches.map((match) => match._id),
    options,
  );
}

/**
 * A search with no other filter, from its key candidates: they are read in the list's order by
 * `_id $in` and the workspace (the embedded database looks each up by the `_id` index), and those
 * whose stored words start with every term are the matches.
 */
async function candidatePage(
  db: Pick<ProspectDb, 'prospects'>,
  workspaceId: string,
  candidates: Types.ObjectId[],
  terms: readonly string[],
  order: Record<string, 1 | -1>,
  options: ProspectListOptions,
): Promise<{ items: ProspectSummaryView[]; total: number }> {
  if (candidates.length === 0) return { items: [], total: 0 };
  const read = await db.prospects
    .find({ _id: { $in: candidates }, workspaceId }, { _id: 1, searchText: 1 })
    .sort(order)
    .lean<Array<Pick<Prospect, 'searchText'> & { _id: Types.ObjectId }>>();
  const matches = read.filter((prospect) => matchesTerms(prospect.searchText, terms));
  return pageOf(
    db,
    matches.map((match) => match._id),
    options,
  );
}

/** The page of `matches` (the `_id`s of all matches, in order) the options ask for, read by `_id`, and the total. */
async function pageOf(
  db: Pick<ProspectDb, 'prospects'>,
  matches: Types.ObjectId[],
  options: ProspectListOptions,
): Promise<{ items: ProspectSummaryView[]; total: number }> {
  const page = matches.slice(options.offset, options.offset + options.limit);
  if (page.length === 0) return { items: [], total: matches.length };
  const found = await db.prospects.find({ _id: { $in: page } }, null, ACROSS_WORKSPACES).lean<Array<Prospect & { _id: Types.ObjectId }>>();
  const byId = new Map(found.map((prospect) => [String(prospect._id), prospect]));
  const items = page.flatMap((id) => byId.get(String(id)) ?? []);
  return { items: items.map(summary), total: matches.length };
}

/** One prospect of the workspace; 404 naming the id when it is not there. */
export async function findProspect(db: Pick<ProspectDb, 'prospects'>, workspaceId: string, id: number): Promise<ProspectDetailView> {
  const found = await db.prospects.findOne({ workspaceId, id }).lean<Prospect>();
  if (!found) throw new NotFoundError(`No prospect ${id} in this workspace`);
  return detail(found);
}

/** The ids among `ids` that name no prospect of the workspace. */
export async function unknownProspectIds(
  db: Pick<ProspectDb, 'prospects'>,
  workspaceId: string,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db.prospects.find({ workspaceId, id: { $in: ids } }, { id: 1 }).lean<Array<Pick<Prospect, 'id'>>>();
  const known = new Set(found.map((prospect) => prospect.id));
  return ids.filter((id) => !known.has(id));
}
