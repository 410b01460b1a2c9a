// A 30-prospect campaign with varied research: the copy must not read like one template.
import type { Fact } from '@meetflow/plugin-sdk';
import { runActivity } from '@meetflow/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import { outreachPlugin } from './index.ts';
import { lintSequence } from './lint.ts';
import { OfferSchema } from './offer.ts';
import { fact, offer } from './test-fixtures.ts';

const COMPANIES = [
  'Acorn Labs',
  'Brightline',
  'Cobalt Freight',
  'Dunmore Health',
  'Elmstead',
  'Fernway',
  'Granite Pay',
  'Harbor AI',
  'Ironleaf',
  'Juniper Cloud',
];
const PEOPLE = ['Ava', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Kira', 'Liam', 'Maya', 'Nico', 'Olga'];
const TECH = ['Salesforce', 'HubSpot', 'Stripe', 'Segment', 'Intercom', 'Zendesk', 'Shopify', 'Snowflake'];
const CUSTOMERS = ['Fabrikam', 'Contoso', 'Tailspin Toys', 'Wide World Importers', 'Adventure Works', 'Litware'];
const ROUNDS = ['Seed', 'Series A', 'Series B', 'Series C'];

/** The i-th prospect's research: three to five facts of kinds that rotate with i. */
function factsFor(index: number): Fact[] {
  const pick = <T>(list: readonly T[], salt: number) => list[(index * 7 + salt) % list.length]!;
  const all = [
    fact(`funding-${index}`, 'funding', `Raised $${5 + index}M ${pick(ROUNDS, 1)} (${2024 + (index % 3)})`),
    fact(`hiring-${index}`, 'hiring', index % 2 ? `${3 + index} open roles` : 'Actively hiring'),
    fact(`employees-${index}`, 'employees', `${40 + index * 10}+ employees`),
    fact(`tech-${index}`, 'tech', `Uses ${pick(TECH, 2)} (CRM)`),
    fact(`customer-${index}`, 'customer', `Customer: ${pick(CUSTOMERS, 3)}`),
    fact(
      `product-${index}`,
      'product',
      `Headline: ${pick(['Ship invoices in minutes', 'Every shipment, tracked', 'Payroll without the paperwork', 'Care teams that keep up'], 4)}`,
    ),
    fact(`pain-${index}`, 'pain-point', pick(['manual data entry', 'late payments', 'missed renewals', 'lost shipments'], 5)),
  ];
  const count = 3 + (index % 3);
  return Array.from({ length: count }, (_, offset) => all[(index + offset * 2) % all.length]!);
}

const prospects = Array.from({ length: 30 }, (_, index) => {
  const company = `${COMPANIES[index % COMPANIES.length]}${index >= 10 ? ` ${['Group', 'Systems'][Math.floor(index / 10) - 1]}` : ''}`;
  const firstName = PEOPLE[index % PEOPLE.length]!;
  return {
    prospect: {
      firstName,
      lastName: 'Doe',
      jobTitle: 'VP Sales',
      company,
      email: `${firstName.toLowerCase()}.${index}@${company.replace(/\W/g, '').toLowerCase()}.example`,
    },
    research: { painPoints: [], techStack: [], facts: factsFor(index) },
  };
});

describe('a 30-prospect campaign', async () => {
  const outputs = await Promise.all(prospects.map((input) => runActivity(outreachPlugin, 'writeSequence', { ...input, offer })));
  const emails = outputs.flatMap((output) => output.sequence);

  it('passes the copy lint in every email', () => {
    expect(emails).toHaveLength(90);
    for (const [index, output] of outputs.entries()) {
      const { prospect, research } = prospects[index]!;
      expect(lintSequence(output.sequence, { facts: research.facts, offer: OfferSchema.parse(offer), prospect })).toEqual([]);
    }
  });

  it('repeats no sentence but the offer line (and the signature) in more than 20% of the emails', () => {
    const emailsWith = new Map<string, number>();
    for (const email of emails) {
      const texts = new Set(email.sentences.filter((line) => line.move !== 'offer' && line.move !== 'sign-off').map((line) => line.text));
      for (const text of texts) emailsWith.set(text, (emailsWith.get(text) ?? 0) + 1);
    }
    const common = [...emailsWith].filter(([, count]) => count > 0.2 * emails.length);
    expect(common).toEqual([]);
  });

  it('varies the subjects and the first lines', () => {
    expect(new Set(outputs.map((output) => output.sequence[0]?.subject)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(outputs.map((output) => output.sequence[0]?.sentences[1]?.text)).size).toBe(30);
  });
});
