// A small job-title taxonomy: how senior a title is and which function it sits in. Shared: lead
// scoring fits a prospect's title to the ICP's, the ICP builder fits the offer's personas to a slice.

/** Lowercase words and numbers separated by single spaces ("Node.js / AWS" → "node js aws"). */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^a-z0-9+#]+/g, ' ')
    .trim();
}

/**
 * Whether a phrase occurs in `text` as whole words (both normalised first), for as many phrases as
 * are asked about: the text is normalised once for all of them, not once per phrase.
 */
export function phraseFinder(text: string): (phrase: string) => boolean {
  const padded = ` ${normaliseText(text)} `;
  return (phrase) => {
    const needle = normaliseText(phrase);
    return needle !== '' && padded.includes(` ${needle} `);
  };
}

/** Seniority levels, most senior first; the number is the rank used for distance. */
export const SENIORITY = { 'C-level': 6, VP: 5, Head: 4, Director: 3, Manager: 2, IC: 1 } as const;
export type Seniority = keyof typeof SENIORITY;

export type JobFunction =
  | 'executive'
  | 'sales'
  | 'marketing'
  | 'revenue'
  | 'operations'
  | 'customer success'
  | 'engineering'
  | 'product'
  | 'finance'
  | 'people'
  | 'it';

// Checked in order: the first level whose words appear wins ("Head of Sales Operations" is Head).
const SENIORITY_WORDS: Array<[Seniority, string[]]> = [
  [
    'C-level',
    [
      'chief',
      'ceo',
      'cto',
      'cfo',
      'cmo',
      'cro',
      'coo',
      'cio',
      'ciso',
      'founder',
      'co founder',
      'cofounder',
      'owner',
      'president',
      'managing director',
      'general manager',
    ],
  ],
  ['VP', ['vp', 'svp', 'evp', 'avp']],
  ['Head', ['head']],
  ['Director', ['director']],
  ['Manager', ['manager', 'lead', 'team lead', 'supervisor']],
];

// Checked in order, so "sales operations" reads as operations before sales.
const FUNCTION_WORDS: Array<[JobFunction, string[]]> = [
  ['revenue', ['revenue', 'revops', 'cro', 'go to market', 'gtm']],
  ['operations', ['operations', 'ops', 'coo']],
  ['customer success', ['customer success', 'account management', 'customer experience']],
  ['sales', ['sales', 'sdr', 'bdr', 'account executive', 'business development', 'commercial']],
  ['marketing', ['marketing', 'growth', 'demand generation', 'demand gen', 'brand', 'cmo']],
  ['engineering', ['engineering', 'engineer', 'developer', 'cto', 'software', 'devops']],
  ['product', ['product']],
  ['finance', ['finance', 'cfo', 'financial', 'controller', 'accounting']],
  ['people', ['people', 'hr', 'human resources', 'talent', 'recruiting']],
  ['it', ['it', 'information technology', 'cio', 'ciso', 'security', 'systems']],
  ['executive', ['ceo', 'founder', 'co founder', 'cofounder', 'owner', 'president', 'managing director', 'general manager']],
];

// Functions that buy together: a revenue leader cares about what a sales leader cares about.
const RELATED: Array<[JobFunction, JobFunction]> = [
  ['sales', 'revenue'],
  ['marketing', 'revenue'],
  ['operations', 'revenue'],
  ['customer success', 'revenue'],
  ['sales', 'marketing'],
  ['sales', 'customer success'],
  ['sales', 'operations'],
  ['engineering', 'product'],
  ['engineering', 'it'],
];

/** A title read through the taxonomy; null parts were not recognised. */
export interface ParsedTitle {
  seniority: Seniority;
  seniorityRecognised: boolean;
  jobFunction: JobFunction | null;
}

/** Reads seniority (IC when no level word appears) and function from a job title. */
export function parseTitle(title: string): ParsedTitle {
  // "Vice President" must not read as "President", nor "Co-founder" as two words.
  const normal = normaliseText(title)
    .replace(/\bco founder\b/g, 'cofounder')
    .replace(/\bvice president\b/g, 'vp');
  const contains = phraseFinder(normal);
  const level = SENIORITY_WORDS.find(([, words]) => words.some(contains));
  const found = FUNCTION_WORDS.find(([, words]) => words.some(contains));
  return { seniority: level?.[0] ?? 'IC', seniorityRecognised: level !== undefined, jobFunction: found?.[0] ?? null };
}

// A revenue leader owns these functions, so buys for them (a CRO fits a "VP Sales" ICP).
const REVENUE_COVERS: JobFunction[] = ['sales', 'marketing', 'customer success'];

/**
 * 1 same function, 0.5 related function, 0 otherwise. An executive (CEO, founder) covers every
 * function and a revenue leader covers sales, marketing and customer success.
 */
export function functionFit(prospect: JobFunction | null, icp: JobFunction | null): number {
  if (icp === null || prospect === null) return 0;
  if (prospect === icp || prospect === 'executive') return 1;
  if (prospect === 'revenue' && REVENUE_COVERS.includes(icp)) return 1;
  return RELATED.some(([a, b]) => (a === prospect && b === icp) || (a === icp && b === prospect)) ? 0.5 : 0;
}

/** 1 at the same level; 0.25 less per level below the ICP's; 0.1 less per level above (a senior buyer still buys). */
export function seniorityFit(prospect: Seniority, icp: Seniority): number {
  const gap = SENIORITY[prospect] - SENIORITY[icp];
  return gap >= 0 ? Math.max(0.5, 1 - 0.1 * gap) : Math.max(0, 1 + 0.25 * gap);
}
