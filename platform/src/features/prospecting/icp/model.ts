import { Schema, type Connection, type Model } from 'mongoose';
import type { IcpSlice } from './schemas.ts';

/** A workspace's ideal customer profile, as the last analysis of its customer URLs left it. */
export interface WorkspaceIcp {
  workspaceId: string;
  slices: IcpSlice[];
  confidence: number;
  notes: string;
  sourceUrls: string[];
  analyzedAt: Date;
}

const CriteriaSchema = new Schema<IcpSlice['criteria']>(
  {
    industry: { type: [String], required: true },
    companySize: { type: String, required: true },
    jobTitles: { type: [String], required: true },
    techStack: { type: [String], required: true },
    painPoints: { type: [String], required: true },
  },
  { _id: false },
);

const SliceSchema = new Schema<IcpSlice>(
  {
    name: { type: String, required: true },
    description: { type: String, required: true },
    confidence: { type: Number, required: true, min: 0, max: 1 },
    estimatedVolume: { type: Number, required: true, min: 0 },
    criteria: { type: CriteriaSchema, required: true },
  },
  { _id: false },
);

const WorkspaceIcpSchema = new Schema<WorkspaceIcp>(
  {
    workspaceId: { type: String, required: true },
    slices: { type: [SliceSchema], required: true },
    confidence: { type: Number, required: true, min: 0, max: 1 },
    notes: { type: String, required: true },
    sourceUrls: { type: [String], required: true },
    analyzedAt: { type: Date, required: true },
  },
  { minimize: false },
);
// One ICP per workspace: a new analysis replaces it (upsert on workspaceId).
WorkspaceIcpSchema.index({ workspaceId: 1 }, { unique: true });

/** Registers the workspace ICP model on a connection (once); collection `workspace_icp`. */
export function workspaceIcpModels(connection: Connection) {
  return {
    workspaceIcp:
      (connection.models.WorkspaceIcp as Model<WorkspaceIcp> | undefined) ??
      connection.model<WorkspaceIcp>('WorkspaceIcp', WorkspaceIcpSchema, 'workspace_icp'),
  };
}

/** The models the ICP services need (part of `Models` once wired into createModels). */
export type WorkspaceIcpModels = ReturnType<typeof workspaceIcpModels>;
