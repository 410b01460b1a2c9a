// Technologies of sample companies: real SaaS tools, spelled as the research agent's Wappalyzer
// fingerprints name them, so "uses HubSpot" means the same in an ICP, a score and a sample row.

/** One kind of tool: how often a company has one, and which (weighted). */
export interface TechCategory {
  category: string;
  /** Chance a company of 50 people uses a tool of this kind; larger companies more, smaller less. */
  adoption: number;
  tools: ReadonlyArray<{ name: string; weight: number }>;
}

/** Tool categories with market-share-like weights. */
export const TECH_CATEGORIES: readonly TechCategory[] = [
  {
    category: 'crm',
    adoption: 0.8,
    tools: [
      { name: 'Salesforce', weight: 5 },
      { name: 'HubSpot', weight: 5 },
      { name: 'Pipedrive', weight: 1.5 },
    ],
  },
  {
    category: 'marketing automation',
    adoption: 0.45,
    tools: [
      { name: 'HubSpot', weight: 4 },
      { name: 'Marketo', weight: 2 },
      { name: 'MailChimp', weight: 2 },
      { name: 'Klaviyo', weight: 1 },
    ],
  },
  {
    category: 'support',
    adoption: 0.45,
    tools: [
      { name: 'Zendesk', weight: 4 },
      { name: 'Intercom', weight: 3 },
      { name: 'Help Scout', weight: 1 },
      { name: 'Gorgias', weight: 0.5 },
    ],
  },
  {
    category: 'web analytics',
    adoption: 0.85,
    tools: [
      { name: 'Google Analytics', weight: 8 },
      { name: 'Hotjar', weight: 2 },
      { name: 'Heap', weight: 1 },
    ],
  },
  {
    category: 'product analytics',
    adoption: 0.2,
    tools: [
      { name: 'Segment', weight: 3 },
      { name: 'Mixpanel', weight: 2 },
      { name: 'Amplitude', weight: 2 },
    ],
  },
  {
    category: 'data',
    adoption: 0.2,
    tools: [
      { name: 'Snowflake', weight: 3 },
      { name: 'Looker', weight: 2 },
      { name: 'Tableau', weight: 3 },
    ],
  },
  {
    category: 'payments',
    adoption: 0.3,
    tools: [
      { name: 'Stripe', weight: 6 },
      { name: 'PayPal', weight: 2 },
      { name: 'Braintree', weight: 1 },
      { name: 'Chargebee', weight: 1 },
    ],
  },
  {
    category: 'website',
    adoption: 0.7,
    tools: [
      { name: 'WordPress', weight: 6 },
      { name: 'Webflow', weight: 2 },
      { name: 'Next.js', weight: 2 },
      { name: 'Squarespace', weight: 1 },
    ],
  },
  { category: 'tag management', adoption: 0.6, tools: [{ name: 'Google Tag Manager', weight: 1 }] },
  {
    category: 'scheduling',
    adoption: 0.3,
    tools: [
      { name: 'Calendly', weight: 3 },
      { name: 'Chili Piper', weight: 1 },
    ],
  },
  {
    category: 'sales engagement',
    adoption: 0.15,
    tools: [
      { name: 'Salesloft', weight: 2 },
      { name: 'Gong', weight: 2 },
      { name: '6sense', weight: 1 },
    ],
  },
  {
    category: 'identity',
    adoption: 0.15,
    tools: [
      { name: 'Okta', weight: 3 },
      { name: 'Auth0', weight: 1 },
    ],
  },
  {
    category: 'hiring',
    adoption: 0.2,
    tools: [
      { name: 'Greenhouse', weight: 3 },
      { name: 'Lever', weight: 2 },
      { name: 'Workday', weight: 1 },
    ],
  },
  {
    category: 'monitoring',
    adoption: 0.15,
    tools: [
      { name: 'Datadog', weight: 3 },
      { name: 'Sentry', weight: 3 },
      { name: 'New Relic', weight: 1 },
    ],
  },
  {
    category: 'cdn',
    adoption: 0.5,
    tools: [
      { name: 'Cloudflare', weight: 3 },
      { name: 'Amazon Web Services', weight: 2 },
    ],
  },
];

/** How strongly an industry's own tools are favoured over the market (weight multiplier, adoption boost). */
export const INDUSTRY_TECH_BOOST = { weight: 4, adoption: 0.25 } as const;
