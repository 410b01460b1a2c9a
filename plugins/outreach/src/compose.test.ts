import type { Fact } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { composeSequence, type DraftEmail, type WriteContext } from './compose.ts';
import { lintSequence } from './lint.ts';
import { OfferSchema, type OfferInput } from './offer.ts';
import { planSequence } from './plan.ts';
import type { Move } from './schemas.ts';
import { fact, offer, prospect } from './test-fixtures.ts';

const plan = planSequence({ 'roi-focused': 0.345, 'pain-point': 0.282, 'value-prop': 0.198 }, { step1: 3, step2: 5, step3: 7 });

function contextFor(facts: Fact[], overrides: { offer?: Partial<OfferInput>; email?: string; signature?: string } = {}): WriteContext {
  return {
    plan,
    facts,
    prospect: { ...prospect, email: overrides.email ?? prospect.email },
    research: { painPoints: [], industry: null },
    offer: OfferSchema.parse({ ...offer, ...overrides.offer }),
    ...(overrides.signature ? { signature: overrides.signature } : {}),
  };
}

const write = (facts: Fact[], overrides?: Parameters<typeof contextFor>[1]) => {
  const context = contextFor(facts, overrides);
  const emails = composeSequence(context);
  expect(lintSequence(emails, context)).toEqual([]);
  return emails;
};
const sentence = (email: DraftEmail | undefined, move: Move) => email?.sentences.find((candidate) => candidate.move === move);
const opener = (facts: Fact[]) => sentence(write(facts)[0], 'opener');

describe('the move writer: openers state a fact the way a person would, citing it', () => {
  it.each<[string, Fact, RegExp]>([
    [
      'funding round',
      fact('funding-1', 'funding', 'Raised Series A'),
      /^(?:Congrats on closing your Series A|Saw the news about your Series A, congrats)\.$/,
    ],
    [
      'funding amount, round and lead',
      fact('funding-1', 'funding', 'Raised $12M Series A, led by Index Ventures (2025)'),
      /^(?:Congrats on the \$12M Series A|Congrats on closing your \$12M Series A, with Index Ventures leading|Saw the news about your \$12M Series A, congrats)\.$/,
    ],
    [
      'investors',
      fact('funding-2', 'funding', 'Backed by Sequoia'),
      /^(?:Saw that Northwind Analytics is backed by Sequoia\.|Having Sequoia in your corner says a lot about where Northwind Analytics is headed\.)$/,
    ],
    [
      'open roles',
      fact('hiring-1', 'hiring', '5 open roles'),
      /^(?:Saw 5 open roles on your careers page|Looks like Northwind Analytics is hiring, with 5 open roles right now|5 open roles is a lot of hiring at once)\.$/,
    ],
    [
      'listed roles',
      fact('hiring-openings', 'hiring', '3 open roles listed (Account Executive; SDR; Analyst)'),
      /(?:Account Executive among them|3 open roles)/,
    ],
    [
      'hiring, no count',
      fact('hiring-2', 'hiring', 'Actively hiring'),
      /^(?:Saw that Northwind Analytics is hiring|Looks like Northwind Analytics is hiring right now)\.$/,
    ],
    ['headcount', fact('employees-1', 'employees', '250+ employees'), /over 250 people/],
    ['headcount range', fact('employees-1', 'employees', '50–200 employees'), /between 50 and 200 people/],
    [
      'technology',
      fact('tech-stripe', 'tech', 'Uses Stripe (Payment processors)'),
      /^(?:Noticed Northwind Analytics runs on Stripe|Saw Stripe in Northwind Analytics' stack|Saw that your team uses Stripe)\.$/,
    ],
    ['named customer', fact('customer-1', 'customer', 'Customer: Fabrikam Logistics'), /Fabrikam Logistics/],
    ['customer base', fact('customer-2', 'customer', 'Customer base: 1,200+ finance teams'), /1,200\+ finance teams/],
    [
      'homepage headline',
      fact('product-headline', 'product', 'Headline: Forecast and coach every deal'),
      /"Forecast and coach every deal"/,
    ],
  ])('%s', (_, researched, expected) => {
    const line = opener([researched]);
    expect(line?.text).toMatch(expected);
    expect(line?.text).not.toMatch(/\(|\b(?:Uses|Customer|Headline|Raised)\b|employees/);
    expect(line?.factIds).toEqual([researched.id]);
  });

  it('never opens on infrastructure research marked so (a web server is nothing to write to a buyer about)', () => {
    const nginx = fact('tech-nginx', 'tech', 'Uses Nginx (Web servers; infrastructure)');
    const [alone] = write([nginx]);
    expect(alone!.sentences.map((line) => line.text).join(' ')).not.toContain('Nginx');
    expect(alone!.sentences.flatMap((line) => line.factIds)).not.toContain('tech-nginx');
    expect(opener([nginx, fact('hiring-2', 'hiring', 'Actively hiring')])?.factIds).toEqual(['hiring-2']);
  });

  it('bridges to the value prop whose pain fits the fact, and cites the fact there too', () => {
    const [hiring] = write([fact('hiring-1', 'hiring', '5 open roles')]);
    expect(sentence(hiring, 'bridge')).toEqual({
      text: expect.stringContaining('slow ramp for new reps'),
      factIds: ['hiring-1'],
      move: 'bridge',
    });
    const [tech] = write([fact('tech-hubspot', 'tech', 'Uses HubSpot (CRM)')]);
    expect(sentence(tech, 'bridge')?.text).toContain('manual prospect research');
    expect(sentence(tech, 'offer')?.text).toContain('your reps only talk to accounts that fit');
  });

  it('skips facts it cannot say naturally, and writes without a fact when none is left', () => {
    const emails = write([
      fact('product-pricing', 'product', 'Pricing: Pro plan: $399 / month'),
      fact('location-1', 'location', 'Address: 1 Main St'),
    ]);
    expect(emails.flatMap((email) => email.sentences.flatMap((line) => line.factIds))).toEqual([]);
    expect(sentence(emails[0], 'opener')?.text).toMatch(/slow ramp for new reps|Northwind Analytics/);
    expect(emails.map((email) => email.sentences.map((line) => line.move))).toEqual([
      ['greeting', 'opener', 'offer', 'proof', 'ask', 'sign-off'],
      ['greeting', 'follow-up', 'opener', 'offer', 'proof', 'ask', 'sign-off'],
      ['greeting', 'follow-up', 'opener', 'offer', 'ask', 'sign-off'],
    ]);
  });

  it('writes different emails for prospects with different facts', () => {
    const [funded] = write([fact('funding-1', 'funding', 'Raised $12M Series A (2026)')]);
    const [hiring] = write([fact('hiring-1', 'hiring', '8 open roles')]);
    const [tech] = write([fact('tech-hubspot', 'tech', 'Uses HubSpot (CRM)')]);
    for (const move of ['opener', 'bridge'] as const) expect(sentence(funded, move)?.text).not.toBe(sentence(hiring, move)?.text);
    expect(funded?.subject).not.toBe(hiring?.subject);
    // A different pain behind the fact means a different value prop, offer line and ask.
    expect(sentence(tech, 'offer')?.text).not.toBe(sentence(funded, 'offer')?.text);
  });
});

describe('follow-ups', () => {
  const emails = write([
    fact('funding-1', 'funding', 'Raised $12M Series A (2026)'),
    fact('tech-hubspot', 'tech', 'Uses HubSpot (CRM)'),
    fact('customer-1', 'customer', 'Customer: Fabrikam Logistics'),
  ]);

  it('point back to the first email and bring a new fact and value prop', () => {
    expect(sentence(emails[1], 'follow-up')).toEqual({
      text: expect.stringContaining('your Series A'),
      factIds: ['funding-1'],
      move: 'follow-up',
    });
    expect(sentence(emails[2], 'follow-up')?.text).toContain('your Series A');
    const cited = emails.map((email) => sentence(email, 'opener')?.factIds[0]);
    expect(new Set(cited).size).toBe(3);
    const offers = emails.map((email) => sentence(email, 'offer')?.text);
    expect(new Set(offers).size).toBe(3);
    expect(emails[1]?.subject).toBe(`Re: ${emails[0]?.subject}`);
  });

  it('never repeat a sentence of the first email (greeting and signature aside)', () => {
    const body = (email: DraftEmail | undefined) =>
      (email?.sentences ?? []).filter((line) => line.move !== 'greeting' && line.move !== 'sign-off').map((line) => line.text);
    for (const later of [emails[1], emails[2]]) for (const text of body(later)) expect(body(emails[0])).not.toContain(text);
  });

  it('use each proof point once', () => {
    const sparse = write([]);
    const proofs = sparse.map((email) => sentence(email, 'proof')?.text ?? '');
    expect(proofs.filter((text) => text.includes('Kestrel'))).toHaveLength(1);
    expect(proofs.filter((text) => text.includes('Quotewell'))).toHaveLength(1);
  });
});

describe('the signature', () => {
  it('signs with the name, title and company, each once', () => {
    expect(sentence(write([])[0], 'sign-off')?.text).toMatch(/^(?:Best|Thanks|Cheers),\nSam Lee, Head of Growth\nMeetflow$/);
  });

  it('never names a workspace named like its sender twice', () => {
    const [email] = write([], { offer: { senderName: 'Default workspace', companyName: 'Default workspace', senderTitle: undefined } });
    expect(sentence(email, 'sign-off')?.text).toMatch(/^(?:Best|Thanks|Cheers),\nDefault workspace$/);
  });

  it("uses the mailbox's signature when given", () => {
    const [email] = write([], { signature: 'Sam Lee\nAccount Director, Meetflow EMEA' });
    expect(sentence(email, 'sign-off')?.text).toMatch(/\nSam Lee\nAccount Director, Meetflow EMEA$/);
  });

  it('follows the tone', () => {
    const [email] = write([], { offer: { tone: 'formal' } });
    expect(sentence(email, 'greeting')?.text).toMatch(/^(?:Dear|Hello) Dana,$/);
    expect(sentence(email, 'sign-off')?.text).toMatch(/^(?:Kind|Best) regards,/);
  });
});
