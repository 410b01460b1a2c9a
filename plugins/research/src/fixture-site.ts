// Serves a fixture web site (plugins/research/fixtures/<site>/) on 127.0.0.1 for tests, as if
// it were https://<site>.example: absolute links to that origin are rewritten to the local one.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, resolve } from 'node:path';

/** A running fixture site. */
export interface FixtureSite {
  origin: string;
  /** "127.0.0.1:PORT", for allowHosts. */
  host: string;
  /** Paths requested, in order (robots.txt included). */
  requests: string[];
  /** The body served at a path (origin rewritten), or undefined for a 404. */
  bodyAt(pathname: string): string | undefined;
  /** The extra response headers the site sends (its _headers.json). */
  headers: Record<string, string>;
  close(): Promise<void>;
}

const FIXTURES = resolve(import.meta.dirname, '..', 'fixtures');

function fileFor(siteDir: string, pathname: string): string | undefined {
  const clean = normalize(decodeURIComponent(pathname)).replace(/\/+$/, '');
  const candidates = clean === '' ? ['index.html'] : [`${clean}.html`, join(clean, 'index.html'), clean];
  for (const candidate of candidates) {
    const file = join(siteDir, candidate);
    // Never serve outside the site, nor the fixture's own header file.
    if (file.startsWith(siteDir) && !file.endsWith('_headers.json') && existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

/** Starts serving fixtures/<site> on a free loopback port. */
export async function serveFixtureSite(site: string): Promise<FixtureSite> {
  const siteDir = join(FIXTURES, site);
  const headersFile = join(siteDir, '_headers.json');
  const extraHeaders = existsSync(headersFile) ? (JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>) : {};
  const canonical = `https://${site}.example`;
  const requests: string[] = [];
  let origin = '';
  const served = (file: string) => readFileSync(join(siteDir, file), 'utf8').replaceAll(canonical, origin);
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://fixture');
    requests.push(pathname);
    const file = fileFor(siteDir, pathname);
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Not found</h1>');
      return;
    }
    const type = file.endsWith('.txt') ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8';
    response.writeHead(200, { 'content-type': type, ...extraHeaders }).end(served(file.slice(siteDir.length + 1)));
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolveListen) => server.once('listening', resolveListen));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    host: `127.0.0.1:${port}`,
    requests,
    headers: extraHeaders,
    bodyAt: (pathname) => {
      const file = fileFor(siteDir, pathname);
      return file ? served(file.slice(siteDir.length + 1)) : undefined;
    },
    close: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
