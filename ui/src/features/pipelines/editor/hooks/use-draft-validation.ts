import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDebounced } from '../../../../lib/use-debounced.ts';
import type { PipelineDefinition } from '../../api/types.ts';
import { validationQueryOptions } from '../api/validate-definition.ts';
import { placeProblem, problemsByNode, type PlacedProblem } from '../utils/problems.ts';

// Long enough that typing a name is checked once, short enough to feel live.
const SETTLE_MS = 400;

/** How the draft stands with the platform's check. */
export interface DraftValidation {
  /** Every problem of the last draft checked, placed on its step. */
  problems: PlacedProblem[];
  byNode: Map<string, PlacedProblem[]>;
  /** True while the draft on screen has not been checked yet (typing, or the answer is on its way). */
  checking: boolean;
  /** True when the draft on screen was checked and has no problem. */
  valid: boolean;
  /** Why the check could not be made, if it could not. */
  error: Error | null;
}

/** Checks the draft with POST /api/pipelines/validate once it stops changing, keeping the last answer on screen meanwhile. */
export function useDraftValidation(definition: PipelineDefinition): DraftValidation {
  const settled = useDebounced(definition, SETTLE_MS);
  const check = useQuery(validationQueryOptions(settled));
  const problems = useMemo(() => (check.data?.problems ?? []).map((problem) => placeProblem(settled, problem)), [check.data, settled]);
  const byNode = useMemo(() => problemsByNode(problems), [problems]);
  const checking = settled !== definition || check.isFetching || check.isPlaceholderData;
  return { problems, byNode, checking, valid: !checking && check.data?.valid === true, error: check.error };
}
