// Research results and an offer for the tests, in the shapes the research extractors write.
import type { Fact } from '@meetflow/plugin-sdk';
import type { OfferInput } from './offer.ts';

/** A fact as research reports it, its evidence a sentence from the company's site. */
export const fact = (id: string, kind: string, value: string, confidence = 0.9, snippet = `Northwind: ${value}`): Fact => ({
  id,
  kind,
  value,
  confidence,
  evidence: { url: `https://northwind.example/${kind}`, snippet },
});

/** A research result with facts of most kinds, plus strings the emails must not quote uncited. */
export const richResearch = {
  companyName: 'Northwind Analytics',
  companyInfo: 'Northwind Analytics builds forecasting software for mid-size retailers across Europe.',
  industry: 'Retail analytics SaaS',
  painPoints: ['manual data entry', 'stale forecasts'],
  techStack: ['Salesforce', 'Snowflake'],
  facts: [
    fact('pain-1', 'pain-point', 'manual data entry', 0.65),
    fact('tech-salesforce', 'tech', 'Uses Salesforce (CRM)', 0.9),
    fact(
      'funding-1',
      'funding',
      'Raised $40M Series B, led by Accel (2026)',
      0.85,
      'Northwind raised a $40M Series B led by Accel in 2026.',
    ),
    fact('hiring-openings', 'hiring', '6 open roles listed (Account Executive; SDR; Solutions Engineer; …)', 0.85),
    fact('product-headline', 'product', 'Headline: Forecast demand before it happens', 0.6),
    fact('customer-1', 'customer', 'Customer: Kellerhaus Living', 0.7),
    fact('description', 'description', 'Northwind Analytics builds forecasting software for mid-size retailers across Europe', 0.9),
    fact('contact-1', 'contact', 'Email: sales@northwind.example', 0.99),
    fact('location-1', 'location', 'Headquartered in Berlin, Germany', 0.8),
    fact('tech-snowflake', 'tech', 'Uses Snowflake (Data warehouses)', 0.3),
  ],
};

/** A research result with one fact. */
export const sparseResearch = {
  companyName: 'Northwind Analytics',
  companyInfo: 'Northwind Analytics builds forecasting software.',
  industry: 'SaaS',
  painPoints: [],
  techStack: ['HubSpot'],
  facts: [fact('tech-hubspot', 'tech', 'Uses HubSpot (CRM)', 0.8)],
};

/** The prospect used across the tests. */
export const prospect = {
  firstName: 'Dana',
  lastName: 'Meyer',
  jobTitle: 'VP Sales',
  company: 'Northwind Analytics',
  email: 'dana.meyer@northwind.example',
};

/** What the sending team sells: two value props, two proof points. */
export const offer: OfferInput = {
  companyName: 'Meetflow',
  website: 'https://meetflow.example',
  oneLiner: 'books qualified sales meetings with your ideal customers',
  valueProps: [
    { pain: 'slow ramp for new reps', value: 'new hires have meetings on their calendar in their first week' },
    { pain: 'manual prospect research', value: 'your reps only talk to accounts that fit' },
    { pain: 'an unpredictable pipeline', value: 'you know next month’s meeting count before it starts' },
  ],
  proofPoints: [
    { text: 'Kestrel Precision booked 41 qualified meetings in its first month.', customer: 'Kestrel Precision', result: '41 meetings' },
    { text: 'Quotewell cut SDR ramp time from 6 months to 3.', customer: 'Quotewell' },
  ],
  personas: { titles: ['VP Sales', 'Head of Revenue Operations'] },
  tone: 'plain',
  callToAction: { meetingMinutes: 20 },
  senderName: 'Sam Lee',
  senderTitle: 'Head of Growth',
};
