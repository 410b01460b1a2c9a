import { Schema, type Connection, type Model } from 'mongoose';
import type { PipelineDefinition } from '@meetflow/workflows/pipeline';

/**
 * A batch as a whole: what it runs, when it started, where it came from and whether it was
 * cancelled. How far it has got is not stored here: the workflow answers that while it runs, the
 * run records once it has ended. One small document per batch, read by its unique `batchId`.
 */
export interface PipelineBatch {
  batchId: string;
  workspaceId: string;
  pipelineId: string;
  pipelineVersion: number;
  /** The definition every run of the batch pinned. */
  definition: PipelineDefinition;
  /** Runs in the batch. */
  total: number;
  /** Runs per activity call; a retry of the batch's failures uses the same. */
  chunkSize: number;
  workflowId: string;
  startedAt: Date;
  /** Set on a batch of another batch's failed runs: that batch's id. */
  retryOf?: string;
  /** When someone cancelled it; unset for a batch that ran to its end. */
  cancelledAt?: Date;
}

const PipelineBatchSchema = new Schema<PipelineBatch>(
  {
    batchId: { type: String, required: true },
    workspaceId: { type: String, required: true },
    pipelineId: { type: String, required: true },
    pipelineVersion: { type: Number, required: true },
    definition: { type: Schema.Types.Mixed, required: true },
    total: { type: Number, required: true },
    chunkSize: { type: Number, required: true },
    workflowId: { type: String, required: true },
    startedAt: { type: Date, required: true },
    retryOf: String,
    cancelledAt: Date,
  },
  { timestamps: true, minimize: false },
);
PipelineBatchSchema.index({ batchId: 1 }, { unique: true });
PipelineBatchSchema.index({ workspaceId: 1, retryOf: 1 });

/** Registers the PipelineBatch model on a connection (once). */
export function pipelineBatchModel(connection: Connection): Model<PipelineBatch> {
  return (
    (connection.models.PipelineBatch as Model<PipelineBatch> | undefined) ??
    connection.model<PipelineBatch>('PipelineBatch', PipelineBatchSchema)
  );
}
