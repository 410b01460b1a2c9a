import { compile, selectAll } from 'css-select';
import { isTag, type AnyNode, type Element } from 'domhandler';
import { around, clip } from '../evidence.ts';
import type { DomCheck, Fingerprint } from './fingerprints.ts';
import { resolveVersion, type Pattern } from './patterns.ts';
import type { PageSignals } from './signals.ts';

/** One pattern of a fingerprint that matched, with the text it matched in. */
export interface Hit {
  confidence: number;
  version: string;
  snippet: string;
}

/** Says whether a pattern may match the page at all (the prefilter's answer), so it is skipped when not. */
export type PatternFilter = (pattern: Pattern) => boolean;

const everyPattern: PatternFilter = () => true;

/** Adds to `hits` each value a pattern matches (the patterns the filter rules out are skipped). */
function hitsIn(
  hits: Hit[],
  patterns: Pattern[],
  values: readonly string[],
  snippetOf: (value: string, match: RegExpExecArray) => string,
  mayMatch: PatternFilter = everyPattern,
): void {
  for (const pattern of patterns) {
    if (!mayMatch(pattern)) continue;
    for (const value of values) {
      const match = pattern.regex.exec(value);
      if (match)
        hits.push({ confidence: pattern.confidence, version: resolveVersion(pattern.version, match), snippet: snippetOf(value, match) });
    }
  }
}

/** Adds to `hits` each keyed value (a meta tag's, a header's…) its key's patterns match. */
function keyedHits(
  hits: Hit[],
  patterns: Map<string, Pattern[]>,
  values: (key: string) => string[],
  label: string,
  mayMatch: PatternFilter = everyPattern,
): void {
  patterns.forEach((keyPatterns, key) => hitsIn(hits, keyPatterns, values(key), (value) => clip(`${label} ${key}: ${value}`), mayMatch));
}

/** A selector compiled once for every page (null: css-select cannot compile it alone, e.g. a positional `:first`). */
const compiledSelectors = new Map<string, ((element: Element) => boolean) | null>();

function compiledSelector(selector: string) {
  let query = compiledSelectors.get(selector);
  if (query === undefined) {
    try {
      query = compile<AnyNode, Element>(selector);
    } catch {
      query = null;
    }
    compiledSelectors.set(selector, query);
  }
  return query;
}

/**
 * The first 20 elements a selector selects, in document order, or undefined when it cannot be read.
 * Compiled once (cheerio's `$(selector)` parses and compiles it on every call, for every page); a
 * selector only cheerio's own extensions read (`:first`, `:eq(…)`) still goes through cheerio.
 */
export function selected(selector: string, signals: PageSignals): Element[] | undefined {
  const query = compiledSelector(selector);
  try {
    return query
      ? selectAll<AnyNode, Element>(query, rootOf(signals)).slice(0, 20)
      : signals.$(selector).slice(0, 20).toArray().filter(isTag);
  } catch {
    return undefined;
  }
}

/** A page's document node, as css-select takes it: read once per page (cheerio makes a new wrapper per `root()`). */
const roots = new WeakMap<PageSignals, AnyNode[]>();
function rootOf(signals: PageSignals): AnyNode[] {
  let root = roots.get(signals);
  if (!root) roots.set(signals, (root = signals.$.root().toArray()));
  return root;
}

/**
 * Every element each selector selects, in document order, from one walk of the page instead of one
 * per selector (each compiled once). A selector css-select cannot compile alone goes through cheerio;
 * one that cannot be read either way, or fails as it is matched, selects nothing.
 */
export function selectedAll(selectors: readonly string[], signals: PageSignals): Element[][] {
  const queries = selectors.map(compiledSelector);
  const lists = selectors.map((selector, index) => {
    if (queries[index]) return [];
    try {
      return signals.$(selector).toArray().filter(isTag);
    } catch {
      return []; // a selector only a browser understands selects nothing here
    }
  });
  const matches = (index: number, element: Element) => {
    try {
      return queries[index]?.(element) ?? false;
    } catch {
      queries[index] = null;
      lists[index] = [];
      return false;
    }
  };
  // Depth first, in document order, without recursion (a page may nest deeply).
  const stack: AnyNode[] = [...rootOf(signals)].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isTag(node)) for (let index = 0; index < queries.length; index++) if (matches(index, node)) lists[index]!.push(node);
    const children = (node as { children?: AnyNode[] }).children;
    if (children) for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
  return lists;
}

function domHits(hits: Hit[], checks: DomCheck[], signals: PageSignals): void {
  for (const check of checks) {
    if (check.mustContain && !check.mustContain.some((literal) => signals.lowerHtml.includes(literal))) continue;
    const elements = selected(check.selector, signals);
    if (!elements) continue; // a selector only a browser understands
    for (const element of elements) {
      const node = signals.$(element);
      // Rendered (with everything inside it) only for an element that gave a hit.
      let tag: string | undefined;
      const openingTag = () => (tag ??= clip((signals.$.html(element) ?? '').split('>')[0] + '>'));
      if (check.attributes.size === 0 && check.text.length === 0) hits.push({ confidence: 100, version: '', snippet: openingTag() });
      const attributeHits: Hit[] = [];
      keyedHits(
        attributeHits,
        check.attributes,
        (name) => {
          const value = node.attr(name);
          return value === undefined ? [] : [value];
        },
        'attribute',
      );
      for (const hit of attributeHits) hits.push({ ...hit, snippet: openingTag() });
      if (check.text.length > 0) hitsIn(hits, check.text, [node.text()], (text, match) => around(text, match.index, match[0].length));
    }
  }
}

/**
 * Every way a fingerprint matches a page (empty when it does not). `mayMatch` skips the text and
 * keyed-value patterns the prefilter rules out (never a selector check's, whose values are read decoded).
 * Its hits are gathered in one list, in this order: script sources, HTML, inline scripts, URL,
 * meta tags, headers, cookies, elements.
 */
export function matchFingerprint(fingerprint: Fingerprint, signals: PageSignals, mayMatch: PatternFilter = everyPattern): Hit[] {
  const hits: Hit[] = [];
  hitsIn(hits, fingerprint.scriptSrc, signals.scriptSrc, (src) => clip(src), mayMatch);
  hitsIn(
    hits,
    fingerprint.html,
    [signals.html],
    (html, match) => clip(match[0].length >= 12 ? match[0] : around(html, match.index, match[0].length, 40)),
    mayMatch,
  );
  hitsIn(hits, fingerprint.scripts, signals.scripts, (script, match) => around(script, match.index, match[0].length), mayMatch);
  hitsIn(hits, fingerprint.url, [signals.url], (url) => clip(url), mayMatch);
  keyedHits(hits, fingerprint.meta, (name) => signals.meta.get(name) ?? [], 'meta', mayMatch);
  keyedHits(
    hits,
    fingerprint.headers,
    (name) => {
      const value = signals.headers[name];
      return value === undefined ? [] : [value];
    },
    'header',
    mayMatch,
  );
  keyedHits(hits, fingerprint.cookies, (name) => (signals.cookies.has(name) ? [signals.cookies.get(name) ?? ''] : []), 'cookie', mayMatch);
  domHits(hits, fingerprint.dom, signals);
  return hits;
}

/** True when a fingerprint has anything this matcher can check. */
export function isCheckable(fingerprint: Fingerprint): boolean {
  return (
    fingerprint.scriptSrc.length +
      fingerprint.html.length +
      fingerprint.scripts.length +
      fingerprint.url.length +
      fingerprint.meta.size +
      fingerprint.headers.size +
      fingerprint.cookies.size +
      fingerprint.dom.length >
    0
  );
}
