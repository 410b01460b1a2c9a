import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { prospectPageQueryOptions } from '../api/prospects-api.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { filtersFromParams, PAGE_SIZE, paramsFromFilters, type ProspectFilters } from '../utils/filters.ts';
import { AddProspectDialog } from './add-prospect-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { ProspectDetail } from './prospect-detail.tsx';
import { ProspectRows } from './prospect-rows.tsx';
import { formatNumber } from '../../../utils/format.ts';

/** Prospect Pipeline (spec section 2): the workspace's prospects, searched, filtered and paged on the server. */
export function ProspectPipeline() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const [search, setSearch] = useState(filters.search);
  const [showFilters, setShowFilters] = useState(Boolean(filters.industry || filters.minScore || filters.source));
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const debounced = useDebounced(search);
  const update = (patch: Partial<ProspectFilters>) => setParams(paramsFromFilters({ ...filters, page: 1, ...patch }), { replace: true });
  // Only a settled search moves the URL (and so the query); the other filters move it at once.
  const settledSearch = debounced !== filters.search ? debounced : null;
  useEffect(() => {
    if (settledSearch !== null)
      setParams(paramsFromFilters({ ...filtersFromParams(params), page: 1, search: settledSearch }), { replace: true });
  }, [settledSearch, params, setParams]);
  const page = useQuery(prospectPageQueryOptions(filters));
  // The open prospect is in the URL too, so a detail panel can be linked to.
  const opened = /^[1-9]\d*$/.test(params.get('prospect') ?? '') ? Number(params.get('prospect')) : null;
  const total = page.data?.total ?? 0;
  const first = total === 0 ? 0 : (filters.page - 1) * PAGE_SIZE + 1;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Prospect Pipeline"
        subtitle="Manage and track your prospect database"
        actions={
          <>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setDialog('import')}>
              Import CSV
            </button>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setDialog('add')}>
              Add Prospect
            </button>
          </>
        }
      />
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-4 p-5">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="card-title mr-auto text-base">All Prospects</h2>
            <input
              type="search"
              className="input input-bordered input-sm w-full sm:w-64"
              placeholder="Search prospects..."
              aria-label="Search prospects"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <button
              type="button"
              className={`btn btn-sm ${showFilters ? 'btn-active' : 'btn-outline'}`}
              aria-expanded={showFilters}
              onClick={() => setShowFilters(!showFilters)}
            >
              Filters
            </button>
          </div>
          {showFilters && (
            <div className="grid gap-3 sm:grid-cols-3" data-testid="filters">
              <label className="flex flex-col gap-1 text-sm">
                Industry
                <input
                  className="input input-bordered input-sm"
                  value={filters.industry}
                  onChange={(event) => update({ industry: event.target.value })}
                />
              </label>
              <label className="flex flex-col gap-1 text-sm">
                Minimum score
                <input
                  type="number"
                  min={0}
                  max={100}
                  className="input input-bordered input-sm"
                  value={filters.minScore}
                  onChange={(event) => update({ minScore: event.target.value })}
                />
              </label>
              <label className="flex flex-col gap-1 text-sm">
                Source
                <input
                  className="input input-bordered input-sm"
                  placeholder="e.g. linkedin, apollo, csv"
                  value={filters.source}
                  onChange={(event) => update({ source: event.target.value })}
                />
              </label>
            </div>
          )}
          {page.isError && <ErrorAlert message={page.error.message} />}
          {page.isPending ? (
            <span className="loading loading-spinner loading-md" aria-label="Loading prospects" />
          ) : total === 0 ? (
            <div className="py-10 text-center" data-testid="prospects-empty">
              <p className="font-medium">No prospects found</p>
              <p className="text-sm text-base-content/70">Get started by adding your first prospect.</p>
            </div>
          ) : (
            <ProspectRows
              prospects={page.data?.items ?? []}
              onOpen={(id) => setParams({ ...Object.fromEntries(params), prospect: String(id) })}
            />
          )}
          {total > 0 && (
            <div className="flex items-center justify-between text-sm">
              <span data-testid="page-range">
                {formatNumber(first)}–{formatNumber(first + (page.data?.items.length ?? 0) - 1)} of {formatNumber(total)}
              </span>
              <div className="join">
                <button
                  type="button"
                  className="btn join-item btn-sm"
                  disabled={filters.page <= 1}
                  onClick={() => setParams(paramsFromFilters({ ...filters, page: filters.page - 1 }))}
                >
                  Previous
                </button>
                <button
                  type="button"
                  className="btn join-item btn-sm"
                  disabled={filters.page * PAGE_SIZE >= total}
                  onClick={() => setParams(paramsFromFilters({ ...filters, page: filters.page + 1 }))}
                >
                  Next
                </button>
              </div>
            </div>
          )}
        </div>
      </div>
      {opened !== null && (
        <ProspectDetail
          key={opened}
          id={opened}
          onClose={() => {
            const next = new URLSearchParams(params);
            next.delete('prospect');
            setParams(next);
          }}
        />
      )}
      {dialog === 'add' && <AddProspectDialog onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportDialog onClose={() => setDialog(null)} />}
    </div>
  );
}
