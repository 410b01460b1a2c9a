import { Schema, type Connection, type Model } from 'mongoose';
import type { PipelineDefinition } from '@meetflow/workflows/pipeline';

/** One saved version of a pipeline definition; saving again creates the next version. */
export interface SavedPipeline {
  workspaceId: string;
  pipelineId: string;
  version: number;
  name: string;
  definition: PipelineDefinition;
  /** What the person who saved this version said changed (the version history shows it); empty when nothing was said. */
  note?: string;
  createdAt?: Date;
}

const SavedPipelineSchema = new Schema<SavedPipeline>(
  {
    workspaceId: { type: String, required: true },
    pipelineId: { type: String, required: true },
    version: { type: Number, required: true },
    name: { type: String, required: true },
    definition: { type: Schema.Types.Mixed, required: true },
    note: { type: String, default: '' },
  },
  { timestamps: true, minimize: false },
);
SavedPipelineSchema.index({ workspaceId: 1, pipelineId: 1, version: -1 }, { unique: true });

/** Registers the SavedPipeline model on a connection (once). */
export function savedPipelineModel(connection: Connection): Model<SavedPipeline> {
  return (
    (connection.models.SavedPipeline as Model<SavedPipeline> | undefined) ??
    connection.model<SavedPipeline>('SavedPipeline', SavedPipelineSchema)
  );
}
