import type { PipelineDefinition } from '../../api/types.ts';

/** What a pipeline id must look like (the platform's rule): kebab-case, starting with a letter. */
export const PIPELINE_ID_PATTERN = /^[a-z][a-z0-9-]*$/;

/** A draft with no steps yet, to start a new pipeline from. */
export const emptyDefinition = (): PipelineDefinition => ({ id: '', name: '', version: 1, nodes: [], edges: [] });

/** The id a name suggests: `Score & write v2` → `score-write-v2` (ids start with a letter). */
export function pipelineIdFromName(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' || /^[a-z]/.test(slug) ? slug : `pipeline-${slug}`;
}
