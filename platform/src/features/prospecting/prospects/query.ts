import type { Client } from '@temporalio/client';
import type { Models } from '../../models.ts';
import { UnprocessableError } from '../../../core/http/unprocessable.ts';
import type { ProspectFilterValues, ProspectSort } from './api-schemas.ts';
import { industryCondition } from './industry-match.ts';
import { searchFilter } from './search-text.ts';
import { workspaceSequences, workspaceStatuses } from './standing.ts';

/** What the list's filters read beyond the prospects: a campaign's members, the runs (status), Temporal (sequences). */
export interface ProspectQueryDeps {
  db: Pick<Models, 'prospects' | 'campaigns' | 'pipelineRuns' | 'sequenceDirectory'>;
  /** Needed only by the sequence filter. */
  temporal?: Client;
}

/** A MongoDB filter over the prospects collection. */
export type ProspectQuery = Record<string, unknown>;

/**
 * The filter of the prospects matching `filter` in the workspace, always scoped by `workspaceId`
 * (which comes from the request's access check, never from its body). Field filters stay on the
 * prospect's own fields; a campaign, a status or a sequence state becomes the set of ids it names
 * (`$in`), or, for "not processed" and "no sequence", the set it leaves out (`$nin`). An unknown
 * campaign is a 422.
 */
export async function prospectQuery(deps: ProspectQueryDeps, workspaceId: string, filter: ProspectFilterValues): Promise<ProspectQuery> {
  const and: Array<Record<string, unknown>> = [];
  if (filter.industry) and.push(industryCondition(filter.industry));
  if (filter.minScore !== undefined || filter.maxScore !== undefined) {
    and.push({
      score: {
        ...(filter.minScore === undefined ? {} : { $gte: filter.minScore }),
        ...(filter.maxScore === undefined ? {} : { $lte: filter.maxScore }),
      },
    });
  }
  if (filter.source) and.push({ source: filter.source });
  const search = searchFilter(filter.search);
  if (search.$and) and.push(...(search.$and as Array<Record<string, unknown>>));
  if (filter.campaign !== undefined) {
    const campaign = await deps.db.campaigns
      .findOne({ workspaceId, id: filter.campaign }, { prospectIds: 1 })
      .lean<{ prospectIds: number[] }>();
    if (!campaign) throw new UnprocessableError(`No campaign ${filter.campaign} in this workspace`, { campaign: 'no such campaign' });
    and.push({ id: { $in: campaign.prospectIds } });
  }
  if (filter.status) {
    const statuses = await workspaceStatuses(deps.db, workspaceId);
    if (filter.status === 'not-processed') and.push({ id: { $nin: [...statuses.keys()] } });
    else and.push({ id: { $in: [...statuses].filter(([, status]) => status === filter.status).map(([id]) => id) } });
  }
  if (filter.sequence) {
    if (!deps.temporal) throw new Error('the prospect list was built without a Temporal client: the sequence filter needs one');
    const sequences = await workspaceSequences(
      { db: deps.db, temporal: deps.temporal },
      workspaceId,
      filter.sequence === 'running' ? 'running' : undefined,
    );
    if (filter.sequence === 'none') and.push({ id: { $nin: [...sequences.keys()] } });
    else and.push({ id: { $in: [...sequences].filter(([, state]) => state === filter.sequence).map(([id]) => id) } });
  }
  return and.length > 0 ? { workspaceId, $and: and } : { workspaceId };
}

/** The sort of a list order: its column, then id, so pages never overlap. Score sorts best first unless asked otherwise. */
export function sortOrder({ sort, order }: ProspectSort): Record<string, 1 | -1> {
  const direction = (order ?? (sort === 'score' ? 'desc' : 'asc')) === 'asc' ? 1 : -1;
  switch (sort) {
    case 'id':
      return { id: direction };
    case 'name':
      return { lastName: direction, firstName: direction, id: 1 };
    case 'company':
      return { company: direction, id: 1 };
    case 'industry':
      return { industryLower: direction, id: 1 };
    case 'score':
      return { score: direction, id: 1 };
  }
}
