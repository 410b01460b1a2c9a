/** The list's search, reason and page, as kept in the URL. */
export interface SuppressionFilters {
  search: string;
  /** Only entries with exactly this reason; '' for every reason. */
  reason: string;
  page: number;
}

/** Entries a page shows. */
export const PAGE_SIZE = 25;

/** The filters a URL's query holds (missing ones empty, page 1). */
export function filtersFromParams(params: URLSearchParams): SuppressionFilters {
  const page = params.get('page') ?? '';
  return {
    search: params.get('q') ?? '',
    reason: params.get('reason') ?? '',
    page: /^[1-9]\d{0,6}$/.test(page) ? Number(page) : 1,
  };
}

/** The URL query of the filters (only what is set). */
export function paramsFromFilters(filters: SuppressionFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.search.trim()) params.q = filters.search;
  if (filters.reason) params.reason = filters.reason;
  if (filters.page > 1) params.page = String(filters.page);
  return params;
}

/** GET /api/suppressions for one page under the filters. */
export function suppressionsPath(filters: SuppressionFilters): string {
  const query = new URLSearchParams();
  const search = filters.search.trim();
  if (search) query.set('search', search);
  if (filters.reason) query.set('reason', filters.reason);
  query.set('page', String(filters.page));
  query.set('limit', String(PAGE_SIZE));
  return `/api/suppressions?${query.toString()}`;
}

/** Why a filtered page is empty: "Nothing on the list contains “acme” with the reason “bounced”." */
export function noMatchText({ search, reason }: Pick<SuppressionFilters, 'search' | 'reason'>): string {
  const typed = search.trim();
  if (typed && reason) return `Nothing on the list contains “${typed}” with the reason “${reason}”.`;
  if (typed) return `Nothing on the list contains “${typed}”.`;
  return `Nothing on the list has the reason “${reason}”.`;
}
