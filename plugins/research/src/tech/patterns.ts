// Wappalyzer's pattern syntax: "regex\;confidence:50\;version:\1". The regex is matched
// case-insensitively; "\1" in the version template refers to the regex's capture groups.

/** One compiled fingerprint pattern. */
export interface Pattern {
  regex: RegExp;
  /** 0–100, as Wappalyzer scores it (100 when the pattern says nothing). */
  confidence: number;
  /** Version template, e.g. "\\1" or "\\1?5:4"; empty when the pattern yields no version. */
  version: string;
}

// Like Wappalyzer, bound open-ended quantifiers so a crafted page cannot make a pattern crawl.
function boundQuantifiers(source: string): string {
  return source
    .replace(/\\\+/g, '__escapedPlus__')
    .replace(/\\\*/g, '__escapedStar__')
    .replace(/\+/g, '{1,250}')
    .replace(/\*/g, '{0,250}')
    .replace(/__escapedPlus__/g, '\\+')
    .replace(/__escapedStar__/g, '\\*');
}

/** Compiles one pattern string, or returns null when its regex is not valid JavaScript. */
export function parsePattern(raw: string): Pattern | null {
  const [source = '', ...attributes] = raw.split('\\;');
  const fields = new Map<string, string>();
  for (const attribute of attributes) {
    const colon = attribute.indexOf(':');
    if (colon > 0) fields.set(attribute.slice(0, colon), attribute.slice(colon + 1));
  }
  try {
    return {
      regex: new RegExp(boundQuantifiers(source), 'i'),
      confidence: Number.parseInt(fields.get('confidence') ?? '100', 10) || 0,
      version: fields.get('version') ?? '',
    };
  } catch {
    return null;
  }
}

/** Compiles a field that may be a string or a list of strings, dropping invalid patterns. */
export function parsePatternList(raw: unknown): Pattern[] {
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.map((item) => parsePattern(String(item))).filter((pattern): pattern is Pattern => pattern !== null);
}

/** Compiles a keyed field ({ "X-Powered-By": "^Express$" }), keys lower-cased. */
export function parsePatternMap(raw: unknown): Map<string, Pattern[]> {
  const map = new Map<string, Pattern[]>();
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return map;
  for (const [key, value] of Object.entries(raw)) map.set(key.toLowerCase(), parsePatternList(value));
  return map;
}

/** Fills a version template from a match: "\\1" becomes group 1, "\\1?a:b" picks a or b. */
export function resolveVersion(template: string, match: RegExpExecArray): string {
  if (!template) return '';
  let version = template;
  match.forEach((group, index) => {
    // Long captures are not versions (Wappalyzer ignores them too).
    if (group !== undefined && group.length > 10) return;
    const ternary = new RegExp(`\\\\${index}\\?([^:]+):(.*)$`).exec(version);
    if (ternary) version = version.replace(ternary[0], group ? (ternary[1] ?? '') : (ternary[2] ?? ''));
    version = version.trim().replace(new RegExp(`\\\\${index}`, 'g'), group ?? '');
  });
  return version.replace(/\\\d/g, '').trim();
}
