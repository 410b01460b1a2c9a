import { RESEARCH } from '@meetflow/plugin-sdk/contracts/agents';
import { EnrichCompanyOutput } from '@meetflow/plugin-sdk/contracts/research';
import type { z } from 'zod';
import type { RunContext } from '@meetflow/plugin-sdk';
import { systemRunContext } from '../../../core/run-context.ts';
import { callDeclaredActivity, rootReason, type PluginApiDeps } from '../../runs/services.ts';
import { withDeadline } from '@meetflow/plugin-sdk';

/** What the research agent answers for one site. */
export type Research = z.infer<typeof EnrichCompanyOutput>;
/** How long one site may take, retries included, before it counts as failed. */
export const DEFAULT_SITE_TIMEOUT_MS = 90_000;

/** What researching one customer site gave: its research, or why there is none. */
export type SiteOutcome = { url: string; ok: true; research: Research } | { url: string; ok: false; reason: string };

/** The research plugin's business failure: the site cannot be read as given. */
class SiteUnreachable extends Error {}

/** Researches one site on the worker (research agent: guarded HTTP, robots.txt, fingerprints); never throws. */
async function researchSite(deps: PluginApiDeps, run: RunContext, url: string, timeoutMs: number): Promise<SiteOutcome> {
  try {
    const output = await withDeadline(
      callDeclaredActivity(deps, RESEARCH.enrichCompany, { website: url }, run, { failures: { SiteUnreachable } }),
      timeoutMs,
      (seconds) => `${url} gave no research result within ${seconds} s`,
    );
    return { url, ok: true, research: EnrichCompanyOutput.parse(output) };
  } catch (error) {
    return { url, ok: false, reason: rootReason(error) };
  }
}

/** True when the research agent is installed, so customer sites can be researched. */
export function canResearch(deps: PluginApiDeps): boolean {
  return deps.host.activityIndex().has(RESEARCH.enrichCompany);
}

/** Researches every site in parallel, one workflow each; the outcomes come back in the order of the URLs. */
export function researchSites(
  deps: PluginApiDeps,
  workspaceId: string,
  urls: readonly string[],
  timeoutMs = DEFAULT_SITE_TIMEOUT_MS,
): Promise<SiteOutcome[]> {
  const run = systemRunContext(workspaceId, 'icp-analysis');
  return Promise.all(urls.map((url) => researchSite(deps, run, url, timeoutMs)));
}
