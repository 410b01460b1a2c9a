// Title words as stored on sample people and as asked for by ICP criteria. Stored titles keep
// every word plus canonical aliases; a criterion is reduced to its canonical words, and a person
// matches when their tokens contain all of them ("Head of RevOps" finds "Head of Revenue Operations").

const ALIASES: ReadonlyArray<[RegExp, string]> = [
  [/\bvice president\b/g, 'vp'],
  [/\brevenue operations\b/g, 'revops'],
  [/\bsales operations\b/g, 'salesops'],
  [/\bsales development representative\b/g, 'sdr'],
  [/\bbusiness development representative\b/g, 'bdr'],
  [/\bhuman resources\b/g, 'hr'],
  [/\bchief executive officer\b/g, 'ceo'],
  [/\bchief revenue officer\b/g, 'cro'],
  [/\bchief sales officer\b/g, 'cso'],
  [/\bchief marketing officer\b/g, 'cmo'],
  [/\bchief technology officer\b/g, 'cto'],
  [/\bchief financial officer\b/g, 'cfo'],
  [/\bchief operating officer\b/g, 'coo'],
  [/\bchief information officer\b/g, 'cio'],
  [/\bchief product officer\b/g, 'cpo'],
  [/\bchief people officer\b/g, 'cpo'],
  [/\bchief customer officer\b/g, 'cco'],
];

const STOPWORDS = new Set(['of', 'and', 'the', 'for', 'a', 'an', 'in', '&', 'at']);
/** Words that say "senior", not which title: a criterion using them asks for a seniority instead. */
const LEADER_WORDS = new Set(['leader', 'leadership', 'lead', 'executive', 'head']);

// Title words that end in "s" in the singular.
const KEEP_S = new Set([
  'sales',
  'operations',
  'ops',
  'revops',
  'salesops',
  'devops',
  'business',
  'analytics',
  'logistics',
  'services',
  'systems',
  'relations',
  'success',
]);
// "managers" → "manager", "ceos" → "ceo", "sdrs" → "sdr", but "sales" and "operations" stay.
const singular = (word: string) =>
  word.length >= 3 && word.endsWith('s') && !word.endsWith('ss') && !KEEP_S.has(word) ? word.slice(0, -1) : word;
const words = (text: string) =>
  text
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !STOPWORDS.has(word))
    .map(singular);

/** The tokens stored for a title: every word, and each alias the title spells out. */
export function titleTokens(title: string): string[] {
  const lower = title.toLowerCase();
  const aliases = ALIASES.filter(([pattern]) => lower.match(pattern)).map(([, alias]) => alias);
  return [...new Set([...words(lower), ...aliases])];
}

/** What one criterion title asks: canonical words all present, and optionally senior people only. */
export interface TitleQuery {
  tokens: string[];
  seniorOnly: boolean;
}

/** Reduces a criterion title ("Sales leaders", "VP Sales", "Head of RevOps") to the words a person's title must contain. */
export function titleQuery(title: string): TitleQuery {
  let lower = title.toLowerCase();
  for (const [pattern, alias] of ALIASES) lower = lower.replace(pattern, alias);
  const all = words(lower);
  // "Account Executive" is a title, "Sales executives" a seniority: only a lone function word plus a leader word is the latter.
  const leader = all.filter((word) => LEADER_WORDS.has(word));
  const rest = all.filter((word) => !LEADER_WORDS.has(word));
  const seniorOnly = leader.length > 0 && rest.length > 0 && !(all.join(' ') === 'account executive') && !all.includes('head');
  return { tokens: seniorOnly ? rest : all, seniorOnly };
}
