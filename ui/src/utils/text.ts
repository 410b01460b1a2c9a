// Text that came from data, made readable: field names as labels, markup as its words, and
// template slots as marked fields (never a raw `{word}` or `<tag` on screen).

const ACRONYMS = new Map(
  ['id', 'url', 'icp', 'api', 'crm', 'ppm', 'roi', 'smtp', 'imap', 'json', 'html', 'cta'].map((word) => [word, word.toUpperCase()]),
);

/** A field name as a label: "companySize" → "Company size", "step_1" → "Step 1", "roi-focused" → "ROI focused", "prospectId" → "Prospect ID". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word) => ACRONYMS.get(word.toLowerCase()) ?? word.toLowerCase());
  if (words.length === 0) return key;
  const [first = '', ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** `&amp;`, `&#8217;`, `&#x2019;` and the like as their characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const TAG = /<\/?([a-zA-Z][\w:-]*)((?:\s+[^<>]*?)?)\s*\/?>/g;
const TAG_START = /<\/?[a-zA-Z]/;

/** True when the text holds markup (an element's tag), as an evidence snippet read from a page's source may. */
export const hasMarkup = (text: string): boolean => TAG_START.test(text);

/** What an element is, from its tag, e.g. `<button type="submit" class="hs-button">` → "button (type submit, class hs-button)". */
function describeTag(name: string, attributes: string): string {
  const telling = [...attributes.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)]
    .map(([, attribute = '', double, single, bare]) => [attribute.toLowerCase(), (double ?? single ?? bare ?? '').trim()] as const)
    .filter(
      ([attribute, value]) =>
        value !== '' && ['type', 'class', 'id', 'name', 'src', 'href', 'content', 'rel', 'property'].includes(attribute),
    )
    .slice(0, 3)
    .map(([attribute, value]) => `${attribute} ${value.length > 60 ? `${value.slice(0, 59)}…` : value}`);
  return telling.length > 0 ? `${name.toLowerCase()} (${telling.join(', ')})` : name.toLowerCase();
}

/** The words of text that may hold markup (tags stripped, entities decoded, spaces collapsed), and the elements its tags were. */
function readMarkup(source: string): { words: string; elements: string[] } {
  // Markup written as entities (`&lt;button&gt;`) is markup too.
  const text = decodeEntities(source);
  if (!hasMarkup(text)) return { words: text.replace(/\s+/g, ' ').trim(), elements: [] };
  const elements: string[] = [];
  const element = (whole: string, name: string, attributes: string) => {
    if (!whole.startsWith('</')) elements.push(describeTag(name, attributes ?? ''));
    return ' ';
  };
  const words = text
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(TAG, element)
    // A tag the snippet cut off before its end ("<button type="submit" class=…").
    .replace(/<\/?([a-zA-Z][\w:-]*)([^<>]*)$/, element)
    .replace(/<(?=\/?[a-zA-Z])/g, '‹')
    .replace(/\s+/g, ' ')
    .trim();
  return { words, elements: [...new Set(elements)] };
}

/**
 * Text with its markup taken out: tags stripped, entities decoded, spaces collapsed. Markup with
 * no words of its own (`<script src="…">`) becomes what it is ("page markup: script (src …)"),
 * so a snippet read from a page's source still says something and never shows a `<tag`.
 */
export function plainText(text: string): string {
  const { words, elements } = readMarkup(text);
  if (words || elements.length === 0) return words;
  return `page markup: ${elements.slice(0, 2).join('; ')}`;
}

/**
 * A researched fact's evidence as a screen shows it: the words it was read from, in quote marks
 * (“…”), or, for a snippet of markup with no words (a technology seen in the page's source),
 * which element it was, unquoted: "in the page's markup: button (type submit, class hs-button)".
 */
export function evidenceText(snippet: string): string {
  const { words, elements } = readMarkup(snippet);
  if (words) return `“${words}”`;
  return elements.length > 0 ? `in the page's markup: ${elements.slice(0, 2).join('; ')}` : '(no words)';
}

/** A part of a template's text: words as they are, or a slot filled per email (its name and label). */
export type TemplatePart = { text: string } | { slot: string; label: string };

/** What each slot of the outreach templates is filled with, in words. */
const SLOT_LABELS: Record<string, string> = {
  firstName: "prospect's first name",
  lastName: "prospect's last name",
  company: "prospect's company",
  jobTitle: "prospect's job title",
  seller: 'your company',
  oneLiner: 'your one-liner',
  value: 'your value',
  pain: 'their pain point',
  minutes: 'meeting minutes',
  meetingId: 'meeting ID',
};

/** A slot's label: the known ones in words, any other from its name ("dealSize" → "deal size"). */
export const slotLabel = (slot: string): string => SLOT_LABELS[slot] ?? humanize(slot).toLowerCase();

/**
 * A template's text split into its words and its slots (`{company}`: one word in single braces),
 * for a screen to show each slot as a marked field rather than a raw `{word}`. Double braces
 * (`{{ step.path }}`, a pipeline's references) are words.
 */
export function templateParts(text: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of text.matchAll(/(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})/g)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    const slot = match[1]!;
    parts.push({ slot, label: slotLabel(slot) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * Text cut to at most `max` characters at a word's end, with "…". `cutMidWord`: the text was
 * already cut by its source at a fixed length (its "…" may split a word), so it goes back to its
 * last whole word.
 */
export function wholeWords(text: string, max = Infinity, { cutMidWord = false }: { cutMidWord?: boolean } = {}): string {
  let cut = text.trim();
  if (!cutMidWord && cut.length <= max) return cut;
  if (cutMidWord) cut = cut.replace(/(…|\.\.\.)$/, '');
  if (cut.length > max) cut = cut.slice(0, max);
  const space = cut.search(/\s\S*$/);
  const whole = space > 0 ? cut.slice(0, space) : cut;
  return `${whole.replace(/[\s,;:–—-]+$/, '')}…`;
}
