// Job titles in running text: "VP of Sales", "Head of People", "RevOps managers", "our CFO",
// "Senior Account Executive" … read back to one spelling per title ("Account Executive"), so
// the same title on two customers' sites counts as one. The grammar is a rank with a function
// ("Director of Finance"), a function with a role ("finance leaders"), or a title of its own
// (C-level acronyms, chief officers, founders). A person's name beside a title ("Head of
// Ecommerce Omar Reyes") is never part of it.
import { termsOf } from './terms.ts';

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
  'research',
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
  'credit',
  'care home',
  'school business',
  'security operations',
  'housekeeping',
  'email marketing',
  'retail operations',
  'retail',
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
  'controllers?',
  // "content leads, …", "security operations leads at …": plural, and standing as a title in a list
  // (not "it leads to", nor the prospects "sales leads" and "marketing leads" are).
  'leads(?= at\\b| for\\b| and\\b|,|$)',
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
// "our chief information security officer", "Our chief executive, Daan Visser": in any case, and
// without "officer" for the chiefs people name that way.
const CHIEF_NAMED = new RegExp(
  String.raw`\bchief (${Object.keys(CHIEF_ACRONYMS)
    .toSorted((a, b) => b.length - a.length)
    .join('|')})(?: officers?)?\b`,
  'gi',
);
const FOUNDER = /\b(Co-?founder|Founder)s?\b/gi;
// "Made for owners, office managers and bookkeepers": owners named as the audience.
const OWNERS_FOR =
  /\b(?:for|helps?|built for|made for)\s+(?:(?:small[- ]business|business|shop|store|practice|clinic|restaurant|salon|agency)\s+)?owners\b(?!\s+of\b)/gi;
// "VP of Sales", "Head of Sales Operations", "Director of Sales & Marketing": a rank, "of", capitalised words.
// Not "and": in "the VP of Sales and RevOps leaders" it joins two titles, not two functions.
const RANK_OF = new RegExp(String.raw`\b${RANKS}s? of ((?:[A-Z][A-Za-z-]*|IT|HR)(?: & [A-Z][A-Za-z-]*| [A-Z][A-Za-z-]*){0,2})`, 'g');
// "head of finance", "director of people": a rank and a known function in any case.
const RANK_OF_FUNCTION = new RegExp(String.raw`\b(vp|svp|vice president|head|director)s? of (${functionAlternatives})\b`, 'gi');
// "VP Sales", "SVP Marketing" (no "of").
const RANK_FUNCTION = /\b(VP|SVP|EVP) (?!of\b)([A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+){0,2})\b/g;
// "sales leaders", "RevOps managers", "Senior Account Executive", "plant managers": a function and a role, any case.
const FUNCTION_ROLE = new RegExp(String.raw`\b${LEVEL}(${functionAlternatives})\s+(${ROLES.join('|')})\b`, 'gi');
// Functions whose "leads" are prospects, not people who lead.
const LEADS_ARE_PROSPECTS =
  /^(?:sales|marketing|growth|demand generation|business development|revenue|inbound|outbound|account|channel|partnerships)$/i;
const DEVELOPMENT_REPS = /\b(SDR|BDR|AE|CSM)s?\b/g;
// Titles that are a role on their own: "controllers", "CNC machinists", "dispatchers".
const STANDALONE =
  /\b((?:CNC )?machinist|controller|bookkeeper|accountant|dispatcher|recruiter|paralegal|attorney|estimator|underwriter|superintendent|landlord|teacher|registrar|bursar|general counsel|in-house counsel|managing partner|managing director|general manager|(?:executive |sous |pastry )?chef|supervisor|operator|physician|pharmacist|dentist|veterinarian|therapist|surgeon|dean|provost|chief of staff|technician|(?<!vice )president|lawyer|solicitor|barrister|actuary|hotelier|restaurateur|tutor|instructor|professor|foreman|proprietor|franchisee|realtor|electrician|plumber|treasurer|comptroller|merchandiser|head ?teacher|headmaster|headmistress|(?:executive )?housekeeper)s?\b/gi;
// "Head Chef", "head nurses": "head" before an occupation is a rank of it.
// "chief estimators" too: "chief" before a trade is its rank, as "head" is.
const HEAD_OF_TRADE =
  /\b(head|chief) (chef|cook|nurse|teacher|coach|trainer|instructor|gardener|groundskeeper|brewer|baker|pharmacist|technician|mechanic|buyer|librarian|porter|housekeeper|sommelier|ranger|surveyor|estimator|designer|engineer|architect|tutor)s?\b/gi;
// "financial controllers", "clinical technicians": an adjective of a field before a title of its own is part of it.
const FIELD_STANDALONE =
  /\b([A-Za-z]+(?:cial|ical|gal) (?:controller|accountant|bookkeeper|estimator|underwriter|technician|supervisor|dispatcher|surveyor))s?\b/gi;
// "heads of admissions", "directors of studies": a rank of any area, lower case and plural too.
const RANK_OF_ANY =
  /\b(head|director|vp|vice president)s? of (?!(?:the|a|an|our|your|their|its|this|that|these|those|every|all|each|some|any|one|them|it)\b)([a-z][a-z-]+)\b/gi;
// "the owners of remodeling firms", "owners of busy practices": the owner of the business.
const OWNERS_OF =
  /\b(?:the )?owners? of (?=(?:[\w-]+ ){0,4}?(?:firms?|businesses|business|companies|company|practices?|shops?|stores?|restaurants?|clinics?|schools?|agencies|agency|salons?|gyms?|studios?|hotels?|farms?)\b)/gi;
// "kitchen managers", "Permit Coordinator", "transport planners": an area of work (a noun) and a
// role that names a job wherever it stands. The area is any noun compromise reads as one, not only
// the functions listed above; a word that says the level or kind of person ("busy", "senior") is not.
const GENERIC_ROLE =
  /\b(?:([A-Za-z][\w-]*(?:al|ical))\s+)?([A-Za-z][\w-]*)\s+(managers?|coordinators?|planners?|directors?|owners?|supervisors?|administrators?|officers?|brokers?|analysts?|specialists?|consultants?|engineers?|technicians?|advis[eo]rs?|adjusters?|agents?|handlers?|leads?(?= at\b| for\b|,|$)|nurses?|surveyors?)\b/gi;
const SHARED_ROLE =
  /\b([A-Za-z][\w-]*)\s+(?:and|&|or)\s+([A-Za-z][\w-]*)\s+(leaders|managers|directors|executives|officers|coordinators|planners|engineers|analysts|specialists|administrators|supervisors)\b/gi;
const NOT_AN_AREA =
  /^(?:the|a|an|and|or|of|for|to|with|by|why|what|how|when|where|our|your|their|his|her|its|my|every|each|all|many|most|more|some|any|busy|small|large|big|new|good|great|best|better|top|senior|sr|junior|jr|lead|principal|staff|associate|assistant|regional|global|group|national|field|inside|enterprise|interim|deputy|former|first|other|same|real|one|two|three|who|whose|that|which|these|those|helps?|gives?|lets?|makes?|hire|hires|hiring|busy|modern|growing|lean|is|are|was|were|be|as|at|in|on|from|general|managing|chief|executive|help|helping|let|make|give|hire|empower|enable|train|support|serve|meet|ask|keep|turn|password|file|task|tag|package|download|window|display|memory|secrets?|key|certificate|device|cookie|consent|ad|tab)$/i;
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
  of: 'of',
  ecommerce: 'Ecommerce',
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
// An area after "of" keeps the site's spelling, capitalised ("heads of ecommerce" → "Head of Ecommerce").
const areaCase = (word: string) =>
  /^e-?commerce$/i.test(word) ? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase() : capitalise(word);
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
  const tags = new Map(termsOf(area).map((term) => [term.text, new Set(term.tags)]));
  const kept = [words[0]!];
  for (const word of words.slice(1)) {
    if (word === '&') {
      kept.push(word);
      continue;
    }
    const tagged = tags.get(word);
    const name = tagged?.has('FirstName') || tagged?.has('Honorific') || tagged?.has('LastName');
    const areaWord = FUNCTION_WORDS.has(word.toLowerCase()) || AREA_SUFFIX.test(word) || tagged?.has('Plural');
    if (name || !areaWord) break;
    kept.push(word);
  }
  while (kept.at(-1) === '&') kept.pop();
  return kept.join(' ');
}

/**
 * True when the word, where it stands in the text, can name an area of work before a role: a noun,
 * or a verb's base form of the same spelling ("permit coordinators", "transport planners"); not an
 * adjective, adverb, name, number, or a verb with a tense ("helps managers", "trained managers").
 */
function isAreaNoun(text: string, word: string): boolean {
  if (FUNCTION_WORDS.has(word.toLowerCase()) || /^[A-Z]{2,}$/.test(word)) return true;
  const term = termsOf(text).find((candidate) => candidate.text === word);
  if (!term) return false;
  const tags = new Set(term.tags);
  const notArea = [
    'Adjective',
    'Adverb',
    'Determiner',
    'Pronoun',
    'Value',
    'FirstName',
    'LastName',
    'Preposition',
    'Conjunction',
    'PastTense',
    'Copula',
    'Modal',
    'QuestionWord',
  ];
  if (notArea.some((tag) => tags.has(tag))) return false;
  return !(tags.has('PresentTense') && /s$/.test(word));
}

/** True when compromise reads the word, where it stands, as a verb ("use" in "directors of nursing use MediRota"). */
function isVerbHere(text: string, word: string): boolean {
  return (
    termsOf(text)
      .find((candidate) => candidate.text === word)
      ?.tags.includes('Verb') ?? false
  );
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
  for (const match of text.matchAll(RANK_OF_FUNCTION))
    add(match, `${rank(match[1]!)} of ${match[2]!.split(/\s+/).map(areaCase).join(' ')}`);
  for (const match of text.matchAll(RANK_FUNCTION)) {
    const area = withoutName(match[2]!);
    add(match, `${match[1]} of ${area}`, match[0].length - (match[2]!.length - area.length));
  }
  for (const match of text.matchAll(FUNCTION_ROLE)) {
    if (/^leads$/i.test(match[2]!) && LEADS_ARE_PROSPECTS.test(match[1]!.replace(/\s+/g, ' '))) continue;
    add(match, `${titleCase(match[1]!)} ${titleCase(singular(match[2]!))}`);
  }
  for (const match of text.matchAll(DEVELOPMENT_REPS)) add(match, ACRONYMS[match[1]!] ?? match[1]!);
  for (const match of text.matchAll(STANDALONE)) add(match, titleCase(match[1]!).replace(/^Cnc\b/, 'CNC'));
  for (const match of text.matchAll(ATTRIBUTED)) add(match, titleCase(match[1]!.replace(/^School /, '')));
  for (const match of text.matchAll(CHIEF_NAMED)) add(match, CHIEF_ACRONYMS[match[1]!.toLowerCase()]!);
  for (const match of text.matchAll(HEAD_OF_TRADE)) add(match, `${capitalise(match[1]!)} ${titleCase(match[2]!)}`);
  for (const match of text.matchAll(FIELD_STANDALONE)) add(match, titleCase(match[1]!));
  for (const match of text.matchAll(RANK_OF_ANY)) {
    // "director of financial planning", "head of workplace experience": the area's words, up to three, while they name an area.
    const words = [
      match[2]!,
      ...(text
        .slice(match.index! + match[0].length)
        .match(/^(?:\s+[a-z][a-z-]+){0,2}/)?.[0]
        .trim()
        .split(/\s+/)
        .filter(Boolean) ?? []),
    ];
    const areaWord = (word: string) => !NOT_AN_AREA.test(word) && (isAreaNoun(text, word) || /(?:ical|cial|gal)$/i.test(word));
    const area: string[] = [];
    for (const word of words) {
      if (!areaWord(word) || /^(?:and|or|at|for|who|with|in|on|to|from|by)$/i.test(word)) break;
      // "directors of nursing use MediRota": the verb after the area is not part of it.
      if (area.length > 0 && isVerbHere(text, word)) break;
      area.push(word);
    }
    // A lone adjective ("head of financial") is no area; the first noun makes one.
    while (area.length > 0 && !isAreaNoun(text, area.at(-1)!)) area.pop();
    if (area.length === 0) continue;
    const length = match[0].length - match[2]!.length + area.join(' ').length;
    add(match, `${rank(match[1]!)} of ${area.map(areaCase).join(' ')}`, length);
  }
  // "finance and operations leaders", "facilities and security managers": one role of two areas is two titles.
  for (const match of text.matchAll(SHARED_ROLE)) {
    const [, first, , role] = match;
    if (NOT_AN_AREA.test(first!) || !(isAreaNoun(text, first!) || FUNCTION_WORDS.has(first!.toLowerCase()))) continue;
    found.push({ at: match.index!, end: match.index! + first!.length, title: `${titleCase(first!)} ${titleCase(singular(role!))}` });
  }
  for (const match of text.matchAll(OWNERS_OF)) add(match, 'Owner', match[0].trimEnd().length);
  for (const match of text.matchAll(OWNERS_FOR)) add(match, 'Owner');
  for (const match of text.matchAll(GENERIC_ROLE)) {
    const [, kind, area, role] = match;
    // "financial advisors", "clinical directors": an adjective of a field is an area too.
    if (NOT_AN_AREA.test(area!) || !(isAreaNoun(text, area!) || /(?:ical|cial|gal)$/i.test(area!))) continue;
    // "at Ashgrove Brokers", "Harbor Freight Planners": a company's name, not a role.
    if (/^[A-Z]/.test(area!) && /^[A-Z].*s$/.test(role!)) continue;
    // "sales leads", "marketing leads": prospects, not people who lead.
    if (/^leads?$/i.test(role!) && LEADS_ARE_PROSPECTS.test(area!)) continue;
    // "AI agents", "SEO agents": software, not people.
    if (/^agents?$/i.test(role!) && /^[A-Z]{2,}$/.test(area!)) continue;
    if (/\b(?:at|from|with)\s+$/i.test(text.slice(0, match.index))) continue;
    // "medical staffing managers": an adjective of a field before the area belongs to the title.
    const field = kind && !NOT_AN_AREA.test(kind) ? `${titleCase(kind)} ` : '';
    const at = field ? match.index! : match.index! + match[0].indexOf(area!);
    found.push({
      at,
      end: match.index! + match[0].length,
      title: `${field}${/^[A-Z]{2,}$/.test(area!) ? area : titleCase(area!)} ${titleCase(singular(role!))}`,
    });
  }
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
