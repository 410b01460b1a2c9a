import { referencesIn, splitReference } from '@meetflow/workflows/pipeline';
import type { PipelineDefinition } from '../api/types.ts';

/** The top-level run-input fields a definition's steps read (`{{ input.prospect.company }}` → `prospect`), in order of first use. */
export function inputFieldsRead(definition: PipelineDefinition): string[] {
  const fields = definition.nodes
    .flatMap((node) => referencesIn(node.input))
    .map(splitReference)
    .filter((reference) => reference.source === 'input')
    .map((reference) => reference.path.split('.')[0]!)
    .filter(Boolean);
  return [...new Set(fields)];
}
