import type { PostApiProspectsSequencesStopBody } from '../../../lib/api-types.generated.ts';
import { exportQueryString, selectionFilter, type ProspectFilters } from './filters.ts';

/**
 * The rows chosen for a bulk action, across pages: some by id, or every prospect matching the
 * list's filters but some left out. "All matching" is sent as the filter, never as ids: the
 * server resolves it.
 */
export type Selection = { mode: 'ids'; ids: ReadonlySet<number> } | { mode: 'all'; except: ReadonlySet<number> };

/** The most prospects chosen one by one (the API's limit); beyond that, "select all matching". */
export const MAX_CHOSEN = 1_000;

export const NOTHING: Selection = { mode: 'ids', ids: new Set() };

export const isSelected = (selection: Selection, id: number): boolean =>
  selection.mode === 'ids' ? selection.ids.has(id) : !selection.except.has(id);

/** How many prospects the selection holds, of `total` matching. */
export const selectedCount = (selection: Selection, total: number): number =>
  selection.mode === 'ids' ? selection.ids.size : Math.max(0, total - selection.except.size);

/** The selection with the prospects chosen or left out: beyond MAX_CHOSEN ids (chosen, or left out of all), no more are taken. */
export function withRows(selection: Selection, ids: readonly number[], chosen: boolean): Selection {
  if (selection.mode === 'all') {
    const except = new Set(selection.except);
    for (const id of ids) {
      if (chosen) except.delete(id);
      else if (except.size < MAX_CHOSEN) except.add(id);
    }
    return { mode: 'all', except };
  }
  const next = new Set(selection.ids);
  for (const id of ids) {
    if (!chosen) next.delete(id);
    else if (next.size < MAX_CHOSEN) next.add(id);
  }
  return { mode: 'ids', ids: next };
}

/** What a bulk action sends: the ids, or the filter and the ids left out. */
export function selectionBody(selection: Selection, filters: ProspectFilters): PostApiProspectsSequencesStopBody['selection'] {
  return selection.mode === 'ids'
    ? { kind: 'ids', ids: [...selection.ids].sort((a, b) => a - b) }
    : { kind: 'filter', filter: selectionFilter(filters), exclude: [...selection.except].sort((a, b) => a - b) };
}

/** The export's query for the selection (nothing chosen: everything matching the filters). */
export function selectionExportQuery(selection: Selection, filters: ProspectFilters): string {
  if (selection.mode === 'all') return exportQueryString(filters, { except: [...selection.except].sort((a, b) => a - b) });
  if (selection.ids.size === 0) return exportQueryString(filters, {});
  return exportQueryString(filters, { only: [...selection.ids].sort((a, b) => a - b) });
}
