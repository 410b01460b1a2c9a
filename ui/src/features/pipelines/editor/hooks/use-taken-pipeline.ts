import { useQuery } from '@tanstack/react-query';
import { useDebounced } from '../../../../lib/use-debounced.ts';
import { pipelineQueryOptions } from '../../api/get-pipeline.ts';
import type { PipelineView } from '../../api/types.ts';
import { PIPELINE_ID_PATTERN } from '../utils/new-pipeline.ts';

/**
 * The pipeline (built-in or saved) that already has the id a new pipeline is given, or null.
 * Saving under a saved pipeline's id would add a version to it, so a new pipeline needs a free one.
 */
export function useTakenPipeline(id: string, enabled: boolean): PipelineView | null {
  const settled = useDebounced(id, 400);
  // Answers 404 for a free id: an answer, not an error to show.
  const existing = useQuery({ ...pipelineQueryOptions(settled, undefined), enabled: enabled && PIPELINE_ID_PATTERN.test(settled) });
  return enabled && settled === id && existing.isSuccess ? existing.data : null;
}
