import type { WorkspaceIcpModels } from './model.ts';
import type { PluginApiDeps } from '../plugins/call-activity.ts';
import { IcpAnalysisError } from './analysis-error.ts';
import { clusterCustomers } from './cluster.ts';
import { analysisNotes } from './notes.ts';
import { profileCustomer } from './profile.ts';
import { canResearch, researchSites } from './research-sites.ts';
import type { IcpAnalysis } from './schemas.ts';
import { sliceOf } from './slices.ts';
import { saveWorkspaceIcp } from './store.ts';
import { round2 } from '../../core/numbers.ts';

/** What the ICP builder runs over: plugins and Temporal (research runs on the worker) and the ICP model. */
export interface IcpDeps extends PluginApiDeps {
  db: WorkspaceIcpModels;
  /** How long one site may take before it counts as failed (default 90 s). */
  siteTimeoutMs?: number;
}

/**
 * Builds the workspace's ICP from its customers' sites: researches each site (in parallel, on
 * the worker), profiles and clusters the customers, describes each cluster as a slice, and
 * stores the result as the workspace's ICP. Sites that fail are named in the notes and count 0
 * in the confidence; when none can be read it fails, naming each site and why.
 */
export async function analyzeIcp(deps: IcpDeps, workspaceId: string, urls: readonly string[]): Promise<IcpAnalysis> {
  if (!canResearch(deps))
    throw new IcpAnalysisError('Customer sites cannot be analysed: the research agent (plugin "research") is not installed.');
  const outcomes = await researchSites(deps, urls, deps.siteTimeoutMs);
  const profiles = outcomes.flatMap((outcome) => (outcome.ok ? [profileCustomer(outcome.url, outcome.research)] : []));
  if (profiles.length === 0) {
    const reasons = outcomes.map((outcome) => (outcome.ok ? '' : `${outcome.url}: ${outcome.reason}`)).join(' ');
    throw new IcpAnalysisError(`None of the ${urls.length} customer sites could be analysed. ${reasons}`);
  }
  const clusters = clusterCustomers(profiles);
  const icpSlices = clusters.map(sliceOf);
  const confidence = round2(profiles.reduce((sum, profile) => sum + profile.confidence, 0) / urls.length);
  const analysis: IcpAnalysis = {
    icpSlices,
    confidence,
    analysisNotes: analysisNotes(outcomes, profiles, clusters, icpSlices, confidence),
    sourceUrls: [...urls],
    analyzedAt: new Date().toISOString(),
  };
  await saveWorkspaceIcp(deps.db, workspaceId, analysis);
  return analysis;
}
