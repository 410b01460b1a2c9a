// Which fingerprints a page can possibly match, before any of their regular expressions or CSS
// selectors run. Computed once per fingerprint from its patterns: the literals every match of a
// pattern contains (./regex-literals.ts; a selector's required literal), and the meta tags,
// headers and cookies it reads. A page is reduced once to a bitmap of the trigrams of its
// lower-cased text; a literal can be on the page only if all its trigrams are. The literals are
// indexed by one of their trigrams, the keyed patterns by their key, so a page looks up only
// what its own trigrams and keys reach instead of testing 6,000 fingerprints. Nothing that could
// match is skipped — prefilter.test.ts compares this with matching every fingerprint.
import type { Fingerprint } from './fingerprints.ts';
import type { Pattern } from './patterns.ts';
import { regexLiterals } from './regex-literals.ts';
import { TrigramBitmap, trigramsOf } from './trigrams.ts';
import type { PageSignals } from './signals.ts';

// One bitmap, reused page after page: detection is synchronous, so no two pages fill it at once.
const bitmap = new TrigramBitmap();

/**
 * Fills the bitmap with the trigrams of everything a pattern reads as text, lower-cased: the
 * HTML, script sources, inline scripts, URL, meta contents, header and cookie values (a
 * case-insensitive match of an ASCII literal is the literal lower-cased in the lower-cased text).
 */
function fillBitmap(signals: PageSignals): void {
  bitmap.clear();
  bitmap.add(signals.lowerHtml);
  for (const text of [...signals.scriptSrc, ...signals.scripts, signals.url]) bitmap.add(text.toLowerCase());
  for (const values of signals.meta.values()) for (const value of values) bitmap.add(value.toLowerCase());
  for (const value of Object.values(signals.headers)) bitmap.add(value.toLowerCase());
  for (const value of signals.cookies.values()) bitmap.add(value.toLowerCase());
}

/** Literals (as trigram codes) of which one must be on the page, or null when any text may match. */
type Literals = Int32Array[] | null;

function append<K, V>(map: Map<K, V[]>, key: K, values: V[]): void {
  const list = map.get(key);
  if (list) list.push(...values);
  else map.set(key, values);
}

const allOnPage = (codes: Int32Array) => bitmap.hasAll(codes);
const anyOnPage = (literals: Literals) => literals === null || literals.some(allOnPage);

/** What a page leaves possible: the fingerprints, and per pattern of their text and keyed values whether it may match. */
export interface PossibleMatches {
  fingerprints: Fingerprint[];
  /** False for a pattern none of whose literals is on the page; valid until the next page is gated. */
  mayMatch(pattern: Pattern): boolean;
}

/** The gates of a list of fingerprints, indexed; `possibleOn(signals)` says which ones a page leaves possible. */
export class FingerprintGates {
  /** Fingerprints (by position) some pattern of which may match any page. */
  private readonly always: number[] = [];
  /**
   * Literal trigram codes by one trigram of theirs (`trigramKeys[i]`), with the fingerprint they let
   * through (`trigramEntries[i]`): two lists walked by index on every page, where walking a map gave
   * each of its thousands of entries a new [key, value] array per page (a sixth of research's allocations).
   */
  private readonly trigramKeys: Int32Array;
  private readonly trigramEntries: Array<Array<{ fingerprint: number; codes: Int32Array }>>;
  /** Keyed patterns by "meta:name", "header:name" or "cookie:name": the fingerprint and the value's literals. */
  private readonly byKey = new Map<string, Array<{ fingerprint: number; literals: Literals }>>();
  /** The literals of each text and keyed pattern, read once. */
  private readonly patternLiterals = new Map<Pattern, Literals>();

  constructor(private readonly fingerprints: readonly Fingerprint[]) {
    const literals = fingerprints.map((fingerprint, position) => this.add(fingerprint, position));
    // Each literal is looked up by its trigram that the fewest literals share: a page reaching it
    // then leaves few literals to check in full ("com" or ".js" would reach thousands).
    const shared = new Map<number, number>();
    const byTrigram = new Map<number, Array<{ fingerprint: number; codes: Int32Array }>>();
    for (const codes of literals.flat()) for (const code of new Set(codes)) shared.set(code, (shared.get(code) ?? 0) + 1);
    literals.forEach((list, position) => {
      for (const codes of list) {
        const key = codes.reduce((rarest, code) => (shared.get(code)! < shared.get(rarest)! ? code : rarest));
        append(byTrigram, key, [{ fingerprint: position, codes }]);
      }
    });
    this.trigramKeys = Int32Array.from(byTrigram.keys());
    this.trigramEntries = [...byTrigram.values()];
  }

  /** Indexes a fingerprint's keyed patterns and returns its literals (none when it is always checked). */
  private add(fingerprint: Fingerprint, position: number): Int32Array[] {
    const textLiterals: Literals[] = [fingerprint.html, fingerprint.scriptSrc, fingerprint.scripts, fingerprint.url]
      .flat()
      .map((pattern) => this.literalsOf(pattern));
    const domLiterals: Literals[] = fingerprint.dom.map((check) => check.mustContain?.map(trigramsOf) ?? null);
    const literals = [...textLiterals, ...domLiterals];
    if (literals.includes(null)) {
      this.always.push(position);
      return [];
    }
    for (const [kind, patterns] of [
      ['meta', fingerprint.meta],
      ['header', fingerprint.headers],
      ['cookie', fingerprint.cookies],
    ] as const) {
      for (const [name, keyPatterns] of patterns) {
        // A key without patterns matches nothing; a pattern without literals matches whatever the value.
        append(
          this.byKey,
          `${kind}:${name}`,
          keyPatterns.map((pattern) => ({ fingerprint: position, literals: this.literalsOf(pattern) })),
        );
      }
    }
    return literals.flatMap((each) => each ?? []);
  }

  private literalsOf(pattern: Pattern): Literals {
    const literals = regexLiterals(pattern.regex.source)?.map(trigramsOf) ?? null;
    this.patternLiterals.set(pattern, literals);
    return literals;
  }

  /** The fingerprints the page may match, in their order (every other one cannot), and which of their patterns may. */
  possibleOn(signals: PageSignals): PossibleMatches {
    fillBitmap(signals);
    const possible = new Uint8Array(this.fingerprints.length);
    for (const position of this.always) possible[position] = 1;
    for (let index = 0; index < this.trigramKeys.length; index++) {
      if (!bitmap.has(this.trigramKeys[index]!)) continue;
      for (const { fingerprint, codes } of this.trigramEntries[index]!)
        if (!possible[fingerprint] && allOnPage(codes)) possible[fingerprint] = 1;
    }
    const keys = [
      ...[...signals.meta.keys()].map((name) => `meta:${name}`),
      ...Object.keys(signals.headers).map((name) => `header:${name}`),
      ...[...signals.cookies.keys()].map((name) => `cookie:${name}`),
    ];
    for (const key of keys)
      for (const { fingerprint, literals } of this.byKey.get(key) ?? [])
        if (!possible[fingerprint] && anyOnPage(literals)) possible[fingerprint] = 1;
    const found: Fingerprint[] = [];
    for (let position = 0; position < possible.length; position++) if (possible[position]) found.push(this.fingerprints[position]!);
    return { fingerprints: found, mayMatch: (pattern) => anyOnPage(this.patternLiterals.get(pattern) ?? null) };
  }
}
