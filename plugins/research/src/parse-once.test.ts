// Research parses each page it reads once: the crawl's links, the text extractors, the extractors that
// read markup and technology detection all share the one document (./page.ts).
import { createGuardedHttpClient } from '@meetflow/plugin-sdk';
import { mockActivityEnvironment, runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveFixtureSite, type FixtureSite } from './fixture-site.ts';
import { researchPlugin } from './index.ts';

// Every cheerio document research makes goes through load: counted, and made as before.
vi.mock('cheerio', async (importOriginal) => {
  const actual = await importOriginal<typeof cheerio>();
  return { ...actual, load: vi.fn(actual.load) };
});

let site: FixtureSite;
beforeAll(async () => {
  site = await serveFixtureSite('ledgerloop');
});
afterAll(async () => {
  await site.close();
});

describe('research on a fixture site', () => {
  it('loads each page it read into cheerio once, and nothing else', async () => {
    const load = vi.mocked(cheerio.load);
    load.mockClear();
    const result = await runActivity(
      researchPlugin,
      'enrichCompany',
      { website: `${site.origin}/` },
      testDeps(researchPlugin, { http: createGuardedHttpClient({ allowHosts: [site.host] }) }) as never,
      mockActivityEnvironment(),
    );
    const read = result.pages.filter((page) => page.ok).map((page) => site.bodyAt(new URL(page.url).pathname));
    expect(read.length).toBeGreaterThanOrEqual(4);
    expect(result.facts.length).toBeGreaterThanOrEqual(12);
    expect(load.mock.calls.map(([content]) => content)).toEqual(read);
  });
});
