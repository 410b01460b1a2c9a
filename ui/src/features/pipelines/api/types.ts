// Shapes of the pipeline and run API (platform/src/db/models/pipeline-run.ts); dates arrive as ISO strings.

// The definition types are the interpreter's own (bundle-pure, so safe to import in the browser).
import type { PipelineDefinition, StepStatus } from '@meetflow/workflows/pipeline';

export type { Condition, PipelineDefinition, PipelineNode, StepStatus } from '@meetflow/workflows/pipeline';

/** The latest version of a saved pipeline, as listed by GET /api/pipelines. */
export interface SavedPipeline {
  pipelineId: string;
  version: number;
  name: string;
  createdAt: string;
}

export type RunStatus = 'pending' | 'running' | 'completed' | 'failed';

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
}

/** A run with its pinned definition and input, from GET /api/runs/:id. */
export interface RunDetail extends RunSummary {
  definition: PipelineDefinition;
  input: unknown;
}
