// The ICP eval's fixture sites (the development set, plugins/research/fixtures/icp-eval/<site>/;
// the held-out set in plugins/research/fixtures/held-out/ is read the same way): static HTML,
// served by the sample sites server at /<site>/ the way a static host serves them ("/about" is
// about.html, a folder its index.html), each with the response headers of its _headers.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../../src/core/paths.ts';
import { startSampleSitesServer, type SampleSitesServer } from '../samples/server.ts';

/** Where the fixture sites and their labels live. */
export const EVAL_SITES_DIR = join(repoRoot, 'plugins', 'research', 'fixtures', 'icp-eval');

/** What a careful reader finds on one site (see the folder's README). */
export const SiteLabel = z.object({
  industry: z.string(),
  /** "50-200", "5000+", or null when the site states no headcount. */
  sizeBand: z.string().nullable(),
  businessTech: z.array(z.string()),
  infrastructure: z.array(z.string()),
  /** Who buys and who runs the company: titles named by the site's audience lines, testimonials and team pages. */
  titles: z.array(z.string()),
  /** Roles the site is hiring for (careers page, job ads): growth, never a buyer title (absent: none labelled). */
  hiring: z.array(z.string()).optional(),
  pains: z.array(z.string()),
});
export type SiteLabel = z.infer<typeof SiteLabel>;

/** Every site's labels, keyed by the site's folder name (the development set's unless `dir` names another set). */
export function siteLabels(dir = EVAL_SITES_DIR): Record<string, SiteLabel> {
  return z.record(z.string(), SiteLabel).parse(JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')));
}

/** Serves every fixture site on a free loopback port, at `${url}/<site>/`, with its `_headers.json`. */
export function startEvalSites(dir = EVAL_SITES_DIR): Promise<SampleSitesServer> {
  return startSampleSitesServer({ host: '127.0.0.1', port: 0, root: dir });
}
