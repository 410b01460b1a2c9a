import { z } from 'zod';
import { PipelineSummarySchema, SavedPipelineSchema } from './api-schemas.ts';
import { PipelineDefinitionSchema } from './definition.ts';

const Timestamp = z.iso.datetime();
const RunStatus = z.enum(['pending', 'running', 'completed', 'failed', 'cancelled']);
const Count = z.number().int().min(0);

/** How a pipeline's recorded runs stand: counts by status and the newest run. */
export const PipelineRunStatsSchema = z.object({
  total: Count,
  byStatus: z.object({ pending: Count, running: Count, completed: Count, failed: Count, cancelled: Count }),
  last: z
    .object({
      runId: z.string(),
      status: RunStatus,
      startedAt: Timestamp.optional().meta({ description: 'Absent while the run is pending' }),
      createdAt: Timestamp,
      version: z.number().int().min(1).meta({ description: 'The pipeline version the run pinned' }),
    })
    .nullable()
    .meta({ description: 'The newest run (as GET /api/runs orders them), or null before the first' }),
});

// What tells a built-in from a saved pipeline; a built-in belongs to no workspace and was never saved.
const origin = {
  builtIn: z.boolean().meta({ description: 'A pipeline that ships with Meetflow: read-only, the same in every workspace' }),
  description: z.string().optional(),
  cannotDuplicate: z.string().optional().meta({ description: 'Why POST …/duplicate refuses it; absent when it can be duplicated' }),
  workspaceId: z.string().optional(),
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp.optional(),
};

/** One entry of GET /api/pipelines: the latest version of a pipeline, how many it has, and how its runs stand. */
export const PipelineListEntrySchema = PipelineSummarySchema.extend({
  ...origin,
  versions: z.number().int().min(1).meta({ description: 'How many versions it has (a built-in has one)' }),
  runs: PipelineRunStatsSchema.nullable().meta({
    description: 'Null when its runs are not recorded as pipeline runs (the learning cycle runs as its own workflow)',
  }),
});

/** One version of a pipeline with its definition, saved or built in (GET /api/pipelines/{id}). */
export const PipelineViewSchema = SavedPipelineSchema.extend(origin);

/** One version as GET /api/pipelines/{id}/versions lists it, newest first. */
export const PipelineVersionSchema = z.object({
  version: z.number().int().min(1),
  name: z.string(),
  createdAt: Timestamp.optional().meta({ description: 'When it was saved; absent for a built-in' }),
  note: z.string().optional().meta({ description: 'What changed, when it was saved with a note' }),
});

/** Body of POST /api/pipelines/{id}/duplicate: the copy's id and name, and the version to copy (else the latest). */
export const DuplicateBody = z.object({
  newId: PipelineDefinitionSchema.shape.id.optional().meta({ description: 'Default `<id>-copy`, then `<id>-copy-2`…' }),
  name: PipelineDefinitionSchema.shape.name.optional().meta({ description: 'Default "Copy of <name>"' }),
  version: z.number().int().min(1).optional(),
});
