import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import type { PipelineDefinition } from '../../api/types.ts';
import type { TestRun } from '../utils/test-run.ts';

/** What Test run sends: the draft, and the prospect to build the run input from or the input itself. */
export type TestRunRequest = { definition: PipelineDefinition } & ({ prospectId: number } | { input: Record<string, unknown> });

/**
 * Runs the unsaved draft (POST /api/pipelines/test-runs) and answers the run, pending. A 400
 * names each problem of the draft, a 404 an unknown prospect, a 409 a workspace without an ICP
 * or offer (so a prospect has no run input).
 */
export function startTestRun(request: TestRunRequest): Promise<TestRun> {
  return apiRequest<TestRun>('/api/pipelines/test-runs', { method: 'POST', body: request });
}

/** Mutation for the test run dialog's Run. */
export const useStartTestRun = () => useMutation({ mutationFn: startTestRun });

/** A prospect a test run can start from, as GET /api/prospects lists it. */
export interface ProspectChoice {
  id: number;
  firstName: string;
  lastName: string;
  company: string;
}

/** The first prospects matching what was typed (all when nothing was), for the test run's picker. */
export const prospectChoicesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['pipeline-editor', 'prospect-choices', search] as const,
    queryFn: ({ signal }) =>
      apiRequest<ProspectChoice[]>(`/api/prospects?limit=50${search ? `&search=${encodeURIComponent(search)}` : ''}`, { signal }),
  });
