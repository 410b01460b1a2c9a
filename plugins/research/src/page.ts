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
const NON_TEXT = 'script,style,noscript,template,svg,iframe,[hidden],[aria-hidden=true]';
const LOGO_SECTION = /logo|customer|client|trusted/i;
// Logo walls of partners, integrations, press or investors are not customers.
const NOT_CUSTOMERS = /partner|integration|press|investor|award|badge|backer/i;

type DomNode = Exclude<Parameters<typeof load>[0], string | Buffer | readonly unknown[]>;

/**
 * An element as its text is read: without the elements that show no text (NON_TEXT), a <br> read
 * as a space, and a space read before an element set right after another element ("<strong>1 in
 * 3</strong><span>closes slip …</span>": laid apart by the page's styles, so read apart, not as
 * "1 in 3closes") and before a quote credit set right after text ("…”<cite>Shift Supervisor</cite>").
 * Built from the one parsed document, which it leaves as served for the links, the fingerprints
 * and the extractors that read the markup.
 */
interface TextElement {
  tag: string;
  /** Its text, a <br>'s space, the space read before a child element, and its child elements, in order. */
  children: Array<TextElement | string>;
  /** Navigation or a footer (BOILERPLATE): read on its own, and not as part of the page's text. */
  boilerplate: boolean;
  /** Inside a block tag: a div there is part of that block's text, not a block of its own. */
  inBlock: boolean;
  /** Whether a container is among its descendants: with boilerplate, and without. */
  hasContainer: [boolean, boolean];
  /** Its text, with boilerplate and without, once read. */
  text: [string | undefined, string | undefined];
}

const BLOCK_TAG_NAMES = new Set(BLOCK_TAGS.split(','));
const CONTAINER_NAMES = new Set(CONTAINERS.split(','));

/** The document's elements as read for text (see TextElement), and the body among them. */
function readableTree($: CheerioAPI): { roots: TextElement[]; body: TextElement | undefined } {
  const hidden = new Set<DomNode>($(NON_TEXT).toArray());
  const boilerplate = new Set<DomNode>(
    $(BOILERPLATE)
      .filter((_index, element) => element.tagName !== 'footer' || $(element).parents(QUOTED).length === 0)
      .toArray(),
  );
  const bodyElement = $('body').get(0);
  let body: TextElement | undefined;
  const read = (element: DomNode, inBody: boolean, inBlock: boolean): TextElement => {
    const tag = 'tagName' in element ? element.tagName : '';
    const children: TextElement['children'] = [];
    const hasContainer: TextElement['hasContainer'] = [false, false];
    // What was read last among the children left in view: an element, text (a <br> is read as text), or neither (a comment).
    let previous: 'element' | 'text' | 'other' = 'other';
    for (const child of 'children' in element ? element.children : []) {
      if (hidden.has(child)) continue;
      if (child.type === 'text') {
        children.push('data' in child ? child.data : '');
        previous = 'text';
      } else if ('tagName' in child && child.tagName === 'br') {
        children.push(' ');
        previous = 'text';
      } else if ('tagName' in child) {
        if (inBody && (previous === 'element' || (child.tagName === 'cite' && previous === 'text'))) children.push(' ');
        const inner = read(child, inBody || child === bodyElement, inBlock || BLOCK_TAG_NAMES.has(tag));
        if (child === bodyElement) body = inner;
        const container = CONTAINER_NAMES.has(inner.tag);
        hasContainer[0] ||= container || inner.hasContainer[0];
        if (!inner.boilerplate) hasContainer[1] ||= container || inner.hasContainer[1];
        children.push(inner);
        previous = 'element';
      } else previous = 'other';
    }
    return { tag, children, boilerplate: boilerplate.has(element), inBlock, hasContainer, text: [undefined, undefined] };
  };
  const roots = read($.root().get(0)!, false, false).children.filter((child) => typeof child !== 'string');
  return { roots, body };
}

/** An element's text; `withoutBoilerplate` leaves out the boilerplate inside it (the spaces read before it stay). */
function textOf(element: TextElement, withoutBoilerplate: boolean): string {
  const at = withoutBoilerplate ? 1 : 0;
  element.text[at] ??= element.children
    .map((child) => (typeof child === 'string' ? child : withoutBoilerplate && child.boilerplate ? '' : textOf(child, withoutBoilerplate)))
    .join('');
  return element.text[at];
}

// Text standing beside blocks rather than in one ("<div><p>“Quote.”</p><span>— Jess, Head of
// Ecommerce</span></div>", a footer's bare "Acme Ltd · 40 employees"): a block of its own.
function looseText(element: TextElement, withoutBoilerplate: boolean): string {
  const at = withoutBoilerplate ? 1 : 0;
  return normalizeSpace(
    element.children
      .flatMap((child) => {
        if (typeof child === 'string') return [child];
        if (withoutBoilerplate && child.boilerplate) return [];
        return CONTAINER_NAMES.has(child.tag) || child.hasContainer[at] ? [] : [textOf(child, withoutBoilerplate)];
      })
      .join(' '),
  );
}

/** The text blocks of `elements` (in document order), each under the heading before it. */
function collectBlocks(elements: readonly TextElement[], withoutBoilerplate: boolean): TextBlock[] {
  const blocks: TextBlock[] = [];
  const seen = new Set<string>();
  let heading = '';
  for (const element of elements) {
    const { tag } = element;
    if (tag === 'div' && element.inBlock) continue;
    // Leaf blocks are read whole; a list item holding paragraphs is read through its paragraphs, plus any text beside them.
    const text = element.hasContainer[withoutBoilerplate ? 1 : 0]
      ? looseText(element, withoutBoilerplate)
      : normalizeSpace(textOf(element, withoutBoilerplate));
    if (/^h[1-4]$/.test(tag)) heading = text;
    if (!text || seen.has(text)) continue;
    seen.add(text);
    blocks.push({ text, tag, heading });
  }
  return blocks;
}

const isBlockOrDiv = (element: TextElement) => element.tag === 'div' || BLOCK_TAG_NAMES.has(element.tag);

/** In document order: the boilerplate elements and the blocks inside them. */
function boilerplateElements(elements: readonly TextElement[], inside = false): TextElement[] {
  return elements.flatMap((element) => {
    const children = element.children.filter((child) => typeof child !== 'string');
    const own = element.boilerplate || (inside && isBlockOrDiv(element)) ? [element] : [];
    return [...own, ...boilerplateElements(children, inside || element.boilerplate)];
  });
}

/** In document order: the blocks below `element`, outside boilerplate. */
function blocksBelow(element: TextElement): TextElement[] {
  return element.children.flatMap((child) =>
    typeof child === 'string' || child.boilerplate ? [] : [...(isBlockOrDiv(child) ? [child] : []), ...blocksBelow(child)],
  );
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
  // The page's text is read from the same parsed document, left as served for the fingerprints.
  const { roots, body } = readableTree($);
  const boilerplate = collectBlocks(boilerplateElements(roots), false);
  // The page's own text: the body and the blocks in it, without its navigation and footers.
  const blocks = body && !body.boilerplate ? collectBlocks([body, ...blocksBelow(body)], true) : [];
  return {
    url: response.url,
    kind,
    title: normalizeSpace($('title').first().text()),
    meta: signals.meta,
    links: linksOf($, response.url),
    blocks,
    boilerplate,
    logoAlts: logoAltsOf($),
    signals,
  };
}
