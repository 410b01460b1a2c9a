// The research behind every eval section: the real research activity (default config, guarded
// HTTP client limited to the local fixture server) reads each labelled fixture site once.
import { researchPlugin } from '@meetflow/plugin-research';
import { createGuardedHttpClient } from '@meetflow/plugin-sdk';
import { runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import type { Research } from '../../src/features/prospecting/icp/research-sites.ts';
import { EVAL_SITES_DIR, siteLabels, startEvalSites, type SiteLabel } from './eval-sites.ts';

/** One fixture site as the research agent read it, beside its labels. */
export interface ResearchedSite {
  site: string;
  url: string;
  label: SiteLabel;
  research: Research;
}

/** Researches every labelled fixture site of a set (the development set's by default), in the labels' order. */
export async function researchEvalSites(dir = EVAL_SITES_DIR): Promise<ResearchedSite[]> {
  const server = await startEvalSites(dir);
  try {
    const deps = testDeps(researchPlugin, { http: createGuardedHttpClient({ allowHosts: [new URL(server.url).host] }) });
    const researched: ResearchedSite[] = [];
    for (const [site, label] of Object.entries(siteLabels(dir))) {
      const url = `${server.url}/${site}/`;
      const research = (await runActivity(researchPlugin, 'enrichCompany', { website: url }, deps as never)) as Research;
      researched.push({ site, url, label, research });
    }
    return researched;
  } finally {
    await server.close();
  }
}
