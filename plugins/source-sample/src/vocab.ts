// Industries and places of the sample database. Industry labels are the research agent's own
// (plugins/research/src/extract/industries.ts), so an ICP built from real sites names
// industries the sample data has; two common labels research does not name are added.

/** One industry: how common it is, how its companies are named, what they use. */
export interface IndustryVocab {
  label: string;
  /** Relative frequency among B2B companies a prospecting tool lists. */
  weight: number;
  /** Other words people use for it ("fintech", "saas"): discovery's industry synonyms. */
  synonyms: string[];
  /** Second words of company names: "Harbor Freight", "Kestrel Health". */
  nameSuffixes: string[];
  /** Technologies much more likely here than elsewhere (names in tech.ts). */
  tech: string[];
  /** Share of companies with venture funding. */
  ventureShare: number;
  /** Typical revenue per employee, US dollars. */
  revenuePerEmployee: number;
  /** What the company does, completed with its name: "{name} builds …". */
  pitch: string;
}

/** The industries, with weights summing to about 100. */
export const INDUSTRIES: readonly IndustryVocab[] = [
  {
    label: 'Software & SaaS',
    weight: 18,
    synonyms: ['software', 'saas', 'b2b software', 'technology', 'tech'],
    nameSuffixes: ['Labs', 'Software', 'Cloud', 'HQ', 'App'],
    tech: ['Segment', 'Intercom', 'Stripe', 'Mixpanel', 'Amplitude', 'Datadog', 'Sentry', 'Vercel'],
    ventureShare: 0.45,
    revenuePerEmployee: 180_000,
    pitch: 'builds workflow software for mid-market teams',
  },
  {
    label: 'Financial services & fintech',
    weight: 9,
    synonyms: ['fintech', 'finance', 'financial services', 'banking', 'payments', 'insurance', 'insurtech'],
    nameSuffixes: ['Capital', 'Pay', 'Financial', 'Ledger', 'Bank'],
    tech: ['Stripe', 'Salesforce', 'Zendesk', 'Snowflake', 'Okta', 'Adyen'],
    ventureShare: 0.3,
    revenuePerEmployee: 260_000,
    pitch: 'automates payments and reconciliation for finance teams',
  },
  {
    label: 'Healthcare',
    weight: 9,
    synonyms: ['health', 'healthcare', 'health care', 'medical', 'healthtech', 'life sciences'],
    nameSuffixes: ['Health', 'Care', 'Medical', 'Clinics', 'Bio'],
    tech: ['Salesforce', 'Zendesk', 'Okta', 'Workday', 'Tableau'],
    ventureShare: 0.15,
    revenuePerEmployee: 140_000,
    pitch: 'runs patient scheduling and care coordination for clinics',
  },
  {
    label: 'Manufacturing',
    weight: 9,
    synonyms: ['manufacturing', 'industrial', 'machining', 'fabrication', 'industrials'],
    nameSuffixes: ['Precision', 'Industries', 'Manufacturing', 'Works', 'Fabrication'],
    tech: ['Salesforce', 'Workday', 'Tableau', 'WordPress'],
    ventureShare: 0.04,
    revenuePerEmployee: 220_000,
    pitch: 'machines precision parts for aerospace and medical OEMs',
  },
  {
    label: 'E-commerce & retail',
    weight: 8,
    synonyms: ['ecommerce', 'e-commerce', 'retail', 'dtc', 'd2c', 'consumer goods'],
    nameSuffixes: ['Goods', 'Supply Co', 'Market', 'Store', 'Brands'],
    tech: ['Shopify', 'Klaviyo', 'Gorgias', 'Stripe', 'Attentive', 'Okendo', 'Google Analytics', 'Facebook Pixel'],
    ventureShare: 0.2,
    revenuePerEmployee: 250_000,
    pitch: 'sells direct-to-consumer home goods online',
  },
  {
    label: 'Logistics & supply chain',
    weight: 6,
    synonyms: ['logistics', 'supply chain', 'freight', 'shipping', 'transportation'],
    nameSuffixes: ['Freight', 'Logistics', 'Shipping', 'Fleet', 'Transport'],
    tech: ['Salesforce', 'Tableau', 'Zendesk', 'Snowflake'],
    ventureShare: 0.12,
    revenuePerEmployee: 200_000,
    pitch: 'moves freight for shippers with real-time tracking',
  },
  {
    label: 'Marketing technology',
    weight: 6,
    synonyms: ['martech', 'marketing', 'advertising', 'adtech', 'agency'],
    nameSuffixes: ['Media', 'Digital', 'Growth', 'Reach', 'Studio'],
    tech: ['HubSpot', 'Marketo', 'Segment', 'Hotjar', 'Google Tag Manager', 'Optimizely', 'MailChimp'],
    ventureShare: 0.3,
    revenuePerEmployee: 160_000,
    pitch: 'measures campaign attribution across paid channels',
  },
  {
    label: 'Sales technology',
    weight: 5,
    synonyms: ['sales tech', 'salestech', 'crm', 'revenue intelligence'],
    nameSuffixes: ['Revenue', 'Pipeline', 'Deals', 'Sales', 'Signal'],
    tech: ['Salesforce', 'HubSpot', 'Gong', 'Salesloft', 'Chili Piper', 'Qualified', '6sense'],
    ventureShare: 0.45,
    revenuePerEmployee: 170_000,
    pitch: 'helps revenue teams forecast and coach every deal',
  },
  {
    label: 'Cybersecurity',
    weight: 4,
    synonyms: ['security', 'cyber', 'infosec', 'cybersecurity'],
    nameSuffixes: ['Security', 'Shield', 'Defense', 'Guard', 'Sec'],
    tech: ['Okta', 'Auth0', 'Datadog', 'Salesforce', 'Sentry'],
    ventureShare: 0.45,
    revenuePerEmployee: 210_000,
    pitch: 'detects threats across cloud workloads and endpoints',
  },
  {
    label: 'Developer tools & infrastructure',
    weight: 4,
    synonyms: ['devtools', 'developer tools', 'infrastructure', 'cloud', 'devops'],
    nameSuffixes: ['Stack', 'Ops', 'Dev', 'Systems', 'IO'],
    tech: ['Segment', 'Stripe', 'Datadog', 'Sentry', 'Vercel', 'Algolia', 'Auth0'],
    ventureShare: 0.55,
    revenuePerEmployee: 190_000,
    pitch: 'ships observability tooling for platform engineers',
  },
  {
    label: 'Data & analytics',
    weight: 4,
    synonyms: ['analytics', 'data', 'business intelligence', 'bi', 'ai', 'machine learning'],
    nameSuffixes: ['Analytics', 'Data', 'Insights', 'AI', 'Metrics'],
    tech: ['Snowflake', 'Looker', 'Tableau', 'Segment', 'Amplitude', 'Mixpanel'],
    ventureShare: 0.5,
    revenuePerEmployee: 190_000,
    pitch: 'turns warehouse data into dashboards business users trust',
  },
  {
    label: 'HR & recruiting',
    weight: 3,
    synonyms: ['hr', 'hr tech', 'recruiting', 'staffing', 'human resources', 'talent'],
    nameSuffixes: ['Talent', 'People', 'Hire', 'Works', 'Team'],
    tech: ['Greenhouse', 'Lever', 'Workday', 'HubSpot', 'Intercom'],
    ventureShare: 0.25,
    revenuePerEmployee: 130_000,
    pitch: 'helps hiring teams screen and onboard candidates',
  },
  {
    label: 'Professional services',
    weight: 5,
    synonyms: ['consulting', 'services', 'accounting', 'agency', 'professional services'],
    nameSuffixes: ['Partners', 'Advisors', 'Group', 'Consulting', 'Associates'],
    tech: ['HubSpot', 'Salesforce', 'WordPress', 'Calendly', 'Typeform'],
    ventureShare: 0.03,
    revenuePerEmployee: 150_000,
    pitch: 'advises growing companies on operations and finance',
  },
  {
    label: 'Education',
    weight: 3,
    synonyms: ['education', 'edtech', 'e-learning', 'training', 'higher education'],
    nameSuffixes: ['Learning', 'Academy', 'Education', 'Schools', 'Campus'],
    tech: ['HubSpot', 'Zendesk', 'WordPress', 'Intercom', 'Typeform'],
    ventureShare: 0.15,
    revenuePerEmployee: 110_000,
    pitch: 'runs online courses for working professionals',
  },
  {
    label: 'Real estate & construction',
    weight: 3,
    synonyms: ['real estate', 'proptech', 'construction', 'property management'],
    nameSuffixes: ['Properties', 'Builders', 'Realty', 'Construction', 'Homes'],
    tech: ['Salesforce', 'HubSpot', 'WordPress', 'Calendly'],
    ventureShare: 0.06,
    revenuePerEmployee: 240_000,
    pitch: 'manages commercial properties for institutional owners',
  },
  {
    label: 'Legal',
    weight: 1.5,
    synonyms: ['legal', 'law', 'legaltech', 'law firm'],
    nameSuffixes: ['Legal', 'Law', 'Counsel', 'LLP'],
    tech: ['Salesforce', 'WordPress', 'Calendly', 'Okta'],
    ventureShare: 0.05,
    revenuePerEmployee: 230_000,
    pitch: 'handles contract review for corporate legal teams',
  },
  {
    label: 'Hospitality & food',
    weight: 1.5,
    synonyms: ['hospitality', 'restaurants', 'food', 'food and beverage', 'travel'],
    nameSuffixes: ['Kitchen', 'Hospitality', 'Hotels', 'Foods', 'Eats'],
    tech: ['Shopify', 'MailChimp', 'WordPress', 'Squarespace', 'Stripe'],
    ventureShare: 0.05,
    revenuePerEmployee: 70_000,
    pitch: 'operates restaurants and catering across the region',
  },
  {
    label: 'Energy & utilities',
    weight: 1,
    synonyms: ['energy', 'utilities', 'cleantech', 'climate', 'renewables', 'solar'],
    nameSuffixes: ['Energy', 'Power', 'Solar', 'Grid', 'Renewables'],
    tech: ['Salesforce', 'Tableau', 'Workday', 'Snowflake'],
    ventureShare: 0.2,
    revenuePerEmployee: 300_000,
    pitch: 'installs solar and battery storage for commercial sites',
  },
];

/** A city and how often sample companies are placed there. */
export interface PlaceVocab {
  city: string;
  country: string;
  weight: number;
}

/** Where B2B companies concentrate: mostly North America and Europe. */
export const PLACES: readonly PlaceVocab[] = [
  { city: 'San Francisco', country: 'United States', weight: 12 },
  { city: 'New York', country: 'United States', weight: 12 },
  { city: 'Austin', country: 'United States', weight: 5 },
  { city: 'Boston', country: 'United States', weight: 6 },
  { city: 'Seattle', country: 'United States', weight: 4 },
  { city: 'Chicago', country: 'United States', weight: 5 },
  { city: 'Denver', country: 'United States', weight: 3 },
  { city: 'Atlanta', country: 'United States', weight: 3 },
  { city: 'Los Angeles', country: 'United States', weight: 5 },
  { city: 'Miami', country: 'United States', weight: 2 },
  { city: 'Salt Lake City', country: 'United States', weight: 2 },
  { city: 'Toronto', country: 'Canada', weight: 4 },
  { city: 'London', country: 'United Kingdom', weight: 8 },
  { city: 'Berlin', country: 'Germany', weight: 4 },
  { city: 'Amsterdam', country: 'Netherlands', weight: 3 },
  { city: 'Paris', country: 'France', weight: 3 },
  { city: 'Dublin', country: 'Ireland', weight: 2 },
  { city: 'Stockholm', country: 'Sweden', weight: 2 },
  { city: 'Sydney', country: 'Australia', weight: 2 },
  { city: 'Singapore', country: 'Singapore', weight: 2 },
  { city: 'Tel Aviv', country: 'Israel', weight: 2 },
  { city: 'Bangalore', country: 'India', weight: 3 },
];

/** First words of invented company names ("Kestrel Health"); the rest take a surname ("Okafor Freight"). */
export const BRAND_WORDS: readonly string[] = [
  'Kestrel',
  'Harbor',
  'Summit',
  'Brightwave',
  'Northwind',
  'Bluepeak',
  'Ironwood',
  'Clearpath',
  'Redwood',
  'Silverline',
  'Tidewater',
  'Granite',
  'Lumen',
  'Cobalt',
  'Evergreen',
  'Foxglove',
  'Juniper',
  'Meridian',
  'Nimbus',
  'Orchard',
  'Pinnacle',
  'Quarry',
  'Riverstone',
  'Sable',
  'Trailhead',
  'Upland',
  'Vantage',
  'Willow',
  'Beacon',
  'Cascade',
  'Driftwood',
  'Ember',
  'Fathom',
  'Glacier',
  'Horizon',
  'Keystone',
  'Lighthouse',
  'Mosaic',
  'Northstar',
  'Oakridge',
  'Prairie',
  'Quill',
  'Rally',
  'Signal',
  'Tandem',
  'Vector',
  'Waypoint',
  'Atlas',
  'Bramble',
  'Copperleaf',
];
