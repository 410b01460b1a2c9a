// The web site of a sample prospect company, rendered from its generated record and nothing
// else: what it does (its industry's pitch), its headcount, where it is, its revenue band, its
// funding, the people the sample database lists there, and the tools it runs embedded the way
// real sites embed them. The research agent reads these sites as it reads any other.
import { type GeneratedCompany, INDUSTRIES } from '@meetflow/plugin-source-sample/generator';
import { INDUSTRY_COPY } from './company-site-copy.ts';
import { escapeHtml, renderPage, type PageParts } from './company-site-layout.ts';
import { embedsFor, type EmbedIds } from './company-site-tech.ts';

// Where company sites are served: decided by the sample database, whose people's websites point there.
export { COMPANY_SITES_PREFIX, sampleCompanySiteUrl } from '../../src/features/prospecting/discovery/sample-site-url.ts';

/** A rendered company site: its pages by path below the site's folder, and the headers they are served with. */
export interface CompanySite {
  /** '' (home), 'about', and 'careers' when the company runs a job board. */
  pages: ReadonlyMap<string, string>;
  headers: Record<string, string>;
}

const HIRING_TOOLS = ['Greenhouse', 'Lever', 'Workday'];
const FUNCTION_NAMES: Record<string, string> = { executive: 'leadership', revops: 'revenue operations', hr: 'people and talent', it: 'IT' };
// What a browser may load: nothing from elsewhere, so opening a sample site never calls a real
// vendor with a made-up account id. The research agent reads the tags without running them.
const BASE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
];

// FNV-1a with a final mix (so neighbouring inputs differ in every digit): stable per company
// and tool, so a site reads the same on every request.
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

function idsFor(domain: string): EmbedIds {
  const chars = (alphabet: string) => (tool: string, length: number) =>
    Array.from({ length }, (_, at) => alphabet[hashOf(`${domain}|${tool}|${at}`) % alphabet.length]).join('');
  return { slug: domain.replace(/\.example$/, ''), digits: chars('0123456789'), key: chars('abcdefghijklmnopqrstuvwxyz0123456789') };
}

function contentSecurityPolicy(extra: readonly string[]): string {
  const directives = new Map(BASE_CSP.map((directive) => [directive.split(' ')[0]!, directive]));
  for (const directive of extra) {
    const [name = '', ...sources] = directive.split(' ');
    directives.set(name, `${directives.get(name) ?? `${name} 'self'`} ${sources.join(' ')}`);
  }
  return [...directives.values()].join('; ');
}

const listed = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** "$10M-$50M" → "$10M": the band's floor, which the company has passed; null for "<$1M". */
export const revenueFloor = (band: string) => /^\$\d+[MB]/.exec(band)?.[0] ?? null;

/** The round as a company announces it: a Series D+ company's latest is a growth round. */
export const announcedRound = (stage: string) => (stage === 'Seed' ? 'seed' : stage === 'Series D+' ? 'growth' : stage);

function aboutHtml({ company, people }: GeneratedCompany, pitch: string): string {
  const { name, fundingStage } = company;
  const floor = revenueFloor(company.revenue);
  const paragraphs = [
    `${name} ${pitch}.`,
    `We are a team of ${company.employeeCount.toLocaleString('en-US')} based in ${company.location.city}, ${company.location.country}.`,
    floor ? `${name} brings in more than ${floor} in annual revenue.` : 'Annual revenue is still under a million dollars.',
    ...(fundingStage && !company.recentFunding ? [`${name} is a venture-backed company at the ${fundingStage} stage.`] : []),
  ];
  const round = fundingStage && company.recentFunding ? announcedRound(fundingStage) : null;
  const news = round
    ? `<section class="news"><h2>${escapeHtml(`${name} closes its ${round} round`)}</h2>
<p>${escapeHtml(`${name} has closed its ${round} funding round${fundingStage === 'Series D+' ? ' (Series D or later)' : ''}.`)}</p></section>`
    : '';
  const team = people.map((person) => `<li>${escapeHtml(`${person.firstName} ${person.lastName}, ${person.jobTitle}`)}</li>`).join('');
  return `<h1>${escapeHtml(`About ${name}`)}</h1>
${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
${news}
<section class="people"><h2>Some of the team</h2><ul>${team}</ul></section>`;
}

function careersHtml({ company, people }: GeneratedCompany, board: string, embeds: readonly string[]): string {
  const functions = [...new Set(people.map((person) => FUNCTION_NAMES[person.function] ?? person.function))];
  return `<h1>${escapeHtml(`Careers at ${company.name}`)}</h1>
<p>${escapeHtml(`We are a team of ${company.employeeCount.toLocaleString('en-US')} based in ${company.location.city}, ${company.location.country}.`)}</p>
<p>${escapeHtml(`You would join colleagues in ${listed(functions)}.`)}</p>
<p>${escapeHtml(`When a position opens, it is posted here through our ${board} job board.`)}</p>
${embeds.join('\n')}`;
}

function homeHtml(generated: GeneratedCompany, pitch: string): string {
  const { company } = generated;
  const copy = INDUSTRY_COPY[company.industry];
  const features = (copy?.features ?? [])
    .map(([title, text]) => `<li><h3>${escapeHtml(title)}</h3><p>${escapeHtml(text)}</p></li>`)
    .join('');
  return `<section class="hero"><h1>${escapeHtml(copy?.headline ?? company.name)}</h1>
<p>${escapeHtml(`${company.name} ${pitch}.${copy ? ` ${copy.lede}` : ''}`)}</p></section>
${features ? `<section class="features"><h2>What we do</h2><ul>${features}</ul></section>` : ''}
<section class="company"><h2>${escapeHtml(`About ${company.name}`)}</h2>
<p>${escapeHtml(`${company.name} is a team of ${company.employeeCount.toLocaleString('en-US')} based in ${company.location.city}, ${company.location.country}.`)}</p></section>`;
}

/** Renders the site of a generated sample company: the same record always gives the same site. */
export function renderCompanySite(generated: GeneratedCompany): CompanySite {
  const { company } = generated;
  const pitch = INDUSTRIES.find((industry) => industry.label === company.industry)?.pitch ?? `works in ${company.industry.toLowerCase()}`;
  const embeds = embedsFor(company.techStack, idsFor(company.domain));
  const board = HIRING_TOOLS.find((tool) => company.techStack.includes(tool));
  const nav: Array<[string, string]> = [['about', 'About'], ...(board ? [['careers', 'Careers'] as [string, string]] : [])];
  const page = (parts: Pick<PageParts, 'title' | 'mainHtml'> & Partial<PageParts>) =>
    renderPage({
      companyName: company.name,
      nav,
      headHtml: embeds.head,
      bodyHtml: embeds.body,
      footerText: `© ${company.name} · ${company.location.city}, ${company.location.country} · Sample data: a fictional company, not a real business.`,
      ...parts,
    });
  const pages = new Map<string, string>([
    [
      '',
      page({
        title: `${company.name} — ${INDUSTRY_COPY[company.industry]?.headline ?? company.industry}`,
        description: `${company.name} ${pitch}.`,
        mainHtml: homeHtml(generated, pitch),
      }),
    ],
    ['about', page({ title: `About ${company.name}`, mainHtml: aboutHtml(generated, pitch) })],
  ]);
  if (board) pages.set('careers', page({ title: `Careers at ${company.name}`, mainHtml: careersHtml(generated, board, embeds.careers) }));
  return { pages, headers: { ...embeds.headers, 'content-security-policy': contentSecurityPolicy(embeds.csp) } };
}
