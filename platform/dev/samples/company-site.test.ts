import { describe, expect, it } from 'vitest';
import { generateCompany, type GeneratedCompany, INDUSTRIES } from '@meetflow/plugin-source-sample/generator';
import { INDUSTRY_COPY } from './company-site-copy.ts';
import { renderCompanySite } from './company-site.ts';
import { SAMPLE_TOOLS, TOOL_EMBEDS, UNDETECTABLE_TOOLS } from './company-site-tech.ts';

const generated = (index: number) => generateCompany(1, index, 3);
const firstWhere = (test: (sample: GeneratedCompany) => boolean) => {
  for (let index = 0; index < 2_000; index++) if (test(generated(index))) return generated(index);
  throw new Error('no sample company among the first 2,000 matches');
};
const decode = (html: string) => html.replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code)));
/** The visible text of a page's <main>, tags dropped and entities decoded. */
const textOf = (html: string) =>
  decode(html.slice(html.indexOf('<main>'), html.indexOf('</main>')).replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
const firstMatch = (html: string, pattern: RegExp) => decode(pattern.exec(html)?.[1] ?? '');

describe('renderCompanySite', () => {
  it('states on home and about what the record says: what it does, headcount, place, revenue band floor', () => {
    for (const index of [0, 5, 16, 42, 99]) {
      const sample = generated(index);
      const { company } = sample;
      const site = renderCompanySite(sample);
      const home = site.pages.get('')!;
      const about = textOf(site.pages.get('about')!);
      const pitch = INDUSTRIES.find((industry) => industry.label === company.industry)!.pitch;
      expect(firstMatch(home, /<meta name="description" content="([^"]*)">/)).toBe(`${company.name} ${pitch}.`);
      expect(firstMatch(home, /<h1>(.*?)<\/h1>/)).toBe(INDUSTRY_COPY[company.industry]!.headline);
      expect(textOf(home)).toContain(
        `${company.name} is a team of ${company.employeeCount.toLocaleString('en-US')} based in ${company.location.city}, ${company.location.country}.`,
      );
      expect(about).toContain(`We are a team of ${company.employeeCount.toLocaleString('en-US')} based in ${company.location.city}`);
      const floor = company.revenue.startsWith('<') ? null : company.revenue.split('-')[0]!.replace('+', '');
      expect(about).toContain(floor ? `more than ${floor} in annual revenue` : 'still under a million dollars');
      for (const person of sample.people) expect(about).toContain(`${person.firstName} ${person.lastName}, ${person.jobTitle}`);
    }
  });

  it('announces a funding round only when the record says the funding is recent, and states the stage otherwise', () => {
    const recent = firstWhere(({ company }) => company.recentFunding && company.fundingStage === 'Series A');
    expect(textOf(renderCompanySite(recent).pages.get('about')!)).toContain(
      `${recent.company.name} has closed its Series A funding round.`,
    );
    const staged = firstWhere(({ company }) => !company.recentFunding && company.fundingStage === 'Series B');
    const stagedAbout = textOf(renderCompanySite(staged).pages.get('about')!);
    expect(stagedAbout).toContain('is a venture-backed company at the Series B stage.');
    expect(stagedAbout).not.toMatch(/round/i);
    const unfunded = firstWhere(({ company }) => company.fundingStage === null);
    expect(textOf(renderCompanySite(unfunded).pages.get('about')!)).not.toMatch(/round|venture|funding/i);
  });

  it("has a careers page only for a company that runs a job board, naming its colleagues' functions and no open roles", () => {
    const withBoard = firstWhere(({ company }) => company.techStack.includes('Greenhouse'));
    const site = renderCompanySite(withBoard);
    const careers = site.pages.get('careers')!;
    expect(careers).toContain(`boards.greenhouse.io/embed/job_board/js?for=${withBoard.company.domain.replace('.example', '')}`);
    expect(textOf(careers)).toContain('through our Greenhouse job board');
    expect(textOf(careers)).not.toMatch(/hiring|open (?:roles|positions)|\d+ (?:roles|jobs)/i);
    const nav = firstMatch(site.pages.get('')!, /<nav[^>]*>(.*?)<\/nav>/);
    expect([...nav.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual(['about', 'careers']);
    const withoutBoard = firstWhere(({ company }) => !company.techStack.some((tool) => ['Greenhouse', 'Lever', 'Workday'].includes(tool)));
    expect([...renderCompanySite(withoutBoard).pages.keys()]).toEqual(['', 'about']);
  });

  it('embeds the tools the company uses and no other, and is the same on every render', () => {
    const sample = firstWhere(({ company }) => company.techStack.includes('Stripe') && !company.techStack.includes('HubSpot'));
    const site = renderCompanySite(sample);
    expect(site.pages.get('')).toContain('https://js.stripe.com/v3/');
    expect(site.pages.get('')).not.toContain('hs-scripts.com');
    expect(renderCompanySite(generated(Number(sample.company.companyId.slice(3))))).toEqual(site);
    expect(site.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self';/);
  });

  it("escapes names, so a company called O'Something reads as written", () => {
    const sample = firstWhere(({ company }) => company.name.includes("'"));
    const home = renderCompanySite(sample).pages.get('')!;
    expect(home).not.toContain(`>${sample.company.name}<`);
    expect(firstMatch(home, /<a class="brand" href="\.\/">(.*?)<\/a>/)).toBe(sample.company.name);
  });

  it('has copy for every sample industry, and an embed for every sample tool but the listed undetectable ones', () => {
    expect(INDUSTRIES.map((industry) => industry.label).filter((label) => !INDUSTRY_COPY[label])).toEqual([]);
    expect(SAMPLE_TOOLS.filter((tool) => !TOOL_EMBEDS[tool])).toEqual([...UNDETECTABLE_TOOLS]);
    expect(Object.keys(TOOL_EMBEDS).filter((tool) => !SAMPLE_TOOLS.includes(tool))).toEqual([]);
  });
});
