import { createGuardedHttpClient, type Fact } from '@meetflow/plugin-sdk';
import { mockActivityEnvironment, runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceStandsOnPage } from './evidence-check.ts';
import { serveFixtureSite, type FixtureSite } from './fixture-site.ts';
import { researchPlugin } from './index.ts';

const sites: Record<string, FixtureSite> = {};
beforeAll(async () => {
  for (const name of ['ledgerloop', 'brightforge', 'quietpine']) sites[name] = await serveFixtureSite(name);
});
afterAll(async () => {
  await Promise.all(Object.values(sites).map((site) => site.close()));
});

function site(name: string): FixtureSite {
  const found = sites[name];
  if (!found) throw new Error(`fixture site ${name} is not running`);
  return found;
}

async function research(name: string, input: { maxPages?: number } = {}, config: { respectRobots?: boolean; minConfidence?: number } = {}) {
  const fixture = site(name);
  fixture.requests.length = 0;
  const http = createGuardedHttpClient({ allowHosts: [fixture.host] });
  const heartbeats: unknown[] = [];
  const environment = mockActivityEnvironment();
  environment.on('heartbeat', (details: unknown) => heartbeats.push(details));
  const result = await runActivity(
    researchPlugin,
    'enrichCompany',
    { website: `${fixture.origin}/`, ...input },
    testDeps(researchPlugin, { http, config }) as never,
    environment,
  );
  return { result, heartbeats, fixture };
}

const byId = (facts: Fact[], id: string) => facts.find((fact) => fact.id === id);

describe('enrichCompany on a rich B2B SaaS site', () => {
  it('extracts at least 12 distinct facts, each with evidence that stands on its page', async () => {
    const { result, fixture } = await research('ledgerloop');
    expect(result.dataPoints).toBe(result.facts.length);
    expect(result.dataPoints).toBeGreaterThanOrEqual(12);
    expect(new Set(result.facts.map((fact) => fact.id)).size).toBe(result.facts.length);
    const unsupported = result.facts.filter((fact) => !evidenceStandsOnPage(fact, fixture));
    expect(unsupported).toEqual([]);
    expect(result.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('fills every field from the site', async () => {
    const { result } = await research('ledgerloop');
    expect(result.companyName).toBe('Ledgerloop');
    expect(result.companyInfo).toBe(
      'Ledgerloop automates invoice capture, approvals and vendor payments for mid-market finance teams. Close your books faster and pay every supplier on time.',
    );
    expect(result.industry).toBe('Financial services & fintech');
    expect(byId(result.facts, 'industry')?.value).toMatch(/matched: .*accounts payable.*invoice/);
    expect(result.sizeHint).toEqual({ employees: '140 employees', revenue: null });
    expect(result.painPoints).toEqual(
      expect.arrayContaining(['keying invoices in by hand', 'manual data entry', 'lost approvals', 'chasing approvers over email']),
    );
    expect(result.signals.funding).toBe('Raised $40M Series B, led by Northzone');
    expect(result.signals.hiring).toBe('Hiring: 5 open roles');
    expect(byId(result.facts, 'founded')?.value).toBe('Founded in 2019');
    expect(result.facts.map((fact) => fact.value)).toEqual(
      expect.arrayContaining([
        'Headquartered in Austin, Texas',
        'Customer: Fabrikam Logistics',
        'Customer: Northwind Traders',
        'Customer base: 1,200+ finance teams',
        'Pricing: Starter plan: $399 / month',
        'Backed by Northzone, Index Ventures and Y Combinator',
        'Email: sales@ledgerloop.example',
        'LinkedIn: https://www.linkedin.com/company/ledgerloop',
      ]),
    );
  });

  it('detects the tech stack from script tags, headers, cookies and markup', async () => {
    const { result } = await research('ledgerloop');
    expect(result.techStack).toEqual(
      expect.arrayContaining(['Stripe', 'HubSpot', 'Intercom', 'Google Tag Manager', 'React', 'Next.js', 'Cloudflare', 'Webpack']),
    );
    expect(byId(result.facts, 'tech-stripe')?.evidence.snippet).toBe('https://js.stripe.com/v3/');
    expect(byId(result.facts, 'tech-hubspot')?.evidence.snippet).toBe('//js.hs-scripts.com/21984455.js');
    expect(byId(result.facts, 'tech-next-js')?.evidence.snippet).toBe('header x-powered-by: Next.js');
    expect(byId(result.facts, 'tech-webpack')?.value).toContain('implied by Next.js');
    expect(result.techStack).not.toContain('WordPress');
  });

  it('reads the home page and the key pages it links to, heartbeating per page', async () => {
    const { result, heartbeats, fixture } = await research('ledgerloop');
    expect(result.pages.map((page) => new URL(page.url).pathname)).toEqual(['/', '/about', '/customers', '/pricing', '/careers', '/blog']);
    expect(result.pages.every((page) => page.ok && page.status === 200)).toBe(true);
    expect(heartbeats).toHaveLength(result.pages.length);
    expect(fixture.requests.filter((path) => path === '/robots.txt')).toHaveLength(1);
  });

  it('leaves out facts under minConfidence, and the summary fields built on them', async () => {
    const { result } = await research('ledgerloop', {}, { minConfidence: 0.8 });
    expect(result.facts.every((fact) => fact.confidence >= 0.8)).toBe(true);
    expect(result.painPoints).toEqual([]);
    expect(result.sizeHint.employees).toBeNull();
    expect(result.industry).toBe('Financial services & fintech');
  });

  it('reads no more pages than asked', async () => {
    const { result, fixture } = await research('ledgerloop', { maxPages: 2 });
    expect(result.pages).toHaveLength(2);
    expect(fixture.requests.filter((path) => path !== '/robots.txt')).toEqual(['/', '/about']);
  });
});

describe('enrichCompany on a manufacturer whose robots.txt disallows its careers page', () => {
  it('never fetches the disallowed page, and still reads the rest', async () => {
    const { result, fixture } = await research('brightforge');
    expect(fixture.requests).not.toContain('/careers/');
    expect(result.pages.map((page) => new URL(page.url).pathname)).not.toContain('/careers/');
    expect(result.pages[1]).toMatchObject({ status: 200, ok: true });
    expect(result.facts.filter((fact) => !evidenceStandsOnPage(fact, fixture))).toEqual([]);
    expect(result.industry).toBe('Manufacturing');
    expect(result.sizeHint.employees).toBe('250+ employees');
    expect(byId(result.facts, 'founded')?.value).toBe('Founded in 1987');
    expect(byId(result.facts, 'tech-wordpress')).toMatchObject({
      value: 'Uses WordPress 6.4.2 (CMS; infrastructure)',
      evidence: { snippet: 'meta generator: WordPress 6.4.2' },
    });
    expect(result.techStack).toEqual(expect.arrayContaining(['Nginx', 'PHP', 'jQuery', 'MySQL']));
    expect(result.signals.hiring).toBe('Hiring');
  });

  it('fetches it when robots.txt is not to be respected (so the check above can fail)', async () => {
    const { fixture, result } = await research('brightforge', {}, { respectRobots: false });
    expect(fixture.requests).toContain('/careers/');
    expect(result.signals.hiring).toBe('Hiring: 12 open roles');
  });
});

describe('enrichCompany on a sparse site', () => {
  it('finds little, invents nothing and says so with a low confidence', async () => {
    const { result, fixture } = await research('quietpine');
    expect(result.facts.map((fact) => fact.value)).toEqual(['Email: hello@quietpine.example']);
    expect(result.facts.filter((fact) => !evidenceStandsOnPage(fact, fixture))).toEqual([]);
    expect(result).toMatchObject({
      companyName: 'Quietpine',
      companyInfo: '',
      industry: null,
      sizeHint: { employees: null, revenue: null },
      painPoints: [],
      techStack: [],
      signals: { funding: null, hiring: null },
      dataPoints: 1,
    });
    expect(result.confidence).toBeLessThan(0.2);
    expect(result.pages[0]).toMatchObject({ ok: true });
    expect(result.pages.slice(1).every((page) => page.status === 404 && !page.ok)).toBe(true);
  });
});
