// Shapes of the pipeline and run API (platform/src/features/runs/pipelines/model.ts and run-model.ts); dates arrive as ISO strings.

// The definition types are the interpreter's own (bundle-pure, so safe to import in the browser).
import type { PipelineDefinition, StepStatus } from '@meetflow/workflows/pipeline';

export type { Condition, PipelineDefinition, PipelineNode, StepStatus } from '@meetflow/workflows/pipeline';

/** `cancelled`: its batch was cancelled before it finished. */
export type RunStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';

/** How a pipeline's recorded runs stand: counts by status and the newest run. */
export interface PipelineRunStats {
  total: number;
  byStatus: Record<RunStatus, number>;
  last: { runId: string; status: RunStatus; startedAt?: string; createdAt: string; version: number } | null;
}

/** What tells a built-in pipeline (read-only, in code) from one the workspace saved. */
interface PipelineOrigin {
  pipelineId: string;
  version: number;
  name: string;
  builtIn: boolean;
  description?: string;
  /** Why it cannot be duplicated; absent when it can. */
  cannotDuplicate?: string;
  /** When the version was saved; absent for a built-in. */
  createdAt?: string;
}

/** One entry of GET /api/pipelines: the latest version, how many there are, and how its runs stand. */
export interface PipelineListEntry extends PipelineOrigin {
  versions: number;
  /** Null when its runs are not recorded as pipeline runs (the learning cycle is its own workflow). */
  runs: PipelineRunStats | null;
}

/** One version with its definition, from GET /api/pipelines/:id. */
export interface PipelineView extends PipelineOrigin {
  definition: PipelineDefinition;
}

/** One version as GET /api/pipelines/:id/versions lists it, newest first. */
export interface PipelineVersion {
  version: number;
  name: string;
  createdAt?: string;
  note?: string;
}

/** One step of a run as the worker records it. */
export interface StepRecord {
  status: StepStatus;
  activity: string;
  /** The version of the plugin that ran the step, once it has started. */
  pluginVersion?: string;
  attempts: number;
  startedAt?: string;
  endedAt?: string;
  outputRef?: string;
  error?: string;
}

/** A run as listed by GET /api/runs (no definition or input). */
export interface RunSummary {
  runId: string;
  pipelineId: string;
  pipelineVersion: number;
  status: RunStatus;
  steps: Record<string, StepRecord>;
  error?: string;
  retryOf?: string;
  restartedFrom?: { runId: string; nodeId: string };
  startedAt?: string;
  endedAt?: string;
  createdAt: string;
  /** The prospect the run was for, when its input names one (only in GET /api/runs's list). */
  prospectId?: number;
}

/** A run with its pinned definition and input, from GET /api/runs/:id. */
export interface RunDetail extends RunSummary {
  definition: PipelineDefinition;
  input: unknown;
}
