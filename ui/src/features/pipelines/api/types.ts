// Shapes of the pipeline and run API: the types `npm run api-types` generates from the API's own schemas; dates arrive as ISO strings.

// The definition types are the interpreter's own (bundle-pure, so safe to import in the browser): the generated ones are their JSON Schema.
import type { PipelineDefinition } from '@meetflow/workflows/pipeline';
import type {
  GetApiPipelinesIdResponse,
  GetApiPipelinesIdVersionsResponse,
  GetApiPipelinesResponse,
  GetApiRunsIdResponse,
  GetApiRunsResponse,
} from '../../../lib/api-types.generated.ts';

export type { Condition, PipelineDefinition, PipelineNode, StepStatus } from '@meetflow/workflows/pipeline';

/** A stored document's named fields, without the schema's "any other field" index (which would hide them from `Omit`). */
type Named<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/** A run as listed by GET /api/runs (no definition or input). */
export type RunSummary = Named<GetApiRunsResponse[number]>;
/** `cancelled`: its batch was cancelled before it finished. */
export type RunStatus = RunSummary['status'];
/** One step of a run as the worker records it. */
export type StepRecord = NonNullable<RunSummary['steps'][string]>;
/** A run with its pinned definition and input, from GET /api/runs/:id. */
export type RunDetail = Omit<Named<GetApiRunsIdResponse>, 'definition'> & { definition: PipelineDefinition };

/** One entry of GET /api/pipelines: the latest version, how many there are, and how its runs stand. */
export type PipelineListEntry = GetApiPipelinesResponse[number];
/** How a pipeline's recorded runs stand: counts by status and the newest run. */
export type PipelineRunStats = NonNullable<PipelineListEntry['runs']>;
/** One version with its definition, from GET /api/pipelines/:id. */
export type PipelineView = Omit<Named<GetApiPipelinesIdResponse>, 'definition'> & { definition: PipelineDefinition };
/** One version as GET /api/pipelines/:id/versions lists it, newest first. */
export type PipelineVersion = GetApiPipelinesIdVersionsResponse[number];
