import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { isForbidden, refusalText } from '../../../lib/api-client.ts';
import { roleLabel, useCurrentMembership } from '../../auth/index.ts';
import { suppressionPageQueryOptions, type SuppressionPage } from '../api/suppressions-api.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { filtersFromParams, noMatchText, PAGE_SIZE, paramsFromFilters, type SuppressionFilters } from '../utils/suppression-filters.ts';
import { canManageSuppressions, reasonLabel } from '../utils/suppression-view.ts';
import { AddSuppressionsDialog } from './add-suppressions-dialog.tsx';
import { ReasonCounts } from './reason-counts.tsx';
import { SuppressionsEmpty } from './suppressions-empty.tsx';
import { SuppressionsTable } from './suppressions-table.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { lastPage } from '../../../utils/pagination.ts';
import { formatNumber } from '../../../utils/format.ts';

interface ToolbarProps {
  search: string;
  onSearch: (search: string) => void;
  reason: string;
  onReason: (reason: string) => void;
  byReason: SuppressionPage['byReason'];
}

/** The search box and the reason filter (each reason with its count; one in the URL that is no longer listed stays chosen). */
function Toolbar({ search, onSearch, reason, onReason, byReason }: ToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="card-title mr-auto text-base" id="suppression-list-title">
        Entries
      </h2>
      <input
        type="search"
        className="input input-sm w-full sm:w-64"
        placeholder="Search addresses and domains…"
        aria-label="Search addresses and domains"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
      />
      <label className="flex w-full items-center gap-2 text-sm sm:w-auto">
        <span className="shrink-0">Reason</span>
        <select
          className="select select-sm w-full sm:w-56"
          value={reason}
          onChange={(event) => onReason(event.target.value)}
          data-testid="reason-filter"
        >
          <option value="">All reasons</option>
          {byReason.map((option) => (
            <option key={option.reason} value={option.reason}>
              {reasonLabel(option.reason)} ({formatNumber(option.count)})
            </option>
          ))}
          {reason && !byReason.some((option) => option.reason === reason) && <option value={reason}>{reasonLabel(reason)}</option>}
        </select>
      </label>
    </div>
  );
}

/** The list under the filters: the table and its pages, or that nothing matches (with a way back to everything). */
function Entries({ list, filters, manage, onClear, onPage }: EntriesProps) {
  const { items, total } = list.data;
  if (total === 0)
    return (
      <div className="rounded-box border border-dashed border-base-300 p-8 text-center" data-testid="suppressions-no-match">
        <p className="font-medium">No entry matches</p>
        <p className="text-sm wrap-anywhere text-base-content/70">{noMatchText(filters)}</p>
        <button type="button" className="btn btn-ghost btn-sm mt-2" onClick={onClear}>
          Show every entry
        </button>
      </div>
    );
  return (
    <>
      <SuppressionsTable items={items} manage={manage} stale={list.isPlaceholderData} />
      {total > PAGE_SIZE && (
        <Pagination
          page={filters.page}
          limit={PAGE_SIZE}
          shown={items.length}
          total={total}
          label="Pages of the suppression list"
          onPageChange={onPage}
        />
      )}
    </>
  );
}

interface EntriesProps {
  list: { data: SuppressionPage; isPlaceholderData: boolean };
  filters: SuppressionFilters;
  manage: boolean;
  onClear: () => void;
  onPage: (page: number) => void;
}

/** The search as typed, and the URL following it once it settles (other filters move the URL at once). */
function useSearchFilter(initial: string, setFilters: (patch: Partial<SuppressionFilters>) => void) {
  const [search, setSearch] = useState(initial);
  const debounced = useDebounced(search);
  const applied = useRef(debounced);
  useEffect(() => {
    if (debounced === applied.current) return;
    applied.current = debounced;
    setFilters({ search: debounced, page: 1 });
  }, [debounced, setFilters]);
  return [search, setSearch] as const;
}

/**
 * /settings/suppressions: the addresses and domains the workspace never emails (unsubscribes,
 * bounces and replies asking to stop put them there; admins add and remove others). Every member
 * reads it; the search, reason and page are kept in the URL.
 */
export function SuppressionsPage() {
  const membership = useCurrentMembership();
  const role = membership?.role ?? null;
  const manage = canManageSuppressions(role);
  const [params, changeParams] = useUrlParams();
  const filters = filtersFromParams(params);
  const setFilters = useCallback(
    (patch: Partial<SuppressionFilters>) =>
      changeParams((current) => paramsFromFilters({ ...filtersFromParams(current), ...patch }), { replace: true }),
    [changeParams],
  );
  const [search, setSearch] = useSearchFilter(filters.search, setFilters);
  const [adding, setAdding] = useState(false);
  const list = useQuery(suppressionPageQueryOptions(filters));
  const listed = list.data?.byReason.reduce((sum, { count }) => sum + count, 0) ?? 0;
  // The last entries of a later page were removed: go back to the last page that has some.
  const beyondEnd = list.isSuccess && !list.isPlaceholderData && list.data.items.length === 0 && list.data.total > 0 && filters.page > 1;
  useEffect(() => {
    if (beyondEnd) setFilters({ page: lastPage(list.data.total, PAGE_SIZE) });
  }, [beyondEnd, list.data?.total, setFilters]);

  const addButton = (
    <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
      Add to Suppression List
    </button>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Suppression list"
        subtitle={`Addresses and domains Meetflow never emails from ${membership?.name ?? 'this workspace'}.`}
        actions={manage && listed > 0 ? addButton : undefined}
      />
      {!manage && role && listed > 0 && (
        <p className="text-sm text-base-content/70" data-testid="suppressions-read-only">
          You can read the list; only admins and owners add and remove entries. Your role here is {roleLabel(role)}.
        </p>
      )}
      {list.isPending ? (
        <span className="loading loading-spinner loading-md" aria-label="Loading the suppression list" />
      ) : list.isError ? (
        isForbidden(list.error) ? (
          <div role="alert" className="alert alert-warning">
            <span>
              <strong>You cannot see this workspace’s suppression list.</strong> {refusalText(list.error)}
            </span>
          </div>
        ) : (
          <ErrorAlert message={list.error.message} />
        )
      ) : listed === 0 ? (
        <SuppressionsEmpty manage={manage} onAdd={() => setAdding(true)} />
      ) : (
        <>
          <ReasonCounts byReason={list.data.byReason} />
          <section className="card bg-base-100 shadow-sm" aria-labelledby="suppression-list-title">
            <div className="card-body gap-4 p-4 sm:p-5">
              <Toolbar
                search={search}
                onSearch={setSearch}
                reason={filters.reason}
                onReason={(reason) => setFilters({ reason, page: 1 })}
                byReason={list.data.byReason}
              />
              <Entries
                list={list}
                filters={filters}
                manage={manage}
                onClear={() => {
                  setSearch('');
                  setFilters({ search: '', reason: '', page: 1 });
                }}
                onPage={(page) => {
                  setFilters({ page });
                  window.scrollTo({ top: 0 });
                }}
              />
            </div>
          </section>
        </>
      )}
      {adding && <AddSuppressionsDialog onClose={() => setAdding(false)} />}
    </div>
  );
}
