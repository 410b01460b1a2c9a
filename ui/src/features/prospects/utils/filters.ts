/** The list's search, filters and page, as kept in the URL. */
export interface ProspectFilters {
  search: string;
  industry: string;
  minScore: string;
  source: string;
  page: number;
}

/** Rows a page shows. */
export const PAGE_SIZE = 25;

/** The filters a URL's query holds (missing ones empty, page 1). */
export function filtersFromParams(params: URLSearchParams): ProspectFilters {
  const page = Number(params.get('page'));
  return {
    search: params.get('q') ?? '',
    industry: params.get('industry') ?? '',
    minScore: params.get('minScore') ?? '',
    source: params.get('source') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The URL query of the filters (only what is set). */
export function paramsFromFilters(filters: ProspectFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries({
      q: filters.search,
      industry: filters.industry,
      minScore: filters.minScore,
      source: filters.source,
      page: filters.page > 1 ? String(filters.page) : '',
    }).filter(([, value]) => value !== ''),
  );
}

/** GET /api/prospects's query for the filters: server-side search, filters and paging. */
export function listQueryString(filters: ProspectFilters): string {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String((filters.page - 1) * PAGE_SIZE) });
  if (filters.search.trim()) query.set('search', filters.search.trim());
  if (filters.industry.trim()) query.set('industry', filters.industry.trim());
  if (filters.minScore.trim()) query.set('minScore', filters.minScore.trim());
  if (filters.source.trim()) query.set('source', filters.source.trim());
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
