// Keyword families behind the industry label: a site is put in the family whose words it uses
// most (several distinct words needed), and the words it used are shown as the evidence.

/** One industry and the words that point to it. */
export interface IndustryFamily {
  label: string;
  keywords: string[];
}

/** The industries research can name, most specific first (ties go to the earlier family). */
export const INDUSTRY_FAMILIES: readonly IndustryFamily[] = [
  {
    label: 'Financial services & fintech',
    keywords: [
      'accounts payable',
      'accounts receivable',
      'invoice',
      'payment',
      'billing',
      'bookkeeping',
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
    keywords: [
      'threat',
      'vulnerability',
      'SIEM',
      'zero trust',
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
    ],
  },
  {
    label: 'Manufacturing',
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
    keywords: ['ecommerce', 'e-commerce', 'online store', 'storefront', 'retail', 'shopper', 'merchandising', 'cart', 'DTC'],
  },
  {
    label: 'Marketing technology',
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
    ],
  },
  {
    label: 'Sales technology',
    keywords: ['CRM', 'sales team', 'prospecting', 'pipeline', 'quota', 'outbound', 'deal', 'revenue team', 'lead generation'],
  },
  {
    label: 'HR & recruiting',
    keywords: [
      'recruiting',
      'applicant tracking',
      'candidate',
      'onboarding',
      'HRIS',
      'benefits administration',
      'talent acquisition',
      'performance review',
    ],
  },
  {
    label: 'Education',
    keywords: ['student', 'teacher', 'classroom', 'curriculum', 'course', 'school', 'university', 'learning management', 'edtech'],
  },
  {
    label: 'Real estate & construction',
    keywords: ['real estate', 'property', 'tenant', 'landlord', 'construction', 'contractor', 'building', 'leasing'],
  },
  { label: 'Legal', keywords: ['legal', 'law firm', 'attorney', 'lawyer', 'litigation', 'contract management', 'e-discovery'] },
  {
    label: 'Developer tools & infrastructure',
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
    ],
  },
  {
    label: 'Data & analytics',
    keywords: ['analytics', 'dashboard', 'data warehouse', 'business intelligence', 'data pipeline', 'insights', 'reporting'],
  },
  { label: 'Hospitality & food', keywords: ['restaurant', 'hotel', 'menu', 'catering', 'reservation', 'guest', 'bakery', 'cafe'] },
  { label: 'Energy & utilities', keywords: ['solar', 'energy', 'utility', 'grid', 'renewable', 'battery storage', 'EV charging'] },
];
