import { Schema, type Connection, type Model } from 'mongoose';
import type { PipelineDefinition, StepStatus } from '@meetflow/workflows/pipeline';
import type { RunPrincipal } from '@meetflow/plugin-sdk';

/** One step of a run as the UI shows it; written by the activities as the step moves. */
export interface StepRecord {
  status: StepStatus;
  activity: string;
  /** The version of the plugin (its manifest's) that ran the step, once it has started. */
  pluginVersion?: string;
  attempts: number;
  startedAt?: Date;
  endedAt?: Date;
  /** Where the step's output is stored: `step-outputs/<runId>/<nodeId>`. */
  outputRef?: string;
  error?: string;
  /** A step with a condition: whether it held, recorded once the step it reads has completed (see step-conditions.ts). */
  conditionMet?: boolean;
}

/** A pipeline run: the definition it pinned, its input, its steps, and where it came from. */
export interface PipelineRun {
  runId: string;
  workspaceId: string;
  pipelineId: string;
  pipelineVersion: number;
  definition: PipelineDefinition;
  input: unknown;
  /**
   * Who started it, with the role they had in the workspace then: the authority its steps run
   * with (each step's declared access is checked against it). Absent on runs recorded before it was.
   */
  startedBy?: RunPrincipal;
  /** `cancelled`: its batch was cancelled before it finished (see batch-control.ts). */
  status: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
  steps: Record<string, StepRecord>;
  workflowId?: string;
  temporalRunId?: string;
  startedAt?: Date;
  endedAt?: Date;
  error?: string;
  /** Set on a rerun from a step: the run and step it restarted from. */
  restartedFrom?: { runId: string; nodeId: string };
  /** Set on a rerun of a whole run. */
  retryOf?: string;
  /** Set on the runs a batch started together. */
  batchId?: string;
  /** A test run of an unsaved draft from the editor: its definition is the draft's, its version the one it was drafted from. */
  draft?: boolean;
  createdAt?: Date;
  updatedAt?: Date;
}

const PipelineRunSchema = new Schema<PipelineRun>(
  {
    runId: { type: String, required: true },
    workspaceId: { type: String, required: true },
    pipelineId: { type: String, required: true },
    pipelineVersion: { type: Number, required: true },
    definition: { type: Schema.Types.Mixed, required: true },
    input: { type: Schema.Types.Mixed },
    startedBy: { type: new Schema({ kind: String, id: String, role: String }, { _id: false }), default: undefined },
    status: { type: String, required: true, enum: ['pending', 'running', 'completed', 'failed', 'cancelled'] },
    // A map keyed by node id, so each step is updated with a plain `$set: { 'steps.<id>.status' }`.
    steps: { type: Schema.Types.Mixed, required: true },
    workflowId: String,
    temporalRunId: String,
    startedAt: Date,
    endedAt: Date,
    error: String,
    restartedFrom: { type: new Schema({ runId: String, nodeId: String }, { _id: false }), default: undefined },
    retryOf: String,
    batchId: String,
    draft: { type: Boolean, default: undefined },
  },
  { timestamps: true, minimize: false },
);
PipelineRunSchema.index({ runId: 1 }, { unique: true });
PipelineRunSchema.index({ batchId: 1, status: 1 });
// GET /api/runs lists newest first, then by run id: each list index ends in that order, so a page is
// read off the index (no in-memory sort of every match) and a created-between range narrows it.
PipelineRunSchema.index({ workspaceId: 1, createdAt: -1, runId: 1 });
// One pipeline's runs (GET /api/runs?pipeline=, a pipeline's page) without walking the others', and one version's.
PipelineRunSchema.index({ workspaceId: 1, pipelineId: 1, createdAt: -1, runId: 1 });
PipelineRunSchema.index({ workspaceId: 1, pipelineId: 1, pipelineVersion: 1, createdAt: -1, runId: 1 });
PipelineRunSchema.index({ workspaceId: 1, status: 1, createdAt: -1, runId: 1 });
// A prospect's runs: GET /api/runs?prospect=, the prospect panel and a campaign's latest runs read `input.prospectId`.
PipelineRunSchema.index({ workspaceId: 1, 'input.prospectId': 1, createdAt: -1, runId: 1 });

/** A step's full output, stored apart from the run so workflows pass references, not payloads. */
export interface StepOutput {
  runId: string;
  nodeId: string;
  output: unknown;
}

const StepOutputSchema = new Schema<StepOutput>(
  {
    runId: { type: String, required: true },
    nodeId: { type: String, required: true },
    output: { type: Schema.Types.Mixed },
  },
  { timestamps: true, minimize: false },
);
StepOutputSchema.index({ runId: 1, nodeId: 1 }, { unique: true });

/** Registers the run models on a connection (once). */
export function pipelineRunModels(connection: Connection) {
  return {
    pipelineRuns:
      (connection.models.PipelineRun as Model<PipelineRun> | undefined) ?? connection.model<PipelineRun>('PipelineRun', PipelineRunSchema),
    stepOutputs:
      (connection.models.StepOutput as Model<StepOutput> | undefined) ?? connection.model<StepOutput>('StepOutput', StepOutputSchema),
  };
}
