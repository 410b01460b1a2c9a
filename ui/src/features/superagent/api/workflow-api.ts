import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type {
  GetApiProspectsResponse,
  GetApiSuperagentProcessProspectRunIdResponse,
  GetApiSuperagentProcessProspectRunIdResponse202,
  PostApiSuperagentProcessProspectBody,
  PostApiSuperagentProcessProspectResponse202,
} from '../../../lib/api-types.generated.ts';

/** The product spec's Workflow response (section 3), with the run it came from. */
export type WorkflowResponse = GetApiSuperagentProcessProspectRunIdResponse;

/** A prospect to run the workflow on. */
export type ProspectOption = Pick<GetApiProspectsResponse[number], 'id' | 'firstName' | 'lastName' | 'company'>;

/** Prospects to pick from (the first 200). */
export const prospectOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['workflow-test', 'prospects'],
    queryFn: ({ signal }) => apiRequest<ProspectOption[]>('/api/prospects?limit=200', { signal }),
  });

/** Starts the prospect pipeline for a prospect without waiting: its run id, to follow. */
export function startWorkflow(prospectId: number): Promise<PostApiSuperagentProcessProspectResponse202> {
  return apiRequest<PostApiSuperagentProcessProspectResponse202>('/api/superagent/process-prospect', {
    method: 'POST',
    body: { prospectId, wait: false } satisfies PostApiSuperagentProcessProspectBody,
  });
}

/** The Workflow response of an ended run (the API answers 202 while it still runs: then null). */
export async function workflowResult(runId: string): Promise<WorkflowResponse | null> {
  const answer = await apiRequest<WorkflowResponse | GetApiSuperagentProcessProspectRunIdResponse202>(
    `/api/superagent/process-prospect/${encodeURIComponent(runId)}`,
  );
  return 'status' in answer ? null : answer;
}
