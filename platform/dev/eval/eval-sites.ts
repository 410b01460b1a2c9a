// The ICP eval's fixture sites (plugins/research/fixtures/icp-eval/<site>/): static HTML,
// served from one local server at /<site>/ the way a static host serves them ("/about" is
// about.html, a folder its index.html), each with the response headers of its _headers.json.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, sep } from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../../src/core/paths.ts';

/** Where the fixture sites and their labels live. */
export const EVAL_SITES_DIR = join(repoRoot, 'plugins', 'research', 'fixtures', 'icp-eval');

/** What a careful reader finds on one site (see the folder's README). */
export const SiteLabel = z.object({
  industry: z.string(),
  /** "50-200", "5000+", or null when the site states no headcount. */
  sizeBand: z.string().nullable(),
  businessTech: z.array(z.string()),
  infrastructure: z.array(z.string()),
  titles: z.array(z.string()),
  pains: z.array(z.string()),
});
export type SiteLabel = z.infer<typeof SiteLabel>;

/** Every site's labels, keyed by the site's folder name. */
export function siteLabels(): Record<string, SiteLabel> {
  return z.record(z.string(), SiteLabel).parse(JSON.parse(readFileSync(join(EVAL_SITES_DIR, 'labels.json'), 'utf8')));
}

/** The running server: a site is at `${url}/<site>/`. */
export interface EvalSitesServer {
  url: string;
  close(): Promise<void>;
}

function fileFor(target: string): string | null {
  for (const candidate of [target, join(target, 'index.html'), `${target}.html`])
    if (existsSync(candidate) && statSync(candidate).isFile() && !candidate.endsWith('_headers.json')) return candidate;
  return null;
}

function headersOf(site: string): Record<string, string> {
  const file = join(EVAL_SITES_DIR, site, '_headers.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

/** Serves every fixture site on a free loopback port. */
export async function startEvalSites(): Promise<EvalSitesServer> {
  const root = normalize(EVAL_SITES_DIR);
  const sites = new Set(readdirSync(root).filter((name) => statSync(join(root, name)).isDirectory()));
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://eval.invalid');
    const site = pathname.split('/')[1] ?? '';
    const target = normalize(join(root, decodeURIComponent(pathname)));
    const file = sites.has(site) && target.startsWith(root + sep) ? fileFor(target) : null;
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Not found</h1>');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headersOf(site) }).end(readFileSync(file));
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
