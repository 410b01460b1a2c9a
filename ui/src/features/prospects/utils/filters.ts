import type { GetApiProspectsQuery, PostApiProspectsSequencesStopBody } from '../../../lib/api-types.generated.ts';

/** Where a prospect stands by its latest pipeline run (the list's status filter). */
export type ProspectStatus = NonNullable<GetApiProspectsQuery['status']>;
/** Whether a prospect's sequence runs, has ended, or was never started (the list's sequence filter). */
export type SequenceFilter = NonNullable<GetApiProspectsQuery['sequence']>;
/** The columns the list sorts by on the server. */
export type SortKey = NonNullable<GetApiProspectsQuery['sort']>;
/** A filter as a selection "by filter" sends it. */
export type SelectionFilter = Extract<PostApiProspectsSequencesStopBody['selection'], { kind: 'filter' }>['filter'];

export const STATUSES: readonly ProspectStatus[] = ['not-processed', 'in-progress', 'enrolled', 'not-qualified', 'completed', 'failed'];
export const SEQUENCE_FILTERS: readonly SequenceFilter[] = ['none', 'running', 'ended'];
const SORTS: readonly SortKey[] = ['id', 'name', 'company', 'industry', 'score'];
/** How many rows a page may show. */
export const PAGE_SIZES = [25, 50, 100] as const;
/** Rows a page shows unless the URL says otherwise. */
export const PAGE_SIZE = PAGE_SIZES[0];

/** The list's search, filters, order and page, as kept in the URL (text as typed; empty when unset). */
export interface ProspectFilters {
  search: string;
  industry: string;
  minScore: string;
  maxScore: string;
  source: string;
  campaign: string;
  status: ProspectStatus | '';
  sequence: SequenceFilter | '';
  sort: SortKey | '';
  order: 'asc' | 'desc' | '';
  page: number;
  pageSize: number;
}

/** The filters that narrow the list (not its order or page). */
export const FILTER_KEYS = ['search', 'industry', 'minScore', 'maxScore', 'source', 'campaign', 'status', 'sequence'] as const;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | '' => (allowed.includes(value as T) ? (value as T) : '');
/** A score bound as typed in the URL: a number from 0 to 100, else nothing (a hand-edited URL never makes a 400). */
const scoreOf = (value: string | null): string => {
  const number = Number(value);
  return value !== null && value.trim() !== '' && Number.isFinite(number) && number >= 0 && number <= 100 ? value.trim() : '';
};

/** The filters a URL's query holds (missing or unreadable ones empty, page 1, the first page size). */
export function filtersFromParams(params: URLSearchParams): ProspectFilters {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const campaign = params.get('campaign') ?? '';
  return {
    search: params.get('q') ?? '',
    industry: params.get('industry') ?? '',
    minScore: scoreOf(params.get('minScore')),
    maxScore: scoreOf(params.get('maxScore')),
    source: params.get('source') ?? '',
    campaign: /^[1-9]\d{0,9}$/.test(campaign) ? campaign : '',
    status: oneOf(params.get('status'), STATUSES),
    sequence: oneOf(params.get('sequence'), SEQUENCE_FILTERS),
    sort: oneOf(params.get('sort'), SORTS),
    order: oneOf(params.get('order'), ['asc', 'desc'] as const),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZE,
  };
}

/** The URL query of the filters (only what is set, in a fixed order). */
export function paramsFromFilters(filters: ProspectFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries({
      q: filters.search,
      industry: filters.industry,
      minScore: filters.minScore,
      maxScore: filters.maxScore,
      source: filters.source,
      campaign: filters.campaign,
      status: filters.status,
      sequence: filters.sequence,
      sort: filters.sort,
      order: filters.order,
      page: filters.page > 1 ? String(filters.page) : '',
      size: filters.pageSize === PAGE_SIZE ? '' : String(filters.pageSize),
    }).filter(([, value]) => value !== ''),
  );
}

/** How many filters narrow the list (the Filters button says so). */
export const activeFilters = (filters: ProspectFilters): number =>
  FILTER_KEYS.filter((key) => key !== 'search' && filters[key].trim() !== '').length;

/** The filters and order as the API's query takes them (only what is set). */
function filterQuery(filters: ProspectFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key].trim() !== '') query.set(key, filters[key].trim());
  if (filters.sort) query.set('sort', filters.sort);
  if (filters.order) query.set('order', filters.order);
  return query;
}

/** GET /api/prospects's query for the filters: server-side search, filters, order and paging. */
export function listQueryString(filters: ProspectFilters): string {
  const query = new URLSearchParams({ limit: String(filters.pageSize), offset: String((filters.page - 1) * filters.pageSize) });
  for (const [key, value] of filterQuery(filters)) query.set(key, value);
  return query.toString();
}

/** A string identifying what the filters select (not the order or page): a selection belongs to one. */
export const filterKey = (filters: ProspectFilters): string => FILTER_KEYS.map((key) => `${key}=${filters[key].trim()}`).join('&');

/** The filters as a selection "by filter" sends them to the server, numbers as numbers. */
export function selectionFilter(filters: ProspectFilters): SelectionFilter {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const number = (value: string) => (value.trim() === '' ? undefined : Number(value));
  const filter: SelectionFilter = {
    search: text(filters.search),
    industry: text(filters.industry),
    minScore: number(filters.minScore),
    maxScore: number(filters.maxScore),
    source: text(filters.source),
    campaign: number(filters.campaign),
    status: filters.status || undefined,
    sequence: filters.sequence || undefined,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as SelectionFilter;
}

/** GET /api/prospects/export.csv's query: the filters and order, and the chosen or left-out ids. */
export function exportQueryString(filters: ProspectFilters, ids: { only?: readonly number[]; except?: readonly number[] }): string {
  const query = filterQuery(filters);
  if (ids.only) query.set('ids', ids.only.join(','));
  if (ids.except && ids.except.length > 0) query.set('exclude', ids.except.join(','));
  return query.toString();
}

/** The score badge (spec section 9): above 75 the default style, above 50 secondary, else outline; N/A unscored. */
export function scoreBadge(score: number | null): { label: string; className: string } {
  if (score === null) return { label: 'N/A', className: 'badge-ghost' };
  return { label: `Score: ${score}`, className: score > 75 ? 'badge-neutral' : score > 50 ? 'badge-secondary' : 'badge-outline' };
}

/** Two letters for the avatar. */
export function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}
