import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type RowSelectionState,
  type SortingState,
  type Table,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useEffect, useMemo, useRef, type InputHTMLAttributes } from 'react';
import type { ProspectRow, ProspectState } from '../api/prospects-api.ts';
import { initials, scoreBadge } from '../utils/filters.ts';
import { sequenceText, STATUS_LABELS } from '../utils/labels.ts';

/** What a row shows beyond the prospect: where it stands (undefined while being read). */
type States = ReadonlyMap<number, ProspectState> | undefined;

/** A checkbox that can show "some" (a page partly selected). */
function Checkbox({ indeterminate = false, ...props }: InputHTMLAttributes<HTMLInputElement> & { indeterminate?: boolean }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = indeterminate && !props.checked;
  }, [indeterminate, props.checked]);
  return <input ref={box} type="checkbox" className="checkbox checkbox-sm" {...props} />;
}

function StatusBadge({ id, states }: { id: number; states: States }) {
  const state = states?.get(id);
  if (!states) return <span className="skeleton inline-block h-4 w-20" aria-hidden="true" />;
  if (!state) return <span className="text-base-content/60">—</span>;
  const { label, badge } = STATUS_LABELS[state.status];
  return (
    <span className={`badge badge-sm whitespace-nowrap ${badge}`} data-testid="status-badge">
      {label}
    </span>
  );
}

function SequenceState({ id, states }: { id: number; states: States }) {
  if (!states) return <span className="skeleton inline-block h-4 w-24" aria-hidden="true" />;
  const state = states.get(id);
  return (
    <span className="whitespace-nowrap" data-testid="sequence-state">
      {state ? sequenceText(state.sequence) : '—'}
    </span>
  );
}

/** The name (opens the prospect's panel), job title at company and email: the spec's list entry. */
function ProspectCell({ prospect, onOpen }: { prospect: ProspectRow; onOpen: (id: number) => void }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <div className="avatar avatar-placeholder">
        <div className="w-10 rounded-full bg-primary/15 text-primary">
          <span className="text-sm font-semibold" aria-hidden="true">
            {initials(prospect.firstName, prospect.lastName)}
          </span>
        </div>
      </div>
      <div className="min-w-0">
        <button type="button" className="link link-hover text-left text-sm font-semibold" onClick={() => onOpen(prospect.id)}>
          {prospect.firstName} {prospect.lastName}
        </button>
        {prospect.sample && (
          <span className="badge badge-warning badge-soft badge-sm ml-2" title="A fictional person from the built-in sample database">
            Sample data
          </span>
        )}
        <p className="truncate text-sm text-base-content/70">
          {prospect.jobTitle ? `${prospect.jobTitle} at ${prospect.company}` : prospect.company}
        </p>
        <p className="truncate text-xs text-base-content/60">{prospect.email}</p>
      </div>
    </div>
  );
}

const ScoreBadge = ({ score }: { score: number | null }) => {
  const badge = scoreBadge(score);
  return (
    <span className={`badge whitespace-nowrap ${badge.className}`} data-testid="score-badge">
      {badge.label}
    </span>
  );
};

const IndustryBadge = ({ industry }: { industry: string | null }) => (
  <span className="badge badge-outline h-auto min-h-5 text-left" data-testid="industry-badge">
    {industry ?? 'Unknown'}
  </span>
);

interface TableInput {
  rows: readonly ProspectRow[];
  states: States;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  isSelected: (id: number) => boolean;
  onSelect: (ids: number[], chosen: boolean) => void;
  onOpen: (id: number) => void;
}

/**
 * The one TanStack table both layouts draw (rows on wide screens, cards on phones): its columns,
 * the server's order as its sorting (manual: the API sorts, pages and filters) and the page's
 * rows' part of the selection (which spans pages, so it is kept outside and mapped in).
 */
/** What the cells read from the table's `meta`, so that the columns stay the same (see below). */
interface CellInput {
  states: States;
  onOpen: (id: number) => void;
}
const cellInput = (table: Table<ProspectRow>) => table.options.meta as CellInput;

export function useProspectTable({ rows, states, sorting, onSortingChange, isSelected, onSelect, onOpen }: TableInput): Table<ProspectRow> {
  // Made once: TanStack remakes every cell when the columns change, and a remade row would lose
  // keyboard focus, or could not take it back when the detail panel it opened closes.
  const columns = useMemo<Array<ColumnDef<ProspectRow>>>(
    () => [
      {
        id: 'select',
        enableSorting: false,
        header: ({ table }) => (
          <Checkbox
            aria-label="Select every prospect on this page"
            checked={table.getIsAllPageRowsSelected()}
            indeterminate={table.getIsSomePageRowsSelected()}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={`Select ${row.original.firstName} ${row.original.lastName}`}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      },
      // The sortable columns name what the server sorts by (TanStack sorts only columns with an accessor).
      {
        id: 'name',
        header: 'Prospect',
        accessorFn: (row) => `${row.lastName} ${row.firstName}`,
        cell: ({ row, table }) => <ProspectCell prospect={row.original} onOpen={cellInput(table).onOpen} />,
      },
      {
        id: 'industry',
        header: 'Industry',
        accessorFn: (row) => row.industry ?? '',
        cell: ({ row }) => <IndustryBadge industry={row.original.industry} />,
      },
      {
        id: 'score',
        header: 'Score',
        accessorFn: (row) => row.score,
        sortDescFirst: true,
        cell: ({ row }) => <ScoreBadge score={row.original.score} />,
      },
      {
        id: 'source',
        header: 'Source',
        enableSorting: false,
        cell: ({ row }) => <span className="whitespace-nowrap">{row.original.source ?? '—'}</span>,
      },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        cell: ({ row, table }) => <StatusBadge id={row.original.id} states={cellInput(table).states} />,
      },
      {
        id: 'sequence',
        header: 'Sequence',
        enableSorting: false,
        cell: ({ row, table }) => <SequenceState id={row.original.id} states={cellInput(table).states} />,
      },
    ],
    [],
  );
  const rowSelection: RowSelectionState = Object.fromEntries(rows.filter((row) => isSelected(row.id)).map((row) => [String(row.id), true]));
  const changeSelection: OnChangeFn<RowSelectionState> = (updater) => {
    const next = typeof updater === 'function' ? updater(rowSelection) : updater;
    const chosen = rows.filter((row) => next[String(row.id)] && !rowSelection[String(row.id)]).map((row) => row.id);
    const dropped = rows.filter((row) => !next[String(row.id)] && rowSelection[String(row.id)]).map((row) => row.id);
    if (chosen.length > 0) onSelect(chosen, true);
    if (dropped.length > 0) onSelect(dropped, false);
  };
  return useReactTable({
    data: rows as ProspectRow[],
    columns,
    getRowId: (row) => String(row.id),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    enableMultiSort: false,
    enableRowSelection: true,
    state: { sorting, rowSelection },
    meta: { states, onOpen } satisfies CellInput,
    onSortingChange: (updater) => onSortingChange(typeof updater === 'function' ? updater(sorting) : updater),
    onRowSelectionChange: changeSelection,
  });
}

/** The sort direction a header shows, and says to assistive technology. */
function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return <Icon className={`size-3.5 ${direction ? '' : 'opacity-40'}`} aria-hidden="true" />;
}

/** "All Prospects" on wide screens: a table, sorted by clicking a column's header. */
export function ProspectTable({ table }: { table: Table<ProspectRow> }) {
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm" aria-label="Prospects">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const direction = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    className={header.column.id === 'select' ? 'w-8' : undefined}
                    aria-sort={
                      header.column.getCanSort()
                        ? direction === 'asc'
                          ? 'ascending'
                          : direction === 'desc'
                            ? 'descending'
                            : 'none'
                        : undefined
                    }
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="flex items-center gap-1 font-semibold"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <SortIcon direction={direction} />
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid="prospect-row" className={row.getIsSelected() ? 'bg-base-200' : undefined}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={cell.column.id === 'name' ? 'min-w-64 max-w-96' : undefined}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "All Prospects" on phones: the same rows and selection as cards. */
export function ProspectCards({ table, states, onOpen }: { table: Table<ProspectRow>; states: States; onOpen: (id: number) => void }) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Prospects">
      {table.getRowModel().rows.map((row) => {
        const prospect = row.original;
        return (
          <li
            key={row.id}
            data-testid="prospect-row"
            className={`rounded-box border p-3 ${row.getIsSelected() ? 'border-primary bg-base-200' : 'border-base-300'}`}
          >
            <div className="flex items-start gap-3">
              <div className="min-w-0 flex-1">
                <ProspectCell prospect={prospect} onOpen={onOpen} />
              </div>
              <Checkbox
                aria-label={`Select ${prospect.firstName} ${prospect.lastName}`}
                checked={row.getIsSelected()}
                onChange={row.getToggleSelectedHandler()}
              />
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-1">
              <ScoreBadge score={prospect.score} />
              <IndustryBadge industry={prospect.industry} />
              <StatusBadge id={prospect.id} states={states} />
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
              <dt className="text-base-content/60">Sequence</dt>
              <dd>
                <SequenceState id={prospect.id} states={states} />
              </dd>
              <dt className="text-base-content/60">Source</dt>
              <dd>{prospect.source ?? '—'}</dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
