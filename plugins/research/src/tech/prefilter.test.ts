import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageFrom } from '../test-page.ts';
import { detectTechnologies } from './detect.ts';
import { fingerprints } from './fingerprints.ts';
import { regexLiterals } from './regex-literals.ts';

const FIXTURES = resolve(import.meta.dirname, '..', '..', 'fixtures');

/** The response headers of a fixture page's site: the nearest _headers.json above it. */
function headersFor(file: string): Record<string, string> {
  for (let dir = dirname(file); dir !== '.'; dir = dirname(dir)) {
    const path = join(FIXTURES, dir, '_headers.json');
    if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
  }
  return {};
}

/** Every HTML page of the fixture sites (the research tests' sites and the ICP eval's 32), with its site's response headers. */
function fixturePages() {
  const files = readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  return files.map((file) => pageFrom(readFileSync(join(FIXTURES, file), 'utf8'), { url: `https://${file}`, headers: headersFor(file) }));
}

describe('required literals of a regular expression', () => {
  it('reads the literal text every match contains, lower-cased, escapes unescaped', () => {
    expect(regexLiterals('js\\.Stripe\\.com')).toEqual(['js.stripe.com']);
    expect(regexLiterals('^https?://cdn\\.example\\.com/v(\\d+)')).toEqual(['://cdn.example.com/v']);
    expect(regexLiterals('wp-(?:content|includes)/plugins')).toEqual(['/plugins']);
  });

  it('gives one literal per alternative, or none when an alternative has none', () => {
    expect(regexLiterals('googletagmanager|gtag\\(')).toEqual(['googletagmanager', 'gtag(']);
    expect(regexLiterals('googletagmanager|\\bga\\b')).toBeNull();
  });

  it('leaves out what may be absent and breaks runs at what it cannot spell', () => {
    expect(regexLiterals('abcx?defg')).toEqual(['defg']);
    expect(regexLiterals('abc{0,250}defg')).toEqual(['defg']);
    expect(regexLiterals('abc{1,250}de')).toEqual(['abc']);
    expect(regexLiterals('abc[xy]defg')).toEqual(['defg']);
    expect(regexLiterals('ab\\x41defg')).toEqual(['defg']);
    expect(regexLiterals('(?:abcd)?ef')).toBeNull();
    expect(regexLiterals('(?=abcdef)x')).toBeNull();
    expect(regexLiterals('ab(cdef)+gh')).toEqual(['cdef']);
    expect(regexLiterals('résumé-builder')).toEqual(['-builder']);
  });

  it('reads every pattern of the data set without giving up on most', () => {
    const patterns = fingerprints().all.flatMap((fp) => [...fp.html, ...fp.scriptSrc, ...fp.scripts, ...fp.url]);
    const read = patterns.filter((pattern) => regexLiterals(pattern.regex.source) !== null);
    expect(read.length / patterns.length).toBeGreaterThan(0.8);
  });
});

describe('what a CSS-selector check needs in the source', () => {
  const mustContain = (name: string) =>
    fingerprints()
      .byName.get(name)
      ?.dom.map((check) => check.mustContain);

  it('is a tag name when the selector names no value, id or class and the hits need nothing the source must spell', () => {
    expect(mustContain('<model-viewer>')).toEqual([['<model-viewer']]);
    expect(mustContain('Hirschmann HiOS')).toEqual([['<div'], ['<h2']]); // text checks: their text may be written with character references
  });

  it('is an attribute name the check reads, or a script text literal, when the selector says nothing', () => {
    expect(mustContain('Qwik')).toEqual([['q:version']]);
    expect(mustContain('Pinia')).toEqual([['"pinia"']]);
  });
});

describe('the technology prefilter', () => {
  it('finds exactly what matching every fingerprint finds, on every fixture page', () => {
    const pages = fixturePages();
    expect(pages.length).toBeGreaterThan(80);
    let detections = 0;
    for (const page of pages) {
      const exhaustive = detectTechnologies(page.signals, { exhaustive: true });
      expect(detectTechnologies(page.signals), page.url).toEqual(exhaustive);
      detections += exhaustive.length;
    }
    expect(detections).toBeGreaterThan(100);
    // Matching all 6,470 fingerprints exhaustively takes about 0.4 s a page on a loaded machine: a
    // minute for the ~150 pages of the fixture sites, more than the suite's default timeout.
  }, 240_000);
});
