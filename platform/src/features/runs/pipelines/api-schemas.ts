import { z } from 'zod';
import { PipelineDefinitionSchema } from './definition.ts';

/** Path parameters of /api/pipelines/{id}. */
export const PipelineParams = z.object({ id: z.string().meta({ description: 'The pipeline id (kebab-case)' }) });

/** Query of GET /api/pipelines/{id}: the version to read, else the latest. */
export const PipelineVersionQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

/** Body of POST /api/pipelines/{id}/runs: the run's input, and the version to run (else the latest). */
export const StartBody = z.object({ input: z.unknown().default({}), version: z.number().int().min(1).optional() });

/** The 422 of a route that saves or runs a definition: it is well formed, but cannot run here. */
export const CANNOT_RUN_HERE =
  "A well-formed definition that cannot run here: an activity not installed, a cycle, a step reading one not before it, a mapping whose type does not fit, a step of the platform's own (internal), an input setting `workspaceId` (the run's workspace is the platform's to decide) (each problem named by node and field, also under `fields`, keyed `nodes.<id>.input.<field>`); or a definition or run input with a key holding the NUL character, which cannot be stored, or setting `workspaceId` (named)";
/** The 422 of a route that runs a saved version: the version was valid when saved, and no longer runs here. */
export const NO_LONGER_RUNS = 'The saved definition no longer runs here (an activity it uses was uninstalled since); each problem named';
/** The 422 of a route that runs a saved version on inputs the caller gives. */
export const CANNOT_RUN_INPUT =
  'An input that cannot be stored (a key holding the NUL character, named) or that sets `workspaceId` anywhere (named: a run acts in the workspace it is started in), or a saved definition that no longer runs here (an activity it uses was uninstalled since; each problem named)';
/**
 * The 403 of a route that saves or runs a definition: besides the route's own role, every step's
 * activity declares who may place it (public, sales-ops, admin), checked against the caller's role.
 */
export const STEP_NOT_ALLOWED =
  "The caller's role in the workspace is below sales-ops, or below what a step of the pipeline takes (an admin-only step: each such step named)";

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
