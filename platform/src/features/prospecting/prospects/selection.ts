import type { Client } from '@temporalio/client';
import { controlSequences } from '../../email/services.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import type { ProspectSelectionValue } from './api-schemas.ts';
import { unknownProspectIds } from './prospects.ts';
import { prospectQuery, type ProspectQuery, type ProspectQueryDeps } from './query.ts';
import { workspaceSequences } from './standing.ts';

/**
 * The filter of a selection in the workspace: the prospects chosen by id (every one must be the
 * workspace's, else a 422 naming the others), or those matching a filter but the excluded ones.
 * A filter is resolved here, on the server, in the caller's workspace.
 */
export async function selectionQuery(
  deps: ProspectQueryDeps,
  workspaceId: string,
  selection: ProspectSelectionValue,
): Promise<ProspectQuery> {
  if (selection.kind === 'ids') {
    const ids = [...new Set(selection.ids)];
    const unknown = await unknownProspectIds(deps.db, workspaceId, ids);
    if (unknown.length > 0) throw new UnprocessableError(`Unknown prospect ids in this workspace: ${unknown.join(', ')}`);
    return { workspaceId, id: { $in: ids } };
  }
  const query = await prospectQuery(deps, workspaceId, selection.filter);
  if (selection.exclude.length === 0) return query;
  return { ...query, $and: [...((query.$and as ProspectQuery[] | undefined) ?? []), { id: { $nin: selection.exclude } }] };
}

/** The ids a selection holds, ascending: read as ids only, whatever the selection's size. */
export async function selectedIds(deps: ProspectQueryDeps, workspaceId: string, selection: ProspectSelectionValue): Promise<number[]> {
  const query = await selectionQuery(deps, workspaceId, selection);
  const rows = await deps.db.prospects.find(query, { id: 1, _id: 0 }).sort({ id: 1 }).lean<Array<{ id: number }>>();
  return rows.map((row) => row.id);
}

/**
 * Stops the running sequences (active or paused) of the selected prospects: each is told to stop
 * (the same signal as the prospect panel's Stop), a few at a time. The others have nothing to
 * stop: never enrolled, or their sequence already ended.
 */
export async function stopSelectedSequences(
  deps: ProspectQueryDeps & { temporal: Client },
  workspaceId: string,
  selection: ProspectSelectionValue,
): Promise<{ selected: number; stopped: number; notRunning: number }> {
  const [ids, running] = await Promise.all([selectedIds(deps, workspaceId, selection), workspaceSequences(deps, workspaceId, 'running')]);
  const counts = await controlSequences(
    deps,
    workspaceId,
    ids.filter((id) => running.has(id)),
    'stop',
  );
  return { selected: ids.length, stopped: counts.signalled, notRunning: ids.length - counts.signalled };
}
