import type { HttpResponse } from '@meetflow/plugin-sdk';
import { load, type CheerioAPI } from 'cheerio';
import { normalizeSpace } from './evidence.ts';
import { cookiesFrom, type PageSignals } from './tech/signals.ts';

/** What a page is for, from the link or path it was found by. */
export type PageKind = 'home' | 'about' | 'team' | 'customers' | 'pricing' | 'careers' | 'faq' | 'blog' | 'security' | 'other';

/** One paragraph-like piece of visible text, with the heading it sits under. */
export interface TextBlock {
  text: string;
  tag: string;
  heading: string;
}

/** A link on the page, resolved against the page URL. */
export interface PageLink {
  url: string;
  href: string;
  text: string;
}

/** A fetched page, parsed once for every extractor. */
export interface ParsedPage {
  url: string;
  kind: PageKind;
  title: string;
  meta: Map<string, string[]>;
  links: PageLink[];
  /** Visible text without navigation, footer, scripts and styles. */
  blocks: TextBlock[];
  /** Navigation and footer text: where addresses, contacts and copyright lines live. */
  boilerplate: TextBlock[];
  /** alt text of images inside logo, customer or client sections (not partner or press ones). */
  logoAlts: string[];
  signals: PageSignals;
}

const BLOCK_TAGS = 'h1,h2,h3,h4,h5,h6,p,li,blockquote,figcaption,dt,dd,td,th,address';
const CONTAINERS = `${BLOCK_TAGS},div,section,article,ul,ol,table,header,main,aside`;
const BOILERPLATE = 'nav,footer,[role=navigation],[role=contentinfo]';
// A footer inside a quote, figure or article is its attribution ("— Angela Ruiz, Principal"), not the page's footer.
const QUOTED = 'blockquote,figure,article,section,main';
const BOILERPLATE_MARK = '[data-meetflow-boilerplate]';
const NON_TEXT = 'script,style,noscript,template,svg,iframe,[hidden],[aria-hidden=true]';
const LOGO_SECTION = /logo|customer|client|trusted/i;
// Logo walls of partners, integrations, press or investors are not customers.
const NOT_CUSTOMERS = /partner|integration|press|investor|award|badge|backer/i;

// Text standing beside blocks rather than in one ("<div><p>“Quote.”</p><span>— Jess, Head of
// Ecommerce</span></div>", a footer's bare "Acme Ltd · 40 employees"): a block of its own.
function looseText($: CheerioAPI, element: Parameters<CheerioAPI>[0]): string {
  return normalizeSpace(
    $(element)
      .contents()
      .toArray()
      .filter(
        (child) => child.type === 'text' || (child.type === 'tag' && !$(child).is(CONTAINERS) && $(child).find(CONTAINERS).length === 0),
      )
      .map((child) => $(child).text())
      .join(' '),
  );
}

function collectBlocks($: CheerioAPI, scope: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const seen = new Set<string>();
  let heading = '';
  $(scope)
    .find(`${BLOCK_TAGS},div`)
    .addBack()
    .each((_index, element) => {
      const node = $(element);
      const tag = 'tagName' in element ? element.tagName : '';
      if (tag === 'div' && node.parents(BLOCK_TAGS).length > 0) return;
      // Leaf blocks are read whole; a list item holding paragraphs is read through its paragraphs, plus any text beside them.
      const text = node.find(CONTAINERS).length > 0 ? looseText($, element) : normalizeSpace(node.text());
      if (/^h[1-4]$/.test(tag)) heading = text;
      if (!text || seen.has(text)) return;
      seen.add(text);
      blocks.push({ text, tag, heading });
    });
  return blocks;
}

function metaOf($: CheerioAPI): Map<string, string[]> {
  const meta = new Map<string, string[]>();
  $('meta').each((_index, element) => {
    const key = ($(element).attr('name') ?? $(element).attr('property'))?.toLowerCase();
    const content = $(element).attr('content');
    if (key && content !== undefined) meta.set(key, [...(meta.get(key) ?? []), content]);
  });
  return meta;
}

function linksOf($: CheerioAPI, base: string): PageLink[] {
  const links: PageLink[] = [];
  $('a[href]').each((_index, element) => {
    const href = $(element).attr('href') ?? '';
    try {
      links.push({ url: new URL(href, base).href, href, text: normalizeSpace($(element).text()) });
    } catch {
      // An unparseable href is not a link anyone can follow.
    }
  });
  return links;
}

function logoAltsOf($: CheerioAPI): string[] {
  const alts = $('img[alt]')
    .toArray()
    .filter((image) => {
      const context = $(image)
        .parents()
        .addBack()
        .toArray()
        .map((node) => `${$(node).attr('class') ?? ''} ${$(node).attr('id') ?? ''}`)
        .join(' ');
      return LOGO_SECTION.test(context) && !NOT_CUSTOMERS.test(context);
    })
    .map((image) => normalizeSpace($(image).attr('alt') ?? ''));
  return [...new Set(alts.filter(Boolean))];
}

/** Parses a fetched HTML page into text blocks, links, meta tags and technology signals. */
export function parsePage(response: HttpResponse, kind: PageKind): ParsedPage {
  const $ = load(response.body);
  const signals: PageSignals = {
    url: response.url,
    html: response.body,
    lowerHtml: response.body.toLowerCase(),
    headers: response.headers,
    cookies: cookiesFrom(response.headers['set-cookie']),
    scriptSrc: $('script[src]')
      .toArray()
      .map((script) => $(script).attr('src') ?? '')
      .filter(Boolean),
    scripts: $('script:not([src])')
      .toArray()
      .map((script) => $(script).text())
      .filter((text) => text.trim()),
    meta: metaOf($),
    $,
  };
  // Text extraction works on a copy, so the fingerprints still see the page as served.
  const text = load(response.body);
  text(NON_TEXT).remove();
  text('br').replaceWith(' ');
  // Stat cards and quote credits set their parts in sibling elements with nothing between them
  // ("<strong>1 in 3</strong><span>closes slip …</span>", "…”<cite>Shift Supervisor</cite>"), laid apart by the
  // page's styles: the text reads them apart too, not as "1 in 3closes".
  text('body *').each((_index, element) => {
    if (element.prev?.type === 'tag' || (element.tagName === 'cite' && element.prev?.type === 'text')) text(element).before(' ');
  });
  text(BOILERPLATE)
    .filter((_index, element) => element.tagName !== 'footer' || text(element).parents(QUOTED).length === 0)
    .attr('data-meetflow-boilerplate', '');
  const boilerplate = collectBlocks(text, BOILERPLATE_MARK);
  text(BOILERPLATE_MARK).remove();
  return {
    url: response.url,
    kind,
    title: normalizeSpace($('title').first().text()),
    meta: signals.meta,
    links: linksOf($, response.url),
    blocks: collectBlocks(text, 'body'),
    boilerplate,
    logoAlts: logoAltsOf($),
    signals,
  };
}
