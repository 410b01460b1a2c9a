import type { WorkspaceIcp, WorkspaceIcpModels } from './model.ts';
import type { IcpAnalysis } from './schemas.ts';

const toAnalysis = (icp: WorkspaceIcp): IcpAnalysis => ({
  icpSlices: icp.slices,
  confidence: icp.confidence,
  analysisNotes: icp.notes,
  sourceUrls: icp.sourceUrls,
  analyzedAt: icp.analyzedAt.toISOString(),
});

/** The workspace's ICP as last analysed, or null when it has none yet (for discovery and scoring). */
export async function getWorkspaceIcp(db: WorkspaceIcpModels, workspaceId: string): Promise<IcpAnalysis | null> {
  const icp = await db.workspaceIcp.findOne({ workspaceId }).lean<WorkspaceIcp>();
  return icp ? toAnalysis(icp) : null;
}

/** Makes an analysis the workspace's ICP, replacing the previous one (an upsert on workspaceId). */
export async function saveWorkspaceIcp(db: WorkspaceIcpModels, workspaceId: string, analysis: IcpAnalysis): Promise<void> {
  await db.workspaceIcp.updateOne(
    { workspaceId },
    {
      $set: {
        slices: analysis.icpSlices,
        confidence: analysis.confidence,
        notes: analysis.analysisNotes,
        sourceUrls: analysis.sourceUrls,
        analyzedAt: new Date(analysis.analyzedAt),
      },
    },
    { upsert: true, runValidators: true },
  );
}
