import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCompany } from '@meetflow/plugin-source-sample/generator';
import { renderCompanySite } from './company-site.ts';
import { sampleCompanyOfDomain } from './company-site-route.ts';
import { sampleCompanySiteUrl, startSampleSitesServer, type SampleSitesServer } from './server.ts';

let server: SampleSitesServer;
beforeAll(async () => {
  server = await startSampleSitesServer({ host: '127.0.0.1', port: 0 });
});
afterAll(() => server.close());

const get = (path: string, method = 'GET') => fetch(`${server.url}${path}`, { redirect: 'manual', method });
const sample = (index: number) => generateCompany(1, index, 3);
const withBoard = Array.from({ length: 200 }, (_, index) => sample(index)).find(({ company }) => company.techStack.includes('Lever'))!;

describe('GET /companies/<domain>/', () => {
  it("serves each sample company's home and about pages as rendered from its regenerated record, with its headers", async () => {
    for (const index of [0, 1, 35, 1_000, 19_999]) {
      const generated = sample(index);
      const site = renderCompanySite(generated);
      const home = await get(`/companies/${generated.company.domain}/`);
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(home.headers.get('content-security-policy')).toBe(site.headers['content-security-policy']);
      expect(await home.text()).toBe(site.pages.get(''));
      for (const path of ['about', 'about.html'])
        expect(await (await get(`/companies/${generated.company.domain}/${path}`)).text()).toBe(site.pages.get('about'));
    }
  });

  it("sends the headers the company's hosting and tools send (Lever in the CSP), and serves the careers page of a company with a job board", async () => {
    const careers = await get(`/companies/${withBoard.company.domain}/careers`);
    expect(careers.status).toBe(200);
    expect(careers.headers.get('content-security-policy')).toContain("frame-src 'self' https://jobs.lever.co");
    expect(await careers.text()).toContain('through our Lever job board');
    const head = await get(`/companies/${withBoard.company.domain}/`, 'HEAD');
    expect([head.status, await head.text(), Number(head.headers.get('content-length'))]).toEqual([
      200,
      '',
      Buffer.byteLength(renderCompanySite(withBoard).pages.get('')!),
    ]);
  });

  it('lets every page be read (robots.txt), and redirects the folder without its slash', async () => {
    const robots = await get(`/companies/${sample(3).company.domain}/robots.txt`);
    expect([robots.status, robots.headers.get('content-type'), await robots.text()]).toEqual([
      200,
      'text/plain; charset=utf-8',
      'User-agent: *\nDisallow:\n',
    ]);
    const bare = await get(`/companies/${sample(3).company.domain}`);
    expect([bare.status, bare.headers.get('location')]).toEqual([301, `/companies/${sample(3).company.domain}/`]);
  });

  it('answers 404 for a domain no sample company has, a name that does not match its index, and pages a site lacks', async () => {
    const { domain } = sample(16).company;
    const wrongName = domain.replace(/^[a-z]+/, 'nosuch');
    const wrongIndex = domain.replace(/-g\.example$/, '-h.example');
    for (const path of [
      `/companies/${wrongName}/`,
      `/companies/${wrongIndex}/`,
      '/companies/example.com/',
      '/companies/acme.example/',
      `/companies/${domain.toUpperCase()}/`,
      '/companies/',
      '/companies/x-zzzzzzzzz.example/',
      `/companies/${domain}/pricing`,
      `/companies/${domain}/about/`,
    ]) {
      expect([path, (await get(path)).status]).toEqual([path, 404]);
    }
    const noBoard = Array.from({ length: 50 }, (_, index) => sample(index)).find(
      ({ company }) => !company.techStack.some((tool) => ['Greenhouse', 'Lever', 'Workday'].includes(tool)),
    )!;
    expect((await get(`/companies/${noBoard.company.domain}/careers`)).status).toBe(404);
    expect((await fetch(`${server.url}/companies/${domain}/`, { method: 'POST' })).status).toBe(405);
  });

  it('still serves the bundled static sites beside them', async () => {
    expect((await get('/quotewell/')).status).toBe(200);
  });
});

describe('sampleCompanyOfDomain and sampleCompanySiteUrl', () => {
  it('regenerate the company from its domain alone, and give the address its site is served at', () => {
    const { company } = sample(12_345);
    expect(company.domain.endsWith(`-${(12_345).toString(36)}.example`)).toBe(true);
    expect(sampleCompanyOfDomain(company.domain)?.company).toEqual(company);
    expect(sampleCompanyOfDomain(`x${company.domain}`)).toBeNull();
    expect(sampleCompanySiteUrl('http://127.0.0.1:3100/', company.domain)).toBe(`http://127.0.0.1:3100/companies/${company.domain}/`);
  });
});
