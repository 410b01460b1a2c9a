// Research results for the tests: a rich one (many kinds of facts) and a sparse one.
import type { Fact } from '@meetflow/plugin-sdk';

const fact = (id: string, kind: string, value: string, confidence = 0.9, path = 'about'): Fact => ({
  id,
  kind,
  value,
  confidence,
  evidence: { url: `https://northwind.example/${path}`, snippet: `Northwind: ${value}` },
});

/** A research result with facts of most kinds, plus strings the emails must not quote uncited. */
export const richResearch = {
  companyName: 'Northwind Analytics',
  companyInfo: 'Northwind Analytics builds forecasting software for mid-size retailers across Europe.',
  industry: 'Retail analytics SaaS',
  painPoints: ['Reps spend hours qualifying inbound leads by hand', 'Pipeline visibility across regions'],
  techStack: ['Salesforce', 'Snowflake'],
  facts: [
    fact('pain-qualification', 'pain-point', 'Reps spend hours qualifying inbound leads by hand', 0.8, 'careers'),
    fact('tech-salesforce', 'tech', 'Uses Salesforce', 0.9, 'careers'),
    fact('funding-series-b', 'funding', 'Series B, $40M (2026)', 0.95, 'news'),
    fact('hiring-sdrs', 'hiring', 'Hiring 6 SDRs in Berlin', 0.85, 'careers'),
    fact('product-forecasting', 'product', 'Demand forecasting for mid-size retailers', 0.9),
    fact('customer-kellerhaus', 'customer', 'Kellerhaus Living', 0.7, 'customers'),
    fact('description', 'description', 'Forecasting that retail planners trust', 0.9),
    fact('contact-email', 'contact', 'sales@northwind.example', 0.99, 'contact'),
    fact('location-berlin', 'location', 'Berlin, Germany', 0.9),
    fact('low-confidence', 'tech', 'Uses Snowflake', 0.3, 'careers'),
  ],
};

/** A research result with one fact and a few uncited strings. */
export const sparseResearch = {
  companyName: 'Northwind Analytics',
  companyInfo: 'Northwind Analytics builds forecasting software.',
  industry: 'SaaS',
  painPoints: ['Manual reporting'],
  techStack: ['HubSpot'],
  facts: [fact('tech-hubspot', 'tech', 'Uses HubSpot', 0.8, 'careers')],
};

/** Two facts: a pain and a location, nothing else. */
export const twoFactResearch = {
  ...sparseResearch,
  facts: [
    fact('pain-reporting', 'pain-point', 'Manual reporting eats Friday afternoons', 0.7, 'blog'),
    fact('location-berlin', 'location', 'Based in Berlin', 0.9),
  ],
};

/** The prospect and sender used across the tests. */
export const prospect = {
  firstName: 'Dana',
  lastName: 'Meyer',
  jobTitle: 'VP Sales',
  company: 'Northwind Analytics',
  email: 'dana.meyer@northwind.example',
};
export const sender = {
  name: 'Sam Lee',
  company: 'Meetflow',
  valueProposition: 'qualified meetings with your ideal customers, paid per attended meeting.',
};
