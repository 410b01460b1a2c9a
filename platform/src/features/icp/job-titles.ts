// Research facts carry no job titles, but their evidence does: testimonials ("…," says Maya
// Patel, VP of Sales at Brightwave), problem sentences ("Sales leaders struggle with…") and
// descriptions name the people who buy and use the product. These rules read them back.

/** A title found in a piece of evidence, with the words it was read from. */
export interface TitleMention {
  /** Normalised: "VP of Sales", "Head of RevOps", "CRO", "Sales Manager". */
  title: string;
  snippet: string;
}

const C_LEVEL = /\b(CEO|CFO|CRO|CMO|CTO|COO|CIO|CISO|CPO)s?\b/g;
const CHIEF = /\bChief ([A-Z][a-z]+) Officers?\b/g;
// "VP of Sales", "Head of Sales Operations", "Director of Sales & Marketing": a rank, "of", capitalised
// words. Not "and": in "the VP of Sales and RevOps leaders" it joins two titles, not two functions.
const RANK_OF =
  /\b(VP|SVP|EVP|Vice President|Head|Director|General Manager)s? of ((?:[A-Z][A-Za-z-]*|IT)(?: & [A-Z][A-Za-z-]*| [A-Z][A-Za-z-]*){0,2})/g;
// "VP Sales", "SVP Marketing" (no "of").
const RANK_FUNCTION = /\b(VP|SVP|EVP) (?!of\b)([A-Z][A-Za-z]+)\b/g;
// "sales leaders", "RevOps managers", "account executives", "plant managers": a function and a role, any case.
const FUNCTIONS = [
  'sales',
  'revops',
  'revenue operations',
  'sales operations',
  'sales enablement',
  'marketing',
  'finance',
  'procurement',
  'purchasing',
  'plant',
  'operations',
  'engineering',
  'manufacturing',
  'quality',
  'supply chain',
  'it',
  'hr',
  'people',
  'customer success',
  'demand generation',
  'growth',
  'product',
  'account',
  'security',
  'compliance',
  'talent acquisition',
  'fleet',
  'warehouse',
  'clinic',
  'practice',
];
// No "leads": "it leads to" is not a title.
const ROLES = ['leaders?', 'managers?', 'directors?', 'executives?', 'engineers?', 'buyers?', 'officers?'];
const FUNCTION_ROLE = new RegExp(`\\b(${FUNCTIONS.join('|').replace(/ /g, '\\s+')})\\s+(${ROLES.join('|')})\\b`, 'gi');
const DEVELOPMENT_REPS = /\b(SDR|BDR)s?\b/g;

const SPELLING: Record<string, string> = { revops: 'RevOps', it: 'IT', hr: 'HR', 'vice president': 'VP' };

const titleCase = (words: string) =>
  words
    .split(/\s+/)
    .map((word) => SPELLING[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
const singular = (role: string) => role.replace(/s$/i, '');

function titlesIn(text: string): string[] {
  const found: Array<{ at: number; title: string }> = [];
  const add = (at: number, title: string) => found.push({ at, title });
  for (const match of text.matchAll(CHIEF)) add(match.index, `Chief ${match[1]} Officer`);
  for (const match of text.matchAll(C_LEVEL)) add(match.index, match[1]!);
  for (const match of text.matchAll(RANK_OF)) add(match.index, `${SPELLING[match[1]!.toLowerCase()] ?? match[1]} of ${match[2]}`);
  for (const match of text.matchAll(RANK_FUNCTION)) add(match.index, `${match[1]} of ${match[2]}`);
  for (const match of text.matchAll(FUNCTION_ROLE)) add(match.index, `${titleCase(match[1]!)} ${titleCase(singular(match[2]!))}`);
  for (const match of text.matchAll(DEVELOPMENT_REPS)) add(match.index, match[1]!);
  return found.sort((a, b) => a.at - b.at).map(({ title }) => title);
}

/** The key two spellings of one title share ("VP of Sales" = "vp of sales"). */
export const titleKey = (title: string) => title.toLowerCase();

/** Every job title named in the given texts, once each, in the order first met, with the text that names it. */
export function extractJobTitles(texts: readonly string[]): TitleMention[] {
  const mentions = new Map<string, TitleMention>();
  for (const snippet of texts) {
    for (const title of titlesIn(snippet)) if (!mentions.has(titleKey(title))) mentions.set(titleKey(title), { title, snippet });
  }
  return [...mentions.values()];
}
