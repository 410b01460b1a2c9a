import type { PageKind, ParsedPage } from './page.ts';

/** A page to read after the home page, and what it is for. */
export interface PlannedPage {
  url: string;
  kind: PageKind;
}

// The pages that say most about a company, in the order they are worth reading, and the
// words their paths use.
const PAGE_KINDS: ReadonlyArray<{ kind: PageKind; words: RegExp }> = [
  { kind: 'about', words: /^(about|about-us|company|our-story|who-we-are|team)$/ },
  { kind: 'customers', words: /^(customers|case-studies|clients|customer-stories|success-stories)$/ },
  { kind: 'pricing', words: /^(pricing|plans|prices)$/ },
  { kind: 'careers', words: /^(careers|jobs|join-us|hiring|work-with-us)$/ },
  { kind: 'blog', words: /^(blog|news|press|newsroom|insights)$/ },
  { kind: 'security', words: /^(security|trust|compliance)$/ },
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

/**
 * What kind of page a path is, from its first segment below the site's folder ("/about-us" →
 * about; "/en-us/pricing.html" under "/en-us/" → pricing).
 */
export function kindOfPath(pathname: string, folder = '/'): PageKind {
  const relative = pathname.startsWith(folder) ? pathname.slice(folder.length) : pathname;
  const first = (relative.split('/').find(Boolean) ?? '').toLowerCase().replace(/\.(html?|php|aspx?)$/, '');
  return PAGE_KINDS.find((candidate) => candidate.words.test(first))?.kind ?? 'other';
}

/**
 * Chooses up to `limit` pages after the home page: for each kind, the first same-site link
 * the home page has to it, else the configured path of that kind; then the remaining
 * configured paths. Each kind is read once.
 */
export function planPages(home: ParsedPage, pagePaths: readonly string[], limit: number): PlannedPage[] {
  const homeUrl = new URL(home.url);
  // A site served below a path (/en-us/, or a demo's /acme/) has its pages, and the configured paths, in that folder.
  const folder = folderOf(homeUrl.pathname);
  const linked = home.links
    .map((link) => new URL(link.url))
    .filter((url) => (url.protocol === 'http:' || url.protocol === 'https:') && sameSite(url, homeUrl) && !ASSET.test(url.pathname))
    .map((url) => ({ url: `${url.origin}${url.pathname}`, kind: kindOfPath(url.pathname, folder) }));
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
  for (const { kind } of PAGE_KINDS) {
    const page = linked.find((candidate) => candidate.kind === kind) ?? configured.find((candidate) => candidate.kind === kind);
    if (page) add(page);
  }
  configured.forEach(add);
  return plan;
}
