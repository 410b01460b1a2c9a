import { useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { useToast } from '../../../lib/toast.ts';
import { withWorkspace } from '../../../lib/workspace.ts';
import { formatCount, formatNumber } from '../../../utils/format.ts';
import { roleAtLeast, useCurrentRole } from '../../auth/index.ts';
import { prospectPageQueryOptions, prospectStatesQueryOptions, useStopSequences } from '../api/prospects-api.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useUrlDraft } from '../hooks/use-url-draft.ts';
import {
  activeFilters,
  filterKey,
  filtersFromParams,
  PAGE_SIZES,
  paramsFromFilters,
  type ProspectFilters,
  type SortKey,
} from '../utils/filters.ts';
import { isSelected, NOTHING, selectedCount, selectionBody, selectionExportQuery, withRows, type Selection } from '../utils/selection.ts';
import { AddProspectDialog } from './add-prospect-dialog.tsx';
import { AddToCampaignDialog } from './add-to-campaign-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { ProspectDetail } from './prospect-detail.tsx';
import { ProspectFiltersPanel } from './prospect-filters.tsx';
import { ProspectCards, ProspectTable, useProspectTable } from './prospect-table.tsx';

/** Wide enough for the table; narrower, the rows are cards. */
const TABLE_WIDTH = '(min-width: 768px)';

/** Why a viewer's action buttons are off (the API refuses them too). */
const VIEWERS_CANNOT_ACT = 'Viewers cannot change prospects: it takes sales ops or above';

/** The phone's sort choices (the table sorts by its headers). */
const SORT_CHOICES: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'Added, oldest first' },
  { value: 'id:desc', label: 'Added, newest first' },
  { value: 'name:asc', label: 'Name, A to Z' },
  { value: 'name:desc', label: 'Name, Z to A' },
  { value: 'company:asc', label: 'Company, A to Z' },
  { value: 'industry:asc', label: 'Industry, A to Z' },
  { value: 'score:desc', label: 'Score, highest first' },
  { value: 'score:asc', label: 'Score, lowest first' },
];

/** The table's sorting from the URL: none is the order prospects were added in. */
function sortingOf(filters: ProspectFilters): SortingState {
  if (!filters.sort || (filters.sort === 'id' && filters.order !== 'desc')) return [];
  return [{ id: filters.sort, desc: (filters.order || (filters.sort === 'score' ? 'desc' : 'asc')) === 'desc' }];
}

/**
 * Prospect Pipeline (spec section 2): the workspace's prospects as a table (cards on phones),
 * searched, filtered, sorted and paged on the server, every choice in the URL; rows selected
 * across pages, or all matching the filters, for Add to campaign, Stop sequences and Export CSV.
 */
export function ProspectPipeline() {
  const [params, changeParams] = useUrlParams();
  const filters = filtersFromParams(params);
  const role = useCurrentRole();
  const canAct = role !== null && roleAtLeast(role, 'sales-ops');
  const wide = useMediaQuery(TABLE_WIDTH);
  const toast = useToast();
  const [showFilters, setShowFilters] = useState(activeFilters(filters) > 0);
  const [dialog, setDialog] = useState<'add' | 'import' | 'campaign' | 'stop' | null>(null);

  // The selection belongs to the filters it was made under: new filters start with none.
  const key = filterKey(filters);
  const [picked, setPicked] = useState<{ key: string; selection: Selection }>({ key, selection: NOTHING });
  const selection = picked.key === key ? picked.selection : NOTHING;
  const setSelection = (next: Selection) => setPicked({ key, selection: next });

  const update = useCallback(
    (patch: Partial<ProspectFilters>) => changeParams((current) => paramsFromFilters({ ...filtersFromParams(current), page: 1, ...patch })),
    [changeParams],
  );
  const [search, setSearch] = useUrlDraft(filters.search, (next) => update({ search: next }));

  const page = useQuery(prospectPageQueryOptions(filters));
  const rows = useMemo(() => page.data?.items ?? [], [page.data]);
  const ids = rows.map((row) => row.id);
  const statesQuery = useQuery(prospectStatesQueryOptions(ids));
  const states = useMemo(
    () => (statesQuery.data ? new Map(statesQuery.data.map((state) => [state.id, state])) : statesQuery.isError ? new Map() : undefined),
    [statesQuery.data, statesQuery.isError],
  );
  const total = page.data?.total ?? 0;
  const count = selectedCount(selection, total);
  const stop = useStopSequences();

  // The open prospect is in the URL too, so a detail panel can be linked to.
  const opened = /^[1-9]\d*$/.test(params.get('prospect') ?? '') ? Number(params.get('prospect')) : null;
  const open = useCallback(
    (id: number) =>
      changeParams((current) => {
        current.set('prospect', String(id));
        return current;
      }),
    [changeParams],
  );

  const sorting = sortingOf(filters);
  const table = useProspectTable({
    rows,
    states,
    sorting,
    onSortingChange: (next) => {
      const [first] = next;
      update(first ? { sort: first.id as SortKey, order: first.desc ? 'desc' : 'asc' } : { sort: '', order: '' });
    },
    isSelected: (id) => isSelected(selection, id),
    onSelect: (changed, chosen) => setSelection(withRows(selection, changed, chosen)),
    onOpen: open,
  });
  const pageSelected = rows.length > 0 && rows.every((row) => isSelected(selection, row.id));
  const exportHref = withWorkspace(`/api/prospects/export.csv?${selectionExportQuery(selection, filters)}`);
  const actionTip = canAct ? undefined : VIEWERS_CANNOT_ACT;

  const stopSelected = () =>
    stop.mutate(selectionBody(selection, filters), {
      onSuccess: (result) => {
        toast({
          title: 'Sequences Stopped',
          description: `${formatCount(result.stopped, 'sequence')} stopped; ${formatCount(result.notRunning, 'prospect')} had none running.`,
          tone: 'success',
        });
        setSelection(NOTHING);
      },
      onError: (error) => toast({ title: 'Error', description: error.message, tone: 'error' }),
    });

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
        <div className="card-body gap-4 p-4 sm:p-5">
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
              {activeFilters(filters) > 0 && <span className="badge badge-sm badge-primary">{activeFilters(filters)}</span>}
            </button>
          </div>
          {showFilters && <ProspectFiltersPanel filters={filters} update={update} />}

          <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="selection-bar">
            {count === 0 ? (
              <span className="mr-auto text-base-content/70" data-testid="match-count">
                {page.isSuccess ? `${formatCount(total, 'prospect')} matching` : ''}
              </span>
            ) : (
              <div className="mr-auto flex flex-wrap items-center gap-2" role="status">
                <span className="font-medium" data-testid="selected-count">
                  {selection.mode === 'all' && selection.except.size === 0
                    ? `All ${formatNumber(count)} matching selected`
                    : `${formatNumber(count)} selected`}
                </span>
                {selection.mode === 'ids' && pageSelected && total > count && (
                  <button
                    type="button"
                    className="btn btn-link btn-sm px-0"
                    onClick={() => setSelection({ mode: 'all', except: new Set() })}
                  >
                    Select all {formatNumber(total)} matching
                  </button>
                )}
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSelection(NOTHING)}>
                  Clear selection
                </button>
              </div>
            )}
            {count > 0 && (
              <>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={!canAct}
                  title={actionTip}
                  onClick={() => setDialog('campaign')}
                >
                  Add to campaign
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-sm"
                  disabled={!canAct || stop.isPending}
                  title={actionTip}
                  onClick={() => setDialog('stop')}
                >
                  Stop sequences
                </button>
              </>
            )}
            {total > 0 && (
              <a className="btn btn-outline btn-sm" href={exportHref} download>
                <Download className="size-4" aria-hidden="true" />
                {count > 0 ? 'Export selected' : 'Export CSV'}
              </a>
            )}
          </div>

          {!wide && total > 0 && (
            <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
              <label className="flex items-center gap-2 whitespace-nowrap">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={pageSelected}
                  onChange={table.getToggleAllPageRowsSelectedHandler()}
                />
                Select page
              </label>
              <div className="flex items-center gap-2">
                <label htmlFor="prospects-sort">Sort</label>
                <select
                  id="prospects-sort"
                  className="select select-bordered select-sm"
                  value={
                    filters.sort && !(filters.sort === 'id' && filters.order !== 'desc')
                      ? `${filters.sort}:${sorting[0]?.desc ? 'desc' : 'asc'}`
                      : ''
                  }
                  onChange={(event) => {
                    const [sort = '', order = ''] = event.target.value.split(':');
                    update({ sort: sort as SortKey | '', order: order as ProspectFilters['order'] });
                  }}
                >
                  {SORT_CHOICES.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          )}

          {page.isError && <ErrorAlert message={page.error.message} />}
          {page.isPending ? (
            <span className="loading loading-spinner loading-md" aria-label="Loading prospects" />
          ) : total === 0 ? (
            <div className="py-10 text-center" data-testid="prospects-empty">
              <p className="font-medium">No prospects found</p>
              <p className="text-sm text-base-content/70">
                {activeFilters(filters) > 0 || filters.search ? 'None match these filters.' : 'Get started by adding your first prospect.'}
              </p>
            </div>
          ) : wide ? (
            <ProspectTable table={table} />
          ) : (
            <ProspectCards table={table} states={states} onOpen={open} />
          )}
          {total > 0 && (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0 flex-1">
                <Pagination
                  page={filters.page}
                  limit={filters.pageSize}
                  shown={rows.length}
                  total={total}
                  label="Pages of prospects"
                  onPageChange={(next) => changeParams((current) => paramsFromFilters({ ...filtersFromParams(current), page: next }))}
                />
              </div>
              <div className="flex items-center gap-2 text-sm">
                <label htmlFor="prospects-page-size">Rows</label>
                <select
                  id="prospects-page-size"
                  className="select select-bordered select-sm"
                  value={filters.pageSize}
                  onChange={(event) => update({ pageSize: Number(event.target.value) })}
                >
                  {PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          )}
        </div>
      </div>
      {opened !== null && (
        <ProspectDetail
          key={opened}
          id={opened}
          onClose={() =>
            changeParams((current) => {
              current.delete('prospect');
              return current;
            })
          }
        />
      )}
      {dialog === 'add' && <AddProspectDialog onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportDialog onClose={() => setDialog(null)} />}
      {dialog === 'campaign' && (
        <AddToCampaignDialog
          selection={selectionBody(selection, filters)}
          count={count}
          onDone={() => {
            setSelection(NOTHING);
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog === 'stop'}
        title={`Stop the sequences of ${formatCount(count, 'prospect')}?`}
        confirmLabel="Stop sequences"
        cancelLabel="Keep them"
        onConfirm={() => {
          setDialog(null);
          stopSelected();
        }}
        onCancel={() => setDialog(null)}
      >
        <p>
          Every running sequence among them stops for good: no further email of it goes out, and it cannot be restarted for these prospects.
          Those without a running sequence are left as they are.
        </p>
      </ConfirmDialog>
    </div>
  );
}
