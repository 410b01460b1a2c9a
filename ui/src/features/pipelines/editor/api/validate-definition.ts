import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import type { PipelineDefinition } from '../../api/types.ts';
import type { DefinitionProblem } from '../utils/problems.ts';

/** What POST /api/pipelines/validate answers: valid, or every problem with where it is. */
export interface Validation {
  valid: boolean;
  problems: DefinitionProblem[];
}

/** Checks a draft against the installed activities without saving it (a draft with problems is an answer, not an error). */
export function validateDefinition(definition: PipelineDefinition, signal?: AbortSignal): Promise<Validation> {
  return apiRequest<Validation>('/api/pipelines/validate', { method: 'POST', body: definition, signal });
}

/**
 * Query options for the check of one draft: keyed by the draft itself, so an undo back to a
 * checked draft answers at once; the last answer stays on screen while the next is asked.
 */
export function validationQueryOptions(definition: PipelineDefinition) {
  return queryOptions({
    queryKey: ['pipeline-editor', 'validate', definition] as const,
    queryFn: ({ signal }) => validateDefinition(definition, signal),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
