// Job titles in running text: "VP of Sales", "Head of People", "RevOps managers", "our CFO",
// "Senior Account Executive" … read back to one spelling per title ("Account Executive"), so
// the same title on two customers' sites counts as one. The grammar is a rank with a function
// ("Director of Finance"), a function with a role ("finance leaders"), or a title of its own
// (C-level acronyms, chief officers, founders). A person's name beside a title ("Head of
// Ecommerce Omar Reyes") is never part of it.
import nlp from 'compromise';

// Functions a role can belong to: "sales", "customer success", "plant"… (any case).
const FUNCTIONS = [
  'sales',
  'deal desk',
  'hiring',
  'implementation',
  'technology',
  'legal operations',
  'security operations',
  'site reliability',
  'patient access',
  'medical',
  'shipping',
  'asset',
  'performance',
  'paid media',
  'ap',
  'sales operations',
  'sales enablement',
  'sales development',
  'business development',
  'revops',
  'revenue operations',
  'revenue',
  'marketing',
  'marketing operations',
  'product marketing',
  'demand generation',
  'growth',
  'content',
  'brand',
  'finance',
  'accounting',
  'accounts payable',
  'accounts receivable',
  'payroll',
  'billing',
  'treasury',
  'tax',
  'procurement',
  'purchasing',
  'plant',
  'operations',
  'engineering',
  'software',
  'backend',
  'frontend',
  'full-stack',
  'platform',
  'devops',
  'infrastructure',
  'solutions',
  'data',
  'analytics',
  'manufacturing',
  'production',
  'quality',
  'maintenance',
  'safety',
  'supply chain',
  'logistics',
  'transportation',
  'fleet',
  'warehouse',
  'inventory',
  'it',
  'hr',
  'people',
  'people operations',
  'talent',
  'talent acquisition',
  'recruiting',
  'learning and development',
  'customer success',
  'customer support',
  'customer experience',
  'support',
  'account',
  'partnerships',
  'channel',
  'security',
  'compliance',
  'risk',
  'legal',
  'product',
  'design',
  'ux',
  'project',
  'program',
  'construction',
  'field service',
  'facilities',
  'property',
  'office',
  'clinic',
  'clinical',
  'practice',
  'nursing',
  'store',
  'e-commerce',
  'ecommerce',
  'merchandising',
  'category',
  'restaurant',
  'front office',
  'energy',
];
// Roles a function takes. No "lead(s)": "it leads to" and "every sales lead" are not titles.
const ROLES = [
  'leaders?',
  'managers?',
  'directors?',
  'executives?',
  'engineers?',
  'buyers?',
  'officers?',
  'representatives?',
  'reps?',
  'specialists?',
  'analysts?',
  'coordinators?',
  'administrators?',
  'planners?',
  'recruiters?',
  'designers?',
  'developers?',
  'scientists?',
  'architects?',
  'supervisors?',
  'superintendents?',
  'marketers?',
  'owners?',
];
const RANKS = '(VP|SVP|EVP|Vice President|Head|Director|Senior Director|General Manager)';
// Words before a title that say its level, not what it is: "Senior Account Executive" is an Account Executive.
const LEVEL = String.raw`(?:(?:Senior|Sr\.?|Junior|Jr\.?|Lead|Principal|Staff|Associate|Assistant|Regional|Global|Group|National|Field|Inside|Enterprise|Mid-Market|Interim|Deputy)\s+)*`;
const functionAlternatives = FUNCTIONS.toSorted((a, b) => b.length - a.length)
  .map((name) => name.replace(/[-]/g, '[- ]?').replace(/ /g, '\\s+'))
  .join('|');

// Chief officers written out, by what they are chief of.
const CHIEF_ACRONYMS: Record<string, string> = {
  executive: 'CEO',
  financial: 'CFO',
  finance: 'CFO',
  revenue: 'CRO',
  marketing: 'CMO',
  technology: 'CTO',
  operating: 'COO',
  operations: 'COO',
  information: 'CIO',
  'information security': 'CISO',
  product: 'CPO',
  data: 'CDO',
  people: 'CHRO',
  'human resources': 'CHRO',
  customer: 'CCO',
};
const C_LEVEL = /\b(CEO|CFO|CRO|CMO|CTO|COO|CIO|CISO|CPO|CDO|CHRO|CCO)s?\b/g;
const CHIEF = /\bChief ((?:[A-Z][a-z]+ ){0,2}[A-Z][a-z]+) Officers?\b/g;
const FOUNDER = /\b(Co-?founder|Founder)s?\b/gi;
// "VP of Sales", "Head of Sales Operations", "Director of Sales & Marketing": a rank, "of", capitalised words.
// Not "and": in "the VP of Sales and RevOps leaders" it joins two titles, not two functions.
const RANK_OF = new RegExp(String.raw`\b${RANKS}s? of ((?:[A-Z][A-Za-z-]*|IT|HR)(?: & [A-Z][A-Za-z-]*| [A-Z][A-Za-z-]*){0,2})`, 'g');
// "head of finance", "director of people": a rank and a known function in any case.
const RANK_OF_FUNCTION = new RegExp(String.raw`\b(vp|svp|vice president|head|director)s? of (${functionAlternatives})\b`, 'gi');
// "VP Sales", "SVP Marketing" (no "of").
const RANK_FUNCTION = /\b(VP|SVP|EVP) (?!of\b)([A-Z][A-Za-z]+)\b/g;
// "sales leaders", "RevOps managers", "Senior Account Executive", "plant managers": a function and a role, any case.
const FUNCTION_ROLE = new RegExp(String.raw`\b${LEVEL}(${functionAlternatives})\s+(${ROLES.join('|')})\b`, 'gi');
const DEVELOPMENT_REPS = /\b(SDR|BDR|AE|CSM)s?\b/g;
// Titles that are a role on their own: "controllers", "CNC machinists", "dispatchers".
const STANDALONE =
  /\b((?:CNC )?machinist|controller|bookkeeper|accountant|dispatcher|recruiter|paralegal|attorney|estimator|underwriter|superintendent|landlord|teacher|general counsel|managing partner|general manager)s?\b/gi;
// "Angela Ruiz, Principal, Westview Middle School": a principal is a title only in an attribution.
const ATTRIBUTED = /(?:,|—|–)\s*((?:School )?Principal|Owner|Partner)\b(?=,| at | of |$)/g;

const SPELLING: Record<string, string> = {
  revops: 'RevOps',
  devops: 'DevOps',
  it: 'IT',
  ap: 'AP',
  hr: 'HR',
  ux: 'UX',
  and: 'and',
  ecommerce: 'E-commerce',
  'e-commerce': 'E-commerce',
  'full-stack': 'Full-stack',
  'co-founder': 'Co-founder',
  cofounder: 'Co-founder',
};
const ACRONYMS: Record<string, string> = { AE: 'Account Executive', CSM: 'Customer Success Manager' };

const RANK_SPELLING: Record<string, string> = {
  vp: 'VP',
  svp: 'SVP',
  evp: 'EVP',
  'vice president': 'VP',
  head: 'Head',
  director: 'Director',
  'senior director': 'Senior Director',
  'general manager': 'General Manager',
};
const rank = (word: string) => RANK_SPELLING[word.toLowerCase().replace(/\s+/g, ' ')] ?? word;
const capitalise = (word: string) => SPELLING[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
const titleCase = (words: string) => words.split(/\s+/).map(capitalise).join(' ');
const singular = (role: string) => (/^(?:lead|sales)$/i.test(role) ? role : role.replace(/s$/i, ''));

// Words that name an area of work ("Sales", "Finance Transformation", "Customer Success"): the
// functions above, and nouns formed the way department names are (-tion, -ment, -ing, -ship…).
const FUNCTION_WORDS = new Set(FUNCTIONS.flatMap((name) => name.split(/[\s-]+/)));
const AREA_SUFFIX = /(?:tion|sion|ment|ing|ship|ance|ence|ity|ics|ness|ies|ops|ure|ware|ogy|ets|ors|ers)$/i;

/**
 * The capitalised words after "Head of", "VP of"… up to where a person's name starts: "Ecommerce
 * Omar Reyes" is "Ecommerce". The first word always names the area; a later one stays only when it
 * reads as part of an area (a function word or a department-like noun) and compromise does not take
 * it for a first name or an honorific.
 */
export function withoutName(area: string): string {
  const words = area.split(' ');
  if (words.length === 1) return area;
  const terms = nlp(area).json() as Array<{ terms: Array<{ text: string; tags: string[] }> }>;
  const tags = new Map(terms.flatMap((sentence) => sentence.terms).map((term) => [term.text, new Set(term.tags)]));
  const kept = [words[0]!];
  for (const word of words.slice(1)) {
    if (word === '&') {
      kept.push(word);
      continue;
    }
    const tagged = tags.get(word);
    const name = tagged?.has('FirstName') || tagged?.has('Honorific') || tagged?.has('LastName');
    const areaWord = FUNCTION_WORDS.has(word.toLowerCase()) || AREA_SUFFIX.test(word);
    if (name || !areaWord) break;
    kept.push(word);
  }
  while (kept.at(-1) === '&') kept.pop();
  return kept.join(' ');
}

/** A title found in a text, and where it starts. */
interface Found {
  at: number;
  end: number;
  title: string;
}

function collect(text: string): Found[] {
  const found: Found[] = [];
  const add = (match: RegExpMatchArray, title: string, length = match[0].length) =>
    found.push({ at: match.index!, end: match.index! + length, title });
  // "Chief Financial Officer" is written "CFO" like its acronym, so both count as one title.
  for (const match of text.matchAll(CHIEF)) add(match, CHIEF_ACRONYMS[match[1]!.toLowerCase()] ?? `Chief ${match[1]} Officer`);
  for (const match of text.matchAll(C_LEVEL)) add(match, match[1]!);
  for (const match of text.matchAll(FOUNDER)) add(match, capitalise(match[1]!.replace(/^cofounder$/i, 'co-founder')));
  for (const match of text.matchAll(RANK_OF)) {
    const area = withoutName(match[2]!);
    add(match, `${rank(match[1]!)} of ${area}`, match[0].length - (match[2]!.length - area.length));
  }
  for (const match of text.matchAll(RANK_OF_FUNCTION)) add(match, `${rank(match[1]!)} of ${titleCase(match[2]!)}`);
  for (const match of text.matchAll(RANK_FUNCTION)) add(match, `${match[1]} of ${match[2]}`);
  for (const match of text.matchAll(FUNCTION_ROLE)) add(match, `${titleCase(match[1]!)} ${titleCase(singular(match[2]!))}`);
  for (const match of text.matchAll(DEVELOPMENT_REPS)) add(match, ACRONYMS[match[1]!] ?? match[1]!);
  for (const match of text.matchAll(STANDALONE)) add(match, titleCase(match[1]!).replace(/^Cnc\b/, 'CNC'));
  for (const match of text.matchAll(ATTRIBUTED)) add(match, titleCase(match[1]!.replace(/^School /, '')));
  return found;
}

/** Every title a text names, in the order they stand, once each; a title inside a longer one found at the same place is left out. */
export function titlesIn(text: string): string[] {
  const found = collect(text).sort((a, b) => a.at - b.at || b.end - a.end);
  const kept: Found[] = [];
  for (const candidate of found) {
    // "Head of Sales Operations" also reads as "Sales Operations …": keep the longest reading of those words.
    if (kept.some((other) => candidate.at >= other.at && candidate.end <= other.end)) continue;
    kept.push(candidate);
  }
  return [...new Set(kept.map((entry) => entry.title))];
}

/** The key two spellings of one title share ("VP of Sales" = "vp of sales", "Sales & Marketing" = "Sales and Marketing"). */
export function titleKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
