// The proof that the sample company sites serve their purpose: the real research agent, through
// the guarded HTTP client, reads from each site what the company's record says.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { researchPlugin } from '@meetflow/plugin-research';
import { createGuardedHttpClient, type Fact } from '@meetflow/plugin-sdk';
import { runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCompany, type GeneratedCompany } from '@meetflow/plugin-source-sample/generator';
import { renderCompanySite } from './company-site.ts';
import { expectedResearch, unexpectedTools } from './company-site-expected.ts';
import { companySitePageResponse } from './company-site-route.ts';
import { SAMPLE_TOOLS, TOOL_EMBEDS, UNDETECTABLE_TOOLS } from './company-site-tech.ts';
import { sampleCompanySiteUrl, startSampleSitesServer, type SampleSitesServer } from './server.ts';

let samples: SampleSitesServer;
beforeAll(async () => {
  samples = await startSampleSitesServer({ host: '127.0.0.1', port: 0 });
});
afterAll(() => samples.close());

const research = (website: string) =>
  runActivity(
    researchPlugin,
    'enrichCompany',
    { website },
    testDeps(researchPlugin, { http: createGuardedHttpClient({ allowHosts: [new URL(website).host] }) }) as never,
  );

/** The first company of each industry, revenue band, funding state and job board among the first 2,000: every way a site differs. */
function companiesCoveringEveryCase(): GeneratedCompany[] {
  const chosen = new Map<string, GeneratedCompany>();
  for (let index = 0; index < 2_000; index++) {
    const generated = generateCompany(1, index, 3);
    const { company } = generated;
    const funding = company.fundingStage ? `${company.recentFunding ? 'recent' : 'earlier'} ${company.fundingStage}` : 'none';
    const boards = company.techStack.filter((tool) => ['Greenhouse', 'Lever', 'Workday'].includes(tool));
    for (const key of [company.industry, company.revenue, funding, ...boards]) if (!chosen.has(key)) chosen.set(key, generated);
  }
  return [...new Set(chosen.values())];
}

/** True when a fact's evidence is on the page it cites: in its text, its HTML, its meta tags or its headers. */
function standsOnPage(fact: Fact, body: string, headers: Headers): boolean {
  const normal = (text: string) =>
    text
      .replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code)))
      .replace(/\s+/g, ' ')
      .trim();
  const served = [...headers]
    .map(([name, value]) => `header ${name}: ${value}`)
    .concat([...body.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)].map((match) => `meta ${match[1]}: ${match[2]}`));
  const snippet = normal(fact.evidence.snippet);
  return normal(body.replace(/<[^>]+>/g, ' ')).includes(snippet) || normal(body).includes(snippet) || served.map(normal).includes(snippet);
}

describe('the research agent on the sample company sites', () => {
  const companies = companiesCoveringEveryCase();

  it('covers every industry, revenue band, funding state and job board', () => {
    expect(new Set(companies.map(({ company }) => company.industry)).size).toBe(18);
    expect(
      companies
        .filter(({ company }) => company.recentFunding)
        .map(({ company }) => company.fundingStage)
        .sort(),
    ).toEqual(['Seed', 'Series A', 'Series B', 'Series C', 'Series D+']);
    expect(new Set(companies.map(({ company }) => company.revenue))).toContain('$1B+');
  });

  it("reads each site's name, industry, headcount, revenue, funding and every detectable tool as the record states them", async () => {
    for (const { company } of companies) {
      const website = sampleCompanySiteUrl(samples.url, company.domain);
      const result = await research(website);
      const expected = expectedResearch(company);
      const where = `${company.domain} (${company.industry}, ${company.revenue}, ${company.fundingStage ?? 'unfunded'})`;
      expect(result.companyName, where).toBe(expected.companyName);
      expect(result.industry, where).toBe(expected.industry);
      expect(result.sizeHint, where).toEqual({ employees: expected.employees, revenue: expected.revenue });
      expect(result.signals.funding, where).toBe(expected.funding);
      expect(result.techStack, where).toEqual(expect.arrayContaining(expected.techStack));
      // What research adds beyond the record is only what the tools imply (WordPress → PHP), never another sample tool.
      expect(unexpectedTools(company, result), where).toEqual([]);
      expect(result.signals.hiring, where).toBeNull();
      const pages = new Map<string, { body: string; headers: Headers }>();
      for (const fact of result.facts) {
        if (!pages.has(fact.evidence.url)) {
          const response = await fetch(fact.evidence.url);
          pages.set(fact.evidence.url, { body: await response.text(), headers: response.headers });
        }
        const page = pages.get(fact.evidence.url)!;
        expect(standsOnPage(fact, page.body, page.headers), `${where}: ${fact.id} "${fact.evidence.snippet}"`).toBe(true);
      }
    }
  });

  it('finds every sample tool on a site that embeds them all, except the ones Wappalyzer knows only from running scripts', async () => {
    const first = generateCompany(1, 0, 3);
    const site = renderCompanySite({ ...first, company: { ...first.company, techStack: [...SAMPLE_TOOLS] } });
    const server = createServer((request, response) => {
      const answer = companySitePageResponse(site, new URL(request.url ?? '/', 'http://site.invalid').pathname.slice(1));
      response.writeHead(answer.status, answer.headers).end(answer.body);
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    try {
      const result = await research(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(result.pages.filter((page) => page.ok).map((page) => new URL(page.url).pathname)).toEqual(['/', '/about', '/careers']);
      expect(UNDETECTABLE_TOOLS).toEqual(['Pipedrive', 'Gorgias', 'Snowflake', 'Salesloft', 'Adyen']);
      expect(SAMPLE_TOOLS.filter((tool) => !result.techStack.includes(tool))).toEqual([...UNDETECTABLE_TOOLS]);
      // Each is seen on the page itself, not merely implied by another tool.
      const seen = result.facts
        .filter((fact) => fact.kind === 'tech' && !fact.value.includes(', implied by '))
        .map((fact) => `${fact.value} `);
      expect(Object.keys(TOOL_EMBEDS).filter((tool) => !seen.some((value) => value.startsWith(`Uses ${tool} `)))).toEqual([]);
    } finally {
      server.closeAllConnections();
      await new Promise((closed) => server.close(closed));
    }
  });
});
