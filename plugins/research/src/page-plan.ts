import type { PageKind, ParsedPage } from './page.ts';

/** A page to read after the home page, and what it is for. */
export interface PlannedPage {
  url: string;
  kind: PageKind;
}

// The pages that say most about a company, in the order they are worth reading, and the
// words their paths use.
// Team and leadership pages name the people customers have in buyer seats; careers pages the
// roles they hire: both feed the ICP's job titles, so both are read.
const PAGE_KINDS: ReadonlyArray<{ kind: PageKind; words: RegExp; linkText: RegExp }> = [
  {
    kind: 'about',
    words: /^(about|about-us|company|our-story|who-we-are|story|mission|firm|our-firm)$/,
    linkText: /^(about|about us|our story|company|who we are|our mission|our firm)$/i,
  },
  {
    kind: 'team',
    words: /^(team|our-team|the-team|meet-the-team|leadership|leaders|people|management|founders|our-people)$/,
    linkText: /^(team|our team|the team|meet the team|leadership|our leadership|people|our people|founders)$/i,
  },
  {
    kind: 'customers',
    words: /^(customers|case-studies|clients|customer-stories|success-stories|stories)$/,
    linkText: /^(customers|case studies|customer stories|success stories|clients)$/i,
  },
  { kind: 'pricing', words: /^(pricing|plans|prices)$/, linkText: /^(pricing|plans|plans (?:and|&) pricing)$/i },
  {
    kind: 'careers',
    words: /^(careers|jobs|join-us|hiring|work-with-us|join|open-roles|vacancies)$/,
    linkText: /^(careers|jobs|join us|join the team|work with us|we(?:'|’)re hiring|open roles)$/i,
  },
  // The questions buyers ask, answered: where a site states its customers' problems in their words. Read when linked.
  {
    kind: 'faq',
    words: /^(faq|faqs|frequently-asked-questions|questions)$/,
    linkText: /^(faqs?|questions|frequently asked questions|common questions)$/i,
  },
  { kind: 'blog', words: /^(blog|news|press|newsroom|insights)$/, linkText: /^(blog|news|press|newsroom)$/i },
  { kind: 'security', words: /^(security|trust|compliance)$/, linkText: /^(security|trust|trust center)$/i },
];

const ASSET = /\.(pdf|jpe?g|png|gif|svg|webp|zip|mp4|css|js|xml|json)$/i;

/** The same site: one host, ignoring a leading "www.". */
export function sameSite(a: URL, b: URL): boolean {
  const bare = (url: URL) => url.hostname.replace(/^www\./, '');
  return bare(a) === bare(b);
}

/** The folder a page lives in: "/en-us/index.html" → "/en-us/"; a site's pages are read relative to it. */
export function folderOf(pathname: string): string {
  return pathname.slice(0, pathname.lastIndexOf('/') + 1) || '/';
}

const segmentsOf = (pathname: string, folder: string) =>
  (pathname.startsWith(folder) ? pathname.slice(folder.length) : pathname)
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.toLowerCase().replace(/\.(html?|php|aspx?)$/, ''));

/**
 * What kind of page a path is, from its deepest segment below the site's folder that names a
 * kind ("/about-us" → about; "/company/leadership" → team; "/en-us/pricing.html" under
 * "/en-us/" → pricing).
 */
export function kindOfPath(pathname: string, folder = '/'): PageKind {
  for (const segment of segmentsOf(pathname, folder).reverse()) {
    const kind = PAGE_KINDS.find((candidate) => candidate.words.test(segment))?.kind;
    if (kind) return kind;
  }
  return 'other';
}

/** The kind of a linked page: by its path, else by the link's words ("Meet the team" → /crew is a team page). */
function kindOfLink(url: URL, text: string, folder: string): PageKind {
  const byPath = kindOfPath(url.pathname, folder);
  if (byPath !== 'other') return byPath;
  return PAGE_KINDS.find((candidate) => candidate.linkText.test(text.trim()))?.kind ?? 'other';
}

/**
 * Chooses up to `limit` pages after the home page: for each kind, the first same-site link
 * the home page has to it; then, for the kinds it links to none of, the configured path of that
 * kind; then the remaining configured paths. Each kind is read once.
 */
export function planPages(home: ParsedPage, pagePaths: readonly string[], limit: number): PlannedPage[] {
  const homeUrl = new URL(home.url);
  // A site served below a path (/en-us/, or a demo's /acme/) has its pages, and the configured paths, in that folder.
  const folder = folderOf(homeUrl.pathname);
  const linked = home.links
    .map((link) => ({ url: new URL(link.url), text: link.text }))
    .filter(({ url }) => (url.protocol === 'http:' || url.protocol === 'https:') && sameSite(url, homeUrl) && !ASSET.test(url.pathname))
    .map(({ url, text }) => ({
      url: `${url.origin}${url.pathname}`,
      kind: kindOfLink(url, text, folder),
      depth: segmentsOf(url.pathname, folder).length,
    }))
    // The shallowest link of a kind is its index ("/careers", not one posting under it).
    .sort((a, b) => a.depth - b.depth);
  const configured = pagePaths.map((path) => ({
    url: new URL(path.replace(/^\/+/, ''), `${homeUrl.origin}${folder}`).href,
    kind: kindOfPath(path),
  }));
  const plan: PlannedPage[] = [];
  const taken = new Set([`${homeUrl.origin}${homeUrl.pathname}`]);
  const add = (page: PlannedPage) => {
    if (plan.length < limit && !taken.has(page.url) && !plan.some((other) => other.kind === page.kind && page.kind !== 'other')) {
      plan.push(page);
      taken.add(page.url);
    }
  };
  // A page the site links to comes before a path guessed for a kind it does not link: a linked FAQ is read before a
  // guessed /pricing that is most often not there.
  for (const { kind } of PAGE_KINDS) {
    const link = linked.find((candidate) => candidate.kind === kind);
    if (link) add({ url: link.url, kind });
  }
  for (const { kind } of PAGE_KINDS) {
    const page = configured.find((candidate) => candidate.kind === kind);
    if (page) add(page);
  }
  configured.forEach(add);
  return plan;
}
