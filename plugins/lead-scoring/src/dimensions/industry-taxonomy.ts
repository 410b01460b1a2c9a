// A small industry vocabulary: canonical names with the synonyms people type, grouped into
// families so that adjacent industries (two kinds of software) earn partial credit.
import { containsPhrase, normaliseText } from '../text.ts';

interface IndustryEntry {
  canonical: string;
  family: string;
  synonyms: string[];
}

const INDUSTRIES: IndustryEntry[] = [
  {
    canonical: 'saas',
    family: 'software',
    synonyms: ['saas', 'software as a service', 'b2b software', 'cloud software', 'enterprise software', 'software'],
  },
  { canonical: 'fintech', family: 'software', synonyms: ['fintech', 'financial technology', 'payments', 'banking software', 'insurtech'] },
  {
    canonical: 'martech',
    family: 'software',
    synonyms: ['martech', 'marketing technology', 'adtech', 'advertising technology', 'sales technology', 'sales tech'],
  },
  { canonical: 'hrtech', family: 'software', synonyms: ['hrtech', 'hr tech', 'hr software', 'recruiting software', 'people software'] },
  { canonical: 'edtech', family: 'software', synonyms: ['edtech', 'education technology', 'e learning', 'elearning'] },
  { canonical: 'healthtech', family: 'software', synonyms: ['healthtech', 'health tech', 'digital health', 'medtech'] },
  {
    canonical: 'cybersecurity',
    family: 'software',
    synonyms: ['cybersecurity', 'cyber security', 'information security', 'infosec', 'security software'],
  },
  { canonical: 'ai', family: 'software', synonyms: ['ai', 'artificial intelligence', 'machine learning', 'ml'] },
  { canonical: 'devtools', family: 'software', synonyms: ['developer tools', 'devtools', 'devops'] },
  {
    canonical: 'it services',
    family: 'services',
    synonyms: ['it services', 'information technology', 'managed services', 'it consulting'],
  },
  { canonical: 'consulting', family: 'services', synonyms: ['consulting', 'professional services', 'agency', 'marketing agency'] },
  { canonical: 'financial services', family: 'finance', synonyms: ['financial services', 'banking', 'insurance', 'finance', 'investment'] },
  {
    canonical: 'healthcare',
    family: 'health',
    synonyms: ['healthcare', 'health care', 'hospital', 'medical', 'pharma', 'pharmaceuticals', 'biotech'],
  },
  { canonical: 'ecommerce', family: 'commerce', synonyms: ['ecommerce', 'e commerce', 'online retail', 'd2c', 'direct to consumer'] },
  { canonical: 'retail', family: 'commerce', synonyms: ['retail', 'consumer goods', 'cpg'] },
  { canonical: 'manufacturing', family: 'industrial', synonyms: ['manufacturing', 'industrial', 'industrials'] },
  { canonical: 'logistics', family: 'industrial', synonyms: ['logistics', 'supply chain', 'transportation', 'shipping', 'freight'] },
  { canonical: 'real estate', family: 'property', synonyms: ['real estate', 'proptech', 'property management'] },
  { canonical: 'education', family: 'public', synonyms: ['education', 'higher education', 'schools'] },
  { canonical: 'government', family: 'public', synonyms: ['government', 'public sector'] },
  { canonical: 'media', family: 'media', synonyms: ['media', 'publishing', 'entertainment'] },
  { canonical: 'telecommunications', family: 'infrastructure', synonyms: ['telecommunications', 'telecom', 'telco'] },
  { canonical: 'energy', family: 'infrastructure', synonyms: ['energy', 'utilities', 'oil and gas', 'renewables', 'cleantech'] },
];

// Too broad to recognise inside a longer label ("fintech software" is fintech), fine on their own.
const EXACT_ONLY = new Set(['software', 'finance']);

/** The recognised industry in a label, or the label itself (normalised) when none is known. */
export function canonicalIndustry(label: string): { canonical: string; family: string | null } {
  const normal = normaliseText(label);
  const exact = INDUSTRIES.find((entry) => entry.synonyms.includes(normal));
  if (exact) return { canonical: exact.canonical, family: exact.family };
  // Longest synonym first, so "marketing technology" beats "technology" inside a longer label.
  let best: { entry: IndustryEntry; length: number } | null = null;
  for (const entry of INDUSTRIES) {
    for (const synonym of entry.synonyms) {
      if (EXACT_ONLY.has(synonym)) continue;
      if (containsPhrase(normal, synonym) && synonym.length > (best?.length ?? 0)) best = { entry, length: synonym.length };
    }
  }
  return best ? { canonical: best.entry.canonical, family: best.entry.family } : { canonical: normal, family: null };
}
