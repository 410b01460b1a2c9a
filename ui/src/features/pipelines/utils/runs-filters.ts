import { formatDay } from '../../../utils/format.ts';
import type { RunsFilter } from '../api/get-runs.ts';
import type { RunStatus } from '../api/types.ts';

/** Every run status, in the order a run moves through them (the status filter offers them so). */
export const RUN_STATUSES: readonly RunStatus[] = ['pending', 'running', 'completed', 'failed', 'cancelled'];

/** Runs a page of the runs list shows. */
export const RUNS_PAGE_SIZE = 25;

/** The runs list's filters and page, as kept in the URL ('' when a filter is not set). */
export interface RunsFilters {
  pipeline: string;
  /** A version of `pipeline` ('' unless a pipeline is chosen). */
  version: string;
  status: RunStatus | '';
  /** The first and last day of creation, `YYYY-MM-DD`, in the reader's time zone; both inclusive. */
  from: string;
  to: string;
  /** A prospect id. */
  prospect: string;
  page: number;
}

/**
 * The URL's names for the filters. Not `version`, `from` or `to`: the runs list also sits on a
 * pipeline's page, which already uses `?version=N` for the version it draws and `?from=&to=` for
 * the two versions it compares.
 */
const PARAM = {
  pipeline: 'pipeline',
  version: 'runVersion',
  status: 'status',
  from: 'createdFrom',
  to: 'createdTo',
  prospect: 'prospect',
  page: 'page',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WHOLE = /^[1-9]\d{0,14}$/;

/** A real day `YYYY-MM-DD`, or ''. */
const dayOrEmpty = (value: string | null): string => {
  if (!value || !DAY.test(value)) return '';
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : '';
};
const wholeOrEmpty = (value: string | null): string => (value && WHOLE.test(value) ? value : '');

/**
 * The filters a URL's query holds; a malformed value is left out (as if not set), so a hand-edited
 * link still shows runs. `fixedPipeline`: the page is one pipeline's, whatever the URL says.
 */
export function runsFiltersFromParams(params: URLSearchParams, fixedPipeline?: string): RunsFilters {
  const page = Number(params.get(PARAM.page));
  const status = params.get(PARAM.status) as RunStatus | null;
  const pipeline = fixedPipeline ?? params.get(PARAM.pipeline)?.trim() ?? '';
  return {
    pipeline,
    version: pipeline ? wholeOrEmpty(params.get(PARAM.version)) : '',
    status: status && RUN_STATUSES.includes(status) ? status : '',
    from: dayOrEmpty(params.get(PARAM.from)),
    to: dayOrEmpty(params.get(PARAM.to)),
    prospect: wholeOrEmpty(params.get(PARAM.prospect)),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * `params` with the runs filters written in (only what is set; page 1 is no parameter); the page's
 * other parameters (a pipeline page's `?version=`, `?from=&to=`) are kept. `fixedPipeline`: not written, the path says it.
 */
export function withRunsFilters(params: URLSearchParams, filters: RunsFilters, fixedPipeline?: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const values: Record<keyof RunsFilters, string> = {
    pipeline: fixedPipeline ? '' : filters.pipeline,
    version: filters.pipeline ? filters.version : '',
    status: filters.status,
    from: filters.from,
    to: filters.to,
    prospect: filters.prospect,
    page: filters.page > 1 ? String(filters.page) : '',
  };
  for (const [key, value] of Object.entries(values)) {
    const name = PARAM[key as keyof RunsFilters];
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** The start of a local day, or the last millisecond of it, as the API's ISO moment. */
function localDayBound(day: string, end: boolean): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return (end ? new Date(year, month - 1, date, 23, 59, 59, 999) : new Date(year, month - 1, date)).toISOString();
}

/** GET /api/runs's filter for these filters and their page: the days are the reader's, sent as moments. */
export function runsQuery(filters: RunsFilters, pageSize = RUNS_PAGE_SIZE): RunsFilter {
  return {
    ...(filters.pipeline ? { pipeline: filters.pipeline } : {}),
    ...(filters.pipeline && filters.version ? { version: Number(filters.version) } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.prospect ? { prospect: Number(filters.prospect) } : {}),
    ...(filters.from ? { from: localDayBound(filters.from, false) } : {}),
    ...(filters.to ? { to: localDayBound(filters.to, true) } : {}),
    limit: pageSize,
    offset: (filters.page - 1) * pageSize,
  };
}

/**
 * What each set filter hides, in words, e.g. ["status failed", "pipeline doubler v2", "created
 * Jan 1, 2026 – Jan 3, 2026", "prospect #12"]; `fixedPipeline`'s id is not named (the page is its).
 */
export function describeRunsFilters(filters: RunsFilters, fixedPipeline?: string): string[] {
  const version = filters.version ? ` v${filters.version}` : '';
  const pipeline = fixedPipeline
    ? filters.version && `version ${filters.version}`
    : filters.pipeline && `pipeline ${filters.pipeline}${version}`;
  const created =
    filters.from && filters.to
      ? `created ${formatDay(filters.from)} – ${formatDay(filters.to)}`
      : filters.from
        ? `created on or after ${formatDay(filters.from)}`
        : filters.to
          ? `created on or before ${formatDay(filters.to)}`
          : '';
  return [
    filters.status ? `status ${filters.status}` : '',
    pipeline,
    created,
    filters.prospect ? `prospect #${filters.prospect}` : '',
  ].filter(Boolean);
}

/** True when any filter (not the page) is set; a fixed pipeline is the page's, not a filter. */
export function hasRunsFilters(filters: RunsFilters, fixedPipeline?: string): boolean {
  return describeRunsFilters(filters, fixedPipeline).length > 0;
}

/** The filters all cleared (a fixed pipeline stays), back on page 1. */
export const clearedRunsFilters = (fixedPipeline?: string): RunsFilters => ({
  pipeline: fixedPipeline ?? '',
  version: '',
  status: '',
  from: '',
  to: '',
  prospect: '',
  page: 1,
});
