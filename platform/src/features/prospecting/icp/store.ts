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

/**
 * Changes the criteria of one slice of the workspace's ICP (a person removing noise titles or adding
 * a tool before discovery); the other slices, and the lists not given, stay. Null when the workspace
 * has no ICP or no slice at that index. A new analysis replaces the edits with what it finds.
 */
export async function editSliceCriteria(
  db: WorkspaceIcpModels,
  workspaceId: string,
  index: number,
  change: Partial<Pick<IcpAnalysis['icpSlices'][number]['criteria'], 'industry' | 'jobTitles' | 'techStack' | 'painPoints'>>,
): Promise<IcpAnalysis | null> {
  const set = Object.fromEntries(
    Object.entries(change)
      .filter(([, values]) => values !== undefined)
      .map(([key, values]) => [`slices.${index}.criteria.${key}`, values]),
  );
  const found = await db.workspaceIcp.findOne({ workspaceId }, { slices: 1 }).lean<Pick<WorkspaceIcp, 'slices'>>();
  if (!found || index >= found.slices.length) return null;
  if (Object.keys(set).length > 0) await db.workspaceIcp.updateOne({ workspaceId }, { $set: set }, { runValidators: true });
  return getWorkspaceIcp(db, workspaceId);
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
