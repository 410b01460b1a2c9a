import { ACROSS_WORKSPACES, isDuplicateKey } from '@meetflow/plugin-sdk';
import type { Model, Types } from 'mongoose';
import { nextSequence, type Counter } from '../../../core/db/counter.ts';
import { publishEvent, type DomainEvent } from '../../../core/events.ts';
import { systemRunContext } from '../../../core/run-context.ts';
import type { Prospect } from './model.ts';
import { ConflictError, NotFoundError } from '../../../core/errors.ts';
import type { NewProspect, ProspectDetailView, ProspectListOptions, ProspectSummaryView } from './api-schemas.ts';
import { searchWords } from './search-text.ts';
import { prospectQuery, sortOrder, type ProspectQueryDeps } from './query.ts';

/** The models prospect services work on. */
export interface ProspectDb {
  prospects: Model<Prospect>;
  counters: Model<Counter>;
  events: Model<DomainEvent>;
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
  try {
    const created = await db.prospects.create({
      ...input,
      workspaceId,
      id,
      emailLower,
      score: input.score ?? null,
      industryLower: input.industry?.toLowerCase() ?? null,
      searchText: searchWords(input),
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
  deps: ProspectQueryDeps,
  workspaceId: string,
  options: ProspectListOptions,
): Promise<{ items: ProspectSummaryView[]; total: number }> {
  const db = deps.db;
  const filter = await prospectQuery(deps, workspaceId, options);
  const order = sortOrder(options);
  if (options.search?.trim()) return searchPage(db, filter, order, options);
  const [items, total] = await Promise.all([
    db.prospects.find(filter).sort(order).skip(options.offset).limit(options.limit).lean<Prospect[]>(),
    db.prospects.countDocuments(filter),
  ]);
  return { items: items.map(summary), total };
}

/**
 * A search's page in one pass over the matches: their `_id`s in order (the total is how many),
 * then the page's prospects by `_id`. A search matches few prospects, and on the embedded
 * database each filtered query reads every prospect of the collection: a find and a count read
 * them twice, while `_id $in` names exactly a unique index's key. The `_id`s come from the
 * workspace's own matches, so reading them by id alone stays within it.
 */
async function searchPage(
  db: Pick<ProspectDb, 'prospects'>,
  filter: Record<string, unknown>,
  order: Record<string, 1 | -1>,
  options: ProspectListOptions,
): Promise<{ items: ProspectSummaryView[]; total: number }> {
  const matches = await db.prospects.find(filter, { _id: 1 }).sort(order).lean<Array<{ _id: Types.ObjectId }>>();
  const page = matches.slice(options.offset, options.offset + options.limit).map((match) => match._id);
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
