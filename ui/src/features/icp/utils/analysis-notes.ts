// The ICP's analysis notes (one finding per line, written by the platform's ICP analysis) read
// into parts a screen lays out: the summary, each customer site with its findings by label and
// the words each was read from, the sites that failed, how each slice was formed.
import { formatPercent } from '../../../utils/format.ts';
import { plainText, wholeWords } from '../../../utils/text.ts';

/** Words of a finding, or a quote from the site it was read from (cleaned: no doubled quote marks, no markup, no half word). */
export type NoteSegment = { text: string } | { quote: string };

/** One finding of a site: its label and its items (one for a single value; a list's each). */
export interface SiteFinding {
  label: string;
  items: NoteSegment[][];
}

export interface SiteNotes {
  name: string;
  url: string;
  findings: SiteFinding[];
}

export interface AnalysisNotes {
  summary: string[];
  sites: SiteNotes[];
  failed: Array<{ url: string; reason: string }>;
  slices: Array<{ name: string; reason: string }>;
  /** Any other line (how volumes are estimated, …). */
  other: string[];
}

/** A finding's prefix in the notes, its label, and whether its value is a list (and how its items are separated). */
const FINDINGS: ReadonlyArray<{ prefix: string; label: string; value?: string; list?: 'comma' | 'titles' | 'parts' }> = [
  { prefix: 'industry not stated clearly', label: 'Industry', value: 'not stated clearly' },
  { prefix: 'industry ', label: 'Industry' },
  { prefix: 'no headcount stated', label: 'Size', value: 'no headcount stated' },
  { prefix: 'size ', label: 'Size' },
  { prefix: 'revenue ', label: 'Revenue' },
  { prefix: 'no buyer titles named', label: 'Buyer titles', value: 'none named' },
  { prefix: 'titles ', label: 'Buyer titles', list: 'titles' },
  { prefix: 'no business tools fingerprinted', label: 'Business tools', value: 'none found' },
  { prefix: 'business tools ', label: 'Business tools', list: 'comma' },
  { prefix: 'infrastructure (not a criterion) ', label: 'Infrastructure (not a criterion)', list: 'comma' },
  { prefix: 'no pain points stated', label: 'Pain points', value: 'none stated' },
  { prefix: 'pain points ', label: 'Pain points', list: 'parts' },
  { prefix: 'value claims ', label: 'Value claims', list: 'parts' },
  { prefix: 'research confidence ', label: 'Research confidence' },
];

const OPEN = '\u0001';
const CLOSE = '\u0002';
/**
 * A quote as the screen shows it, in one pair of quote marks: markup as its words; a cut (the
 * notes cut quotes at a fixed length, "…" possibly inside a word) taken back to a whole word; a
 * snippet that is itself a quote (“…”) not quoted twice; one whose opening mark lost its closing
 * one to a cut closed with "…". A testimonial with its attribution (“…,” says …) stays as it is.
 */
export function cleanQuote(quote: string): string {
  let text = plainText(quote);
  if (text.endsWith('…')) text = wholeWords(text, Infinity, { cutMidWord: true });
  const opens = /^["“]/.test(text);
  const inner = text.slice(1);
  // A testimonial and its attribution, which its source may have cut mid-phrase (“…,” says Ana Souza, Head).
  if (opens && /["”]/.test(inner.slice(0, -1))) return /[\p{L}\p{N},;:]$/u.test(text) ? `${text.replace(/[\s,;:]+$/, '')}…` : text;
  if (opens && /["”]$/.test(inner)) return `“${inner.slice(0, -1).trim()}”`;
  if (opens) return `“${inner.trim()}${/[\p{L}\p{N}]$/u.test(inner) ? '…' : ''}”`;
  return `“${text.replace(/["”]$/, '')}”`;
}

/** Text with its quotes ("…" followed by `)`, `;` or the end) taken out as numbered tokens, and the quotes. */
function tokenizeQuotes(text: string): { text: string; quotes: string[] } {
  const quotes: string[] = [];
  const tokenized = text.replace(/"(.+?)"(?=\)|;|$)/g, (_whole, quote: string) => {
    quotes.push(quote);
    return `${OPEN}${quotes.length - 1}${CLOSE}`;
  });
  return { text: tokenized, quotes };
}

/** A tokenized piece back as segments: words and cleaned quotes. */
function segments(piece: string, quotes: readonly string[]): NoteSegment[] {
  const parts: NoteSegment[] = [];
  for (const [index, chunk] of piece.split(new RegExp(`${OPEN}(\\d+)${CLOSE}`)).entries()) {
    if (index % 2 === 1) parts.push({ quote: cleanQuote(quotes[Number(chunk)] ?? '') });
    else if (chunk !== '') parts.push({ text: chunk });
  }
  return parts;
}

/** "Name (url): finding; finding; … ." → the site and its findings by label. */
function siteNotes(name: string, url: string, body: string): SiteNotes {
  const { text, quotes } = tokenizeQuotes(body.replace(/\.$/, ''));
  const findings: SiteFinding[] = [];
  for (const part of text.split('; ')) {
    const known = FINDINGS.find((finding) => part.startsWith(finding.prefix));
    const last = findings.at(-1);
    if (!known) {
      // A list's next item (pain points and value claims are `; `-separated).
      if (last) last.items.push(segments(part, quotes));
      else findings.push({ label: 'Note', items: [segments(part, quotes)] });
      continue;
    }
    const rest = known.value ?? part.slice(known.prefix.length);
    const items =
      known.list === 'comma'
        ? rest.split(', ').map((item) => segments(item, quotes))
        : known.list === 'titles'
          ? rest.split(/(?<=\)), /).map((item) => segments(item, quotes))
          : [segments(known.label === 'Research confidence' ? researchConfidence(rest) : rest, quotes)];
    findings.push({ label: known.label, items });
  }
  return { name, url, findings };
}

/** "0.88, 5 of 6 pages read" → "88%, 5 of 6 pages read". */
const researchConfidence = (text: string) => text.replace(/^(\d+(?:\.\d+)?)/, (fraction) => formatPercent(Number(fraction)));

/** The notes read line by line; a line of no known shape is kept, as plain words. */
export function readAnalysisNotes(notes: string): AnalysisNotes {
  const read: AnalysisNotes = { summary: [], sites: [], failed: [], slices: [], other: [] };
  for (const raw of notes.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const failed = /^Not analysed: (\S+): (.*)$/.exec(line);
    const slice = /^Slice "(.+?)": (.*)$/.exec(line);
    const site = /^(.+?) \((https?:\/\/[^\s)]*)\): (.*)$/.exec(line);
    if (failed) read.failed.push({ url: failed[1]!, reason: plainText(failed[2]!) });
    else if (slice) read.slices.push({ name: slice[1]!, reason: plainText(slice[2]!).replace(/\.$/, '') });
    else if (line.startsWith('Analysed ')) read.summary.push(plainText(line));
    else if (site) read.sites.push(siteNotes(site[1]!, site[2]!, site[3]!));
    else read.other.push(plainText(line.replace(/"(["“])/g, '$1').replace(/(["”])"/g, '$1')));
  }
  return read;
}

/** The first words of a site's finding (before its evidence), e.g. "Sales technology", "90 employees"; undefined without one. */
function findingWords(site: SiteNotes, label: string): string | undefined {
  const first = site.findings.find((finding) => finding.label === label)?.items[0]?.[0];
  if (!first || !('text' in first)) return undefined;
  return first.text.split(/ \(matched| from |, \d+ of /)[0]?.trim() || undefined;
}

/** A site in one line: "Sales technology · 90 employees · 88% research confidence" (what was found). */
export function siteHeadline(site: SiteNotes): string {
  const confidence = findingWords(site, 'Research confidence');
  return [findingWords(site, 'Industry'), findingWords(site, 'Size'), confidence && `${confidence} research confidence`]
    .filter(Boolean)
    .join(' · ');
}
