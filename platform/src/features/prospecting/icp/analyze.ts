import type { WorkspaceIcpModels } from './model.ts';
import type { PluginApiDeps } from '../../runs/services.ts';
import { IcpAnalysisError } from './analysis-error.ts';
import { clusterCustomers } from './cluster.ts';
import { analysisNotes } from './notes.ts';
import { profileCustomer } from './profile.ts';
import { canResearch, researchSites, type SiteOutcome } from './research-sites.ts';
import type { IcpAnalysis } from './schemas.ts';
import { sliceOf, type SliceOptions } from './slices.ts';
import { saveWorkspaceIcp } from './store.ts';
import { round2 } from '../../../core/numbers.ts';
import type { OfferDb } from '../offer/model.ts';
import { getOffer } from '../offer/offer.ts';

/** What the ICP builder runs over: plugins and Temporal (research runs on the worker) and the ICP model. */
export interface IcpDeps extends PluginApiDeps {
  db: WorkspaceIcpModels & OfferDb;
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
  const [outcomes, offer] = await Promise.all([researchSites(deps, workspaceId, urls, deps.siteTimeoutMs), getOffer(deps.db, workspaceId)]);
  // The titles the team says it sells to join the ones the customer sites support.
  const analysis = buildIcp(outcomes, urls, new Date(), { extraTitles: offer?.personas.titles ?? [] });
  await saveWorkspaceIcp(deps.db, workspaceId, analysis);
  return analysis;
}

/**
 * The ICP the research outcomes of the customer sites define: profiles, clusters, one slice per
 * cluster, the confidence and the notes. Pure: the same outcomes give the same ICP.
 */
export function buildIcp(outcomes: readonly SiteOutcome[], urls: readonly string[], now: Date, options: SliceOptions = {}): IcpAnalysis {
  const profiles = outcomes.flatMap((outcome) => (outcome.ok ? [profileCustomer(outcome.url, outcome.research)] : []));
  if (profiles.length === 0) {
    const reasons = outcomes.map((outcome) => (outcome.ok ? '' : `${outcome.url}: ${outcome.reason}`)).join(' ');
    throw new IcpAnalysisError(`None of the ${urls.length} customer sites could be analysed. ${reasons}`);
  }
  const clusters = clusterCustomers(profiles);
  const icpSlices = clusters.map((cluster) => sliceOf(cluster, options));
  const confidence = round2(profiles.reduce((sum, profile) => sum + profile.confidence, 0) / urls.length);
  return {
    icpSlices,
    confidence,
    analysisNotes: analysisNotes(outcomes, profiles, clusters, icpSlices, confidence),
    sourceUrls: [...urls],
    analyzedAt: now.toISOString(),
  };
}
