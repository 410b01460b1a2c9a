// The product's one industry vocabulary. Research names a company's industry with these labels,
// the ICP builder groups customers by them, and lead scoring compares a prospect's industry with
// the ICP's through them: the same label is a full match, a related one (listed in
// RELATED_INDUSTRIES) a partial one, anything else none. Keeping all three on one list is what
// stops "Sales technology" from passing for "Marketing technology" in one place and not another.

/** One industry: the label everything reports, how else it is called, and how a site shows it. */
export interface Industry {
  /** The name research reports, ICP criteria list and scoring reasons quote. */
  label: string;
  /** Other names people, data sources and sites use for it (whole words, any case). */
  synonyms: readonly string[];
  /**
   * Words a company's own site uses when it is in this industry: research counts them to name
   * the industry. Empty: research never names it (too broad to tell from a site's words).
   */
  keywords: readonly string[];
}

/** The industries, most specific first: research gives a tie to the earlier one. */
export const INDUSTRIES: readonly Industry[] = [
  {
    label: 'Financial services & fintech',
    synonyms: [
      'fintech',
      'financial technology',
      'financial services',
      'payments',
      'banking',
      'banking software',
      'insurtech',
      'insurance',
      'lending',
      'accounting software',
      'finance',
      'investment',
    ],
    keywords: [
      'accounts payable',
      'accounts receivable',
      'invoice',
      'payment',
      'billing',
      'bookkeeping',
      'bookkeeper',
      'reconciliation',
      'expense',
      'fintech',
      'banking',
      'lending',
      'treasury',
      'finance team',
      'controller',
      'spend management',
      'payroll',
    ],
  },
  {
    label: 'Healthcare',
    synonyms: [
      'health care',
      'healthtech',
      'health tech',
      'digital health',
      'medtech',
      'hospital',
      'medical',
      'pharma',
      'pharmaceuticals',
      'biotech',
      'life sciences',
    ],
    keywords: [
      'patient',
      'clinical',
      'clinic',
      'healthcare',
      'hospital',
      'EHR',
      'HIPAA',
      'medical',
      'telehealth',
      'physician',
      'care team',
    ],
  },
  {
    label: 'Cybersecurity',
    synonyms: ['cyber security', 'information security', 'infosec', 'security software', 'network security'],
    keywords: [
      'threat',
      'vulnerability',
      'SIEM',
      'zero trust',
      'VPN',
      'CISO',
      'endpoint',
      'phishing',
      'ransomware',
      'intrusion',
      'penetration test',
      'security operations',
    ],
  },
  {
    label: 'Logistics & supply chain',
    synonyms: ['logistics', 'supply chain', 'transportation', 'shipping', 'freight', 'trucking', '3pl'],
    keywords: [
      'freight',
      'shipping',
      'shipment',
      'logistics',
      'warehouse',
      'fleet',
      'supply chain',
      'carrier',
      'last mile',
      'fulfillment',
      'dispatch',
      '3PL',
      'trucking',
      'distribution center',
    ],
  },
  {
    label: 'Manufacturing',
    synonyms: ['industrial', 'industrials', 'machining', 'fabrication', 'industrial manufacturing'],
    keywords: [
      'manufacturing',
      'machining',
      'CNC',
      'fabrication',
      'factory',
      'production line',
      'precision parts',
      'ISO 9001',
      'tooling',
      'assembly',
      'plant floor',
      'machinist',
    ],
  },
  {
    label: 'E-commerce & retail',
    synonyms: ['ecommerce', 'e commerce', 'online retail', 'retail', 'd2c', 'dtc', 'direct to consumer', 'consumer goods', 'cpg'],
    keywords: ['ecommerce', 'e-commerce', 'online store', 'storefront', 'retail', 'shopper', 'merchandising', 'cart', 'DTC'],
  },
  {
    label: 'Marketing technology',
    synonyms: ['martech', 'marketing tech', 'marketing software', 'marketing automation', 'adtech', 'advertising technology'],
    keywords: [
      'marketing',
      'campaign',
      'SEO',
      'advertising',
      'attribution',
      'email marketing',
      'audience',
      'conversion rate',
      'brand awareness',
      'ads',
      'ad spend',
      'marketers',
      'paid media',
    ],
  },
  {
    label: 'Sales technology',
    synonyms: [
      'sales tech',
      'salestech',
      'sales software',
      'sales enablement',
      'revenue intelligence',
      'revenue operations',
      'crm software',
    ],
    keywords: ['CRM', 'sales team', 'prospecting', 'pipeline', 'quota', 'outbound', 'deal', 'revenue team', 'lead generation'],
  },
  {
    label: 'HR & recruiting',
    synonyms: [
      'hr tech',
      'hrtech',
      'hr software',
      'human resources',
      'recruiting',
      'recruiting software',
      'staffing',
      'people software',
      'talent acquisition',
    ],
    keywords: [
      'recruiting',
      'applicant tracking',
      'candidate',
      'onboarding',
      'HRIS',
      'benefits administration',
      'talent acquisition',
      'performance review',
      'new hire',
      'recruiter',
    ],
  },
  {
    label: 'Education',
    synonyms: ['edtech', 'education technology', 'e learning', 'elearning', 'higher education', 'schools'],
    keywords: [
      'student',
      'teacher',
      'classroom',
      'curriculum',
      'course',
      'school',
      'university',
      'learning management',
      'edtech',
      'tutoring',
      'tutor',
      'lesson',
    ],
  },
  {
    label: 'Real estate & construction',
    synonyms: ['real estate', 'proptech', 'property management', 'construction', 'commercial real estate'],
    keywords: ['real estate', 'property', 'tenant', 'landlord', 'construction', 'contractor', 'building', 'leasing'],
  },
  {
    label: 'Legal',
    synonyms: ['legal services', 'legaltech', 'legal tech', 'law', 'law firms'],
    keywords: [
      'legal',
      'law firm',
      'attorney',
      'lawyer',
      'litigation',
      'contract management',
      'e-discovery',
      'general counsel',
      'billable',
    ],
  },
  {
    label: 'Developer tools & infrastructure',
    synonyms: ['developer tools', 'devtools', 'devops', 'developer platform', 'cloud infrastructure', 'it infrastructure'],
    keywords: [
      'developer',
      'API',
      'SDK',
      'deploy',
      'CI/CD',
      'open source',
      'infrastructure',
      'observability',
      'kubernetes',
      'cloud native',
      'SRE',
      'DevOps',
      'OpenTelemetry',
      'site reliability',
    ],
  },
  {
    label: 'Data & analytics',
    synonyms: ['analytics', 'data analytics', 'business intelligence', 'big data', 'data platform'],
    keywords: [
      'analytics',
      'dashboard',
      'data warehouse',
      'business intelligence',
      'data pipeline',
      'insights',
      'reporting',
      'data engineer',
      'ETL',
    ],
  },
  {
    label: 'Hospitality & food',
    synonyms: ['hospitality', 'restaurants', 'food and beverage', 'food service', 'hotels'],
    keywords: ['restaurant', 'hotel', 'menu', 'catering', 'reservation', 'guest', 'bakery', 'cafe'],
  },
  {
    label: 'Energy & utilities',
    synonyms: ['energy', 'utilities', 'oil and gas', 'renewables', 'renewable energy', 'cleantech', 'solar'],
    keywords: ['solar', 'energy', 'utility', 'grid', 'renewable', 'battery storage', 'EV charging'],
  },
  // Labels the sample data and people use that a site's words cannot tell apart from the above.
  {
    label: 'Software & SaaS',
    synonyms: ['saas', 'software as a service', 'b2b software', 'b2b saas', 'cloud software', 'enterprise software', 'software'],
    keywords: [],
  },
  {
    label: 'Professional services',
    synonyms: ['consulting', 'agency', 'marketing agency', 'it services', 'it consulting', 'managed services', 'accounting firm'],
    keywords: [],
  },
  { label: 'AI & machine learning', synonyms: ['ai', 'artificial intelligence', 'machine learning', 'ml'], keywords: [] },
  { label: 'Government & public sector', synonyms: ['government', 'public sector', 'govtech'], keywords: [] },
  { label: 'Media & entertainment', synonyms: ['media', 'publishing', 'entertainment'], keywords: [] },
  { label: 'Telecommunications', synonyms: ['telecom', 'telco'], keywords: [] },
];

/**
 * Industries that are related (either way round): they share buyers or a market, so one earns
 * partial credit for the other. Not related by sharing a word ("technology"): only by this list.
 */
export const RELATED_INDUSTRIES: ReadonlyArray<readonly [string, string]> = [
  ['Sales technology', 'Marketing technology'],
  ['Sales technology', 'Software & SaaS'],
  ['Marketing technology', 'Software & SaaS'],
  ['Marketing technology', 'E-commerce & retail'],
  ['Marketing technology', 'Media & entertainment'],
  ['Financial services & fintech', 'Software & SaaS'],
  ['Cybersecurity', 'Software & SaaS'],
  ['Cybersecurity', 'Developer tools & infrastructure'],
  ['Developer tools & infrastructure', 'Software & SaaS'],
  ['Developer tools & infrastructure', 'Telecommunications'],
  ['Data & analytics', 'Software & SaaS'],
  ['Data & analytics', 'AI & machine learning'],
  ['AI & machine learning', 'Software & SaaS'],
  ['HR & recruiting', 'Software & SaaS'],
  ['HR & recruiting', 'Professional services'],
  ['Legal', 'Professional services'],
  ['Logistics & supply chain', 'Manufacturing'],
  ['Logistics & supply chain', 'E-commerce & retail'],
  ['Education', 'Government & public sector'],
  ['Real estate & construction', 'Energy & utilities'],
];

// Too broad to recognise inside a longer label ("fintech software" is fintech), fine on their own.
const WHOLE_LABEL_ONLY = new Set(['software', 'finance', 'law', 'media', 'analytics', 'energy']);

/** Lowercase words separated by single spaces, "&" read as "and" ("E-Commerce & Retail" → "e commerce and retail"). */
export function normaliseIndustry(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Each industry's label and synonyms, normalised once (findIndustry reads every one of them per label). */
const normalNames = new Map<Industry, string[]>();
function namesOf(industry: Industry): string[] {
  let names = normalNames.get(industry);
  if (!names) normalNames.set(industry, (names = [industry.label, ...industry.synonyms].map(normaliseIndustry)));
  return names;
}

/**
 * The industry a label names, or null when the taxonomy does not know it. A note in parentheses
 * is ignored ("Sales technology (matched: CRM, quota)"); a longer label is read by the longest
 * name it contains ("B2B SaaS platform" → Software & SaaS).
 */
export function findIndustry(label: string): Industry | null {
  const normal = normaliseIndustry(label.replace(/\([^)]*\)/g, ' '));
  if (!normal) return null;
  const exact = INDUSTRIES.find((industry) => namesOf(industry).includes(normal));
  if (exact) return exact;
  let best: { industry: Industry; length: number } | null = null;
  for (const industry of INDUSTRIES) {
    for (const name of namesOf(industry)) {
      if (WHOLE_LABEL_ONLY.has(name) || !` ${normal} `.includes(` ${name} `)) continue;
      if (name.length > (best?.length ?? 0)) best = { industry, length: name.length };
    }
  }
  return best?.industry ?? null;
}

/** How two industry labels relate: the same industry, related ones, unrelated ones, or unknown (one is not in the taxonomy). */
export type IndustryRelation = 'same' | 'related' | 'unrelated' | 'unknown';

/** The relation of two labels through the taxonomy, with the industries they name (null when unknown). */
export function industryRelation(a: string, b: string): { relation: IndustryRelation; first: Industry | null; second: Industry | null } {
  const first = findIndustry(a);
  const second = findIndustry(b);
  if (!first || !second) return { relation: 'unknown', first, second };
  if (first === second) return { relation: 'same', first, second };
  const related = RELATED_INDUSTRIES.some(
    ([x, y]) => (x === first.label && y === second.label) || (x === second.label && y === first.label),
  );
  return { relation: related ? 'related' : 'unrelated', first, second };
}

/** The taxonomy's label for a label ("SaaS" → "Software & SaaS"), or the label itself, trimmed, when unknown. */
export function industryLabel(label: string): string {
  return findIndustry(label)?.label ?? label.trim();
}
