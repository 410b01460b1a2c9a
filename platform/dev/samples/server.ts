import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join, normalize, sep } from 'node:path';
import { repoRoot } from '../../src/core/paths.ts';
import { companySiteResponse } from './company-site-route.ts';

export { sampleCompanySiteUrl } from './company-site.ts';

/** The bundled sample customer sites: one folder per company, served at `/<name>/`. */
export const sampleSitesDir = join(repoRoot, 'platform', 'dev', 'samples', 'sites');

/** The running sample sites server. */
export interface SampleSitesServer {
  /** Origin the sites are served from, e.g. `http://127.0.0.1:3100`; a site is `${url}/<name>/`. */
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.css': 'text/css; charset=utf-8',
};

/** The path a request names inside the sites folder, or null when it would leave it (or cannot be decoded). */
function pathInside(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const candidate = normalize(join(root, decoded));
  return candidate === root || candidate.startsWith(root + sep) ? candidate : null;
}

const isFile = async (path: string) => (await stat(path).catch(() => null))?.isFile() ?? false;

/** A site folder's extra response headers (a web server's, say), never served itself. */
const HEADERS_FILE = '_headers.json';

/** The file to answer with: the file itself, a folder's index.html, or "/acme/about" as "/acme/about.html" the way static hosts do. */
async function fileFor(target: string): Promise<string | null> {
  for (const candidate of [target, join(target, 'index.html'), `${target}.html`])
    if (basename(candidate) !== HEADERS_FILE && (await isFile(candidate))) return candidate;
  return null;
}

/** The headers the site's `_headers.json` asks for (none without one). */
async function siteHeaders(root: string, pathname: string): Promise<Record<string, string>> {
  const site = pathInside(root, pathname.split('/')[1] ?? '');
  const text = site && site !== root ? await readFile(join(site, HEADERS_FILE), 'utf8').catch(() => null) : null;
  return text ? (JSON.parse(text) as Record<string, string>) : {};
}

async function serve(root: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { pathname } = new URL(request.url ?? '/', 'http://samples.invalid');
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed');
    return;
  }
  const company = companySiteResponse(pathname);
  if (company) {
    response.writeHead(company.status, { ...company.headers, 'content-length': Buffer.byteLength(company.body) });
    response.end(request.method === 'HEAD' ? undefined : company.body);
    return;
  }
  const target = pathInside(root, pathname);
  // A folder without its trailing slash would break the pages' relative links.
  if (target && !pathname.endsWith('/') && (await stat(target).catch(() => null))?.isDirectory()) {
    response.writeHead(301, { location: `${pathname}/` }).end();
    return;
  }
  const file = target ? await fileFor(target) : null;
  if (!file) {
    response
      .writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!DOCTYPE html><title>Not found</title><h1>Not found</h1>');
    return;
  }
  const body = await readFile(file);
  response.writeHead(200, {
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    ...(await siteHeaders(root, pathname)),
    'content-length': body.length,
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * Serves the bundled sample customer sites (`platform/dev/samples/sites/<name>/…`) at
 * `http://host:port/<name>/`, with `index.html` for folders, so the ICP builder can be tried
 * with no internet, and the sample prospect companies' sites at `/companies/<domain>/`
 * (company-site-route.ts). A site folder's `_headers.json` adds response headers to its pages
 * (the eval's fixture sites use it for web-server headers). Plain node:http, read-only, nothing
 * outside the sites folder.
 */
export async function startSampleSitesServer(options: { host: string; port: number; root?: string }): Promise<SampleSitesServer> {
  const root = normalize(options.root ?? sampleSitesDir);
  const server = createServer((request, response) => {
    serve(root, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Internal error');
    });
  });
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port, options.host, () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
