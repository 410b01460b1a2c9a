import { z } from 'zod';
import { PipelineDefinitionSchema } from './definition.ts';

/** Path parameters of /api/pipelines/{id}. */
export const PipelineParams = z.object({ id: z.string().meta({ description: 'The pipeline id (kebab-case)' }) });

/** Query of GET /api/pipelines/{id}: the version to read, else the latest. */
export const PipelineVersionQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

/** Body of POST /api/pipelines/{id}/runs: the run's input, and the version to run (else the latest). */
export const StartBody = z.object({ input: z.unknown().default({}), version: z.number().int().min(1).optional() });

const Timestamp = z.iso.datetime();

/** A saved pipeline version as GET /api/pipelines lists it (without its definition); stored fields such as `_id` may follow. */
export const PipelineSummarySchema = z.looseObject({
  workspaceId: z.string(),
  pipelineId: z.string(),
  version: z.number().int().min(1),
  name: z.string(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

/** One saved pipeline version with the definition it was saved with (each node's timeout filled in). */
export const SavedPipelineSchema = PipelineSummarySchema.extend({
  definition: PipelineDefinitionSchema,
  note: z.string().optional().meta({ description: 'What this version changes, as said when it was saved' }),
});
