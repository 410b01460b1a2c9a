import { Schema, type Connection, type Model } from 'mongoose';

/** One stored config entry of a workspace; a key with no entry is at its spec default. */
export interface WorkspaceConfigEntry {
  workspaceId: string;
  configKey: string;
  configValue: unknown;
  updatedAt?: Date;
}

const WorkspaceConfigSchema = new Schema<WorkspaceConfigEntry>(
  {
    workspaceId: { type: String, required: true },
    configKey: { type: String, required: true },
    configValue: { type: Schema.Types.Mixed, required: true },
  },
  { timestamps: true, minimize: false },
);
WorkspaceConfigSchema.index({ workspaceId: 1, configKey: 1 }, { unique: true });

/** Registers the workspace config model on a connection (once); collection `workspace_config`. */
export function workspaceConfigModels(connection: Connection) {
  return {
    workspaceConfig:
      (connection.models.WorkspaceConfigEntry as Model<WorkspaceConfigEntry> | undefined) ??
      connection.model<WorkspaceConfigEntry>('WorkspaceConfigEntry', WorkspaceConfigSchema, 'workspace_config'),
  };
}
