import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleSitesDir, startSampleSitesServer, type SampleSitesServer } from './server.ts';

let server: SampleSitesServer;
beforeAll(async () => {
  server = await startSampleSitesServer({ host: '127.0.0.1', port: 0 });
});
afterAll(() => server.close());

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

describe('startSampleSitesServer', () => {
  it('serves each bundled site at /<name>/ as HTML, index.html for the folder', async () => {
    for (const name of ['pipelinepilot', 'quotewell', 'callcraft', 'kestrel-precision']) {
      const response = await get(`/${name}/`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toBe(await readFile(join(sampleSitesDir, name, 'index.html'), 'utf8'));
    }
  });

  it('serves a page by its path with or without .html, and robots.txt as text', async () => {
    const about = await get('/pipelinepilot/about');
    expect(about.status).toBe(200);
    expect(await about.text()).toContain('90-person company');
    expect((await get('/pipelinepilot/about.html')).status).toBe(200);
    const robots = await get('/robots.txt');
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain('User-agent: *');
  });

  it('redirects a folder without its slash, so relative links resolve inside the site', async () => {
    const response = await get('/quotewell');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/quotewell/');
  });

  it('answers 404 for what is not there, and never serves files outside the sites folder', async () => {
    expect((await get('/no-such-site/')).status).toBe(404);
    expect((await get('/pipelinepilot/no-such-page')).status).toBe(404);
    expect((await get('/%2e%2e/README.md')).status).toBe(404);
    expect((await get('/..%2f..%2fserver.ts')).status).toBe(404);
    expect((await get('/..%2f..%2fsrc')).status).toBe(404);
    expect((await fetch(`${server.url}/quotewell/`, { method: 'POST' })).status).toBe(405);
  });
});
