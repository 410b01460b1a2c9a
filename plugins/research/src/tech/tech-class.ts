// Business tools vs infrastructure. A customer's CRM, payments or support desk says who they
// are and what they buy; their web server, language runtime, CDN or Open Graph tags say only
// how their site is built. Every Wappalyzer category is one or the other, so every fingerprint
// gets a class; only business tools belong in an ICP and in lead scoring's tech dimension.

/** What a technology is for: a business tool of some area, or the site's infrastructure. */
export type TechClass = { kind: 'business'; area: string } | { kind: 'infrastructure' };

// Wappalyzer category → the business area it serves. Categories not listed are infrastructure
// (web servers, languages, frameworks, CDNs, CMSs, fonts, "Miscellaneous" page metadata…).
const BUSINESS_AREAS: Record<string, string> = {
  CRM: 'CRM',
  'Marketing automation': 'marketing automation',
  Email: 'marketing automation',
  Advertising: 'marketing automation',
  Retargeting: 'marketing automation',
  Personalisation: 'marketing automation',
  'A/B Testing': 'marketing automation',
  Segmentation: 'marketing automation',
  'Affiliate programs': 'marketing automation',
  'Referral marketing': 'marketing automation',
  'Loyalty & rewards': 'marketing automation',
  Reviews: 'marketing automation',
  Surveys: 'marketing automation',
  'Form builders': 'marketing automation',
  Analytics: 'analytics',
  'Customer data platform': 'data',
  'Payment processors': 'payments',
  'Buy now pay later': 'payments',
  'Fundraising & donations': 'payments',
  Accounting: 'payments',
  'Live chat': 'support',
  Documentation: 'support',
  Ecommerce: 'e-commerce',
  'Shopify apps': 'e-commerce',
  'Cart abandonment': 'e-commerce',
  'Shipping carriers': 'e-commerce',
  Returns: 'e-commerce',
  Fulfilment: 'e-commerce',
  'Cross border ecommerce': 'e-commerce',
  'Ecommerce frontends': 'e-commerce',
  'Reservations & delivery': 'e-commerce',
  'Ticket booking': 'e-commerce',
  'Appointment scheduling': 'scheduling',
  'Recruitment & staffing': 'recruiting',
  'User onboarding': 'product adoption',
  'Feature management': 'product adoption',
  LMS: 'learning',
};

// Categories that make a technology infrastructure whatever else it is: real-user monitoring
// tools (Datadog RUM, Cloudflare Browser Insights) also count as "Analytics" in Wappalyzer.
const ALWAYS_INFRASTRUCTURE = new Set(['RUM']);

// Wappalyzer's own generic detections, a feature of the page rather than a vendor's tool: a site
// with a shopping cart has "Cart Functionality" whatever it sells with.
const PAGE_FEATURES = new Set(['Cart Functionality']);

/** The class of a technology from its Wappalyzer categories: business if any category serves a business area. */
export function classifyTechnology(categories: readonly string[], name = ''): TechClass {
  if (PAGE_FEATURES.has(name) || categories.some((category) => ALWAYS_INFRASTRUCTURE.has(category))) return { kind: 'infrastructure' };
  const area = categories.map((category) => BUSINESS_AREAS[category]).find(Boolean);
  return area ? { kind: 'business', area } : { kind: 'infrastructure' };
}

/** The class as a tech fact's value states it: "business tool: payments" or "infrastructure". */
export function describeClass(techClass: TechClass): string {
  return techClass.kind === 'business' ? `business tool: ${techClass.area}` : 'infrastructure';
}
