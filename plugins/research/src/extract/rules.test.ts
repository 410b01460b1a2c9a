import { describe, expect, it } from 'vitest';
import { pageFrom } from '../test-page.ts';
import { extractContacts, extractFounded, extractLocation, extractSocial } from './company-details.ts';
import { extractCustomers, nameFromLogoAlt } from './customers.ts';
import { extractDescription, leadSentences } from './description.ts';
import { extractFunding, normalizeAmount } from './funding.ts';
import { extractHiring } from './hiring.ts';
import { extractIndustry } from './industry.ts';
import { extractPainPoints } from './pain-points.ts';
import { extractSize } from './size.ts';
import { extractValueClaims } from './value.ts';

const values = (drafts: Array<{ value: string }>) => drafts.map((draft) => draft.value);
const paragraphs = (...texts: string[]) => pageFrom(`<main>${texts.map((text) => `<p>${text}</p>`).join('')}</main>`);

describe('description', () => {
  it('prefers the meta description and keeps at most three sentences', () => {
    const page = pageFrom(
      '<head><meta name="description" content="Acme builds robots for warehouses. They pick. They pack. They ship."></head><p>Other text that is long enough to be a real paragraph about Acme.</p>',
    );
    const { companyInfo, drafts } = extractDescription(page, undefined);
    expect(companyInfo).toBe('Acme builds robots for warehouses. They pick. They pack.');
    expect(drafts[0]).toMatchObject({ kind: 'description', confidence: 0.9 });
  });

  it('falls back to the first substantive paragraph, and to nothing', () => {
    expect(
      extractDescription(paragraphs('Hi.', 'Acme makes inventory software for independent bookshops across Europe.'), undefined)
        .companyInfo,
    ).toBe('Acme makes inventory software for independent bookshops across Europe.');
    expect(extractDescription(paragraphs('Coming soon.'), undefined)).toEqual({ companyInfo: '', drafts: [] });
    expect(leadSentences('One. Two. Three. Four.')).toBe('One. Two. Three.');
  });
});

describe('industry', () => {
  it('names the family with several distinct words and shows them', () => {
    const { industry, drafts } = extractIndustry([
      paragraphs('We move freight for shippers.', 'Track every shipment and carrier.', 'Our warehouse network covers the US.'),
    ]);
    expect(industry).toBe('Logistics & supply chain');
    expect(drafts[0]?.value).toMatch(/matched: freight, shipment, carrier|matched: .*freight/);
  });

  it("names a trade from the words of its work, the public sector's among them", () => {
    expect(
      extractIndustry([
        paragraphs(
          'Planning officers at the council validate every application.',
          'Local authority teams publish decisions.',
          'A G-Cloud supplier.',
        ),
      ]).industry,
    ).toBe('Government & public sector');
    expect(
      extractIndustry([
        paragraphs('We send your staff fake phishing emails.', 'Passwords on sticky notes.', 'Ransomware starts with one click.'),
      ]).industry,
    ).toBe('Cybersecurity');
  });

  it('reads a keyword whatever its case, with -s or -es, across a hyphen, and only as a whole word', () => {
    const { industry, drafts } = extractIndustry([
      paragraphs('Our DISPATCHES go out hourly.', 'Every Supply-Chain partner and 3PL gets the same parcels view.'),
    ]);
    expect(industry).toBe('Logistics & supply chain');
    expect(drafts[0]?.value).toBe('Logistics & supply chain (matched: dispatch, supply chain, 3PL, parcel)');
    // "vans" is a word of its own; "vantage" and "truckload" hold a keyword only inside a longer word.
    expect(extractIndustry([paragraphs('From our vantage point, truckloads of advice.', 'Two vans.')]).industry).toBeNull();
  });

  it('names none when one word is all there is', () => {
    expect(extractIndustry([paragraphs('We love our students.', 'Great for everyone.')]).industry).toBeNull();
  });
});

describe('size', () => {
  it('reads headcount phrasings and revenue', () => {
    expect(values(extractSize([paragraphs('We are a team of 45 engineers.')]).drafts)).toEqual(['45 employees']);
    expect(values(extractSize([paragraphs('Over 1,200 employees in 9 countries.')]).drafts)).toEqual(['1,200+ employees']);
    expect(values(extractSize([paragraphs('A 30-person company.')]).drafts)).toEqual(['30 employees']);
    expect(extractSize([paragraphs('We passed $12M in annual recurring revenue.')]).revenue).toBe('$12M revenue');
  });

  it('reads headcounts in words, fact lines and counts of its own people', () => {
    const employees = (text: string) => extractSize([paragraphs(text)]).employees;
    expect(employees('Today we are a team of thirty-two.')).toBe('32 employees');
    expect(employees('Employees: 64')).toBe('64 employees');
    expect(employees('Company size 51-200 employees')).toBe('51–200 employees');
    expect(employees('Our 1,100 colleagues in nine countries handle referrals.')).toBe('1,100 employees');
    expect(employees('More than 200 people across four offices build and sell Dialstack.')).toBe('200+ employees');
    expect(employees('Perkbridge has grown to nearly 300 people since 2015.')).toBe('300 employees');
    expect(employees('A crew of 45, half of us former nurses.')).toBe('45 employees');
    expect(employees('A 40-strong team in Leeds.')).toBe('40 employees');
    expect(employees('Tallyline is 70 people in Dublin and Boston.')).toBe('70 employees');
  });

  it('reads the headcount however a company counts itself', () => {
    const employees = (text: string) => extractSize([paragraphs(text)]).employees;
    expect(employees('Pressline has a workforce of 230 across two plants.')).toBe('230 employees');
    expect(employees('Smilebook is 65 dentists, engineers and support specialists in Manchester.')).toBe('65 employees');
    expect(employees('We are twenty-six builders, engineers and designers.')).toBe('26 employees');
    expect(employees("We're a team of lawyers and engineers — 58 of us, in London and New York.")).toBe('58 employees');
    expect(employees('Just the eight of us, in Norwich.')).toBe('8 employees');
    expect(employees('From two founders in a hotel laundry in 2019 to 34 people today.')).toBe('34 employees');
    expect(employees('A 14-person agency, on purpose.')).toBe('14 employees');
    expect(employees('Offerloop has a headcount of about 70.')).toBe('70 employees');
    expect(employees("We've just welcomed our 100th employee.")).toBe('100 employees');
    expect(employees('Today around 35 people work at Claimwell.')).toBe('35 employees');
    // A fact table's cells, a stat card's number and word.
    expect(extractSize([pageFrom('<table><tr><td>Employees</td><td>180</td></tr></table>')]).employees).toBe('180 employees');
    expect(extractSize([pageFrom('<div class="stat"><strong>75</strong><span>people</span></div>')]).employees).toBe('75 employees');
  });

  it('does not take a department, a quote or whom something is for as the headcount', () => {
    const employees = (...texts: string[]) => extractSize([paragraphs(...texts)]).employees;
    expect(employees('Our technical manager leads a quality team of nine.', 'We have over 100 people.')).toBe('100+ employees');
    expect(employees('“We had two people doing nothing but reference calls.”')).toBeNull();
    expect(employees('Our founder spent inspection week printing certificates for 140 staff.')).toBeNull();
    expect(employees('The two of us started in a garage.')).toBeNull();
    // An agency's workers on its books are not its staff.
    expect(employees('Over 2,400 temporary workers on our books and 61 people in our branch team.')).toBe('61 employees');
  });

  it('ignores sizes that describe the customers', () => {
    expect(extractSize([paragraphs('Built for companies with 50–500 employees.')]).drafts).toEqual([]);
    expect(extractSize([paragraphs('Trusted by 2,000 teams and 40,000 people.')]).drafts).toEqual([]);
    expect(extractSize([paragraphs('We help 300 restaurants and their 12,000 staff.')]).drafts).toEqual([]);
    expect(extractSize([paragraphs('More than 20,000 people use Dialstack every day.')]).drafts).toEqual([]);
  });
});

describe('pain points', () => {
  it('turns problem sentences into short phrases in the site words', () => {
    const found = values(
      extractPainPoints([
        paragraphs(
          'Teams struggle with slow month-end close, missed deadlines and duplicate payments.',
          'Tired of copy-pasting between tools?',
        ),
      ]),
    );
    expect(found).toEqual(['slow month-end close', 'missed deadlines', 'duplicate payments', 'copy-pasting between tools']);
  });

  it("phrases a pain as the customer's problem, without the copy's wrapping, and keeps its sentence", () => {
    const drafts = extractPainPoints([
      paragraphs(
        'Stop losing time to manual reconciliation.',
        'Finance teams spend the first week of every month chasing receipts and reconciling card statements.',
        'Abandoned carts and one-time shoppers eat your ad budget.',
      ),
    ]);
    expect(drafts.map((draft) => [draft.value, draft.snippet])).toEqual([
      ['manual reconciliation', 'Stop losing time to manual reconciliation.'],
      ['chasing receipts', 'Finance teams spend the first week of every month chasing receipts and reconciling card statements.'],
      [
        'reconciling card statements',
        'Finance teams spend the first week of every month chasing receipts and reconciling card statements.',
      ],
      ['abandoned carts', 'Abandoned carts and one-time shoppers eat your ad budget.'],
      ['one-time shoppers', 'Abandoned carts and one-time shoppers eat your ad budget.'],
    ]);
  });

  it('finds none in neutral text and ignores careers pages', () => {
    expect(extractPainPoints([paragraphs('We build software for accountants.')])).toEqual([]);
    expect(extractPainPoints([paragraphs('Spend management for finance teams.', 'Teams struggle to stop.')])).toEqual([]);
    const careers = pageFrom('<p>Tired of slow companies? Join us.</p>', { kind: 'careers' });
    expect(extractPainPoints([careers])).toEqual([]);
  });
});

describe('funding and hiring', () => {
  it('reads rounds, amounts, lead investors and backers', () => {
    const { funding, drafts } = extractFunding(
      [paragraphs('In 2024 we raised a $12.5 million Series A led by Accel.', 'Backed by Accel and Seedcamp.')],
      2026,
    );
    expect(funding).toBe('Raised $12.5M Series A, led by Accel (2024)');
    expect(values(drafts)).toContain('Backed by Accel and Seedcamp');
    expect(normalizeAmount('€3 billion')).toBe('€3B');
  });

  it('does not date a round in the future', () => {
    expect(extractFunding([paragraphs('We raised $5M seed funding in 2031.')], 2026).funding).toBe('Raised $5M Seed');
  });

  it('counts postings on a careers page and reads hiring statements', () => {
    const careers = pageFrom(
      '<ul><li><a href="/jobs/designer">Designer</a></li><li><a href="https://boards.greenhouse.io/acme/jobs/1">SRE</a></li></ul>',
      { kind: 'careers', url: 'https://acme.example/careers' },
    );
    expect(extractHiring([careers])).toMatchObject({
      hiring: 'Hiring: 2 open roles',
      drafts: [{ value: '2 open roles listed (Designer; SRE)', snippet: 'Designer SRE' }],
    });
    expect(extractHiring([paragraphs("We're hiring engineers.")]).hiring).toBe('Hiring');
    expect(extractHiring([paragraphs('We hire carefully.')])).toEqual({ hiring: null, drafts: [] });
  });
});

describe('company details and customers', () => {
  it('reads location, founding year, contacts and social profiles', () => {
    const page = pageFrom(`<p>Founded in 2016 and based in Berlin, Germany.</p>
      <footer><address>Torstraße 1, 10119 Berlin</address><a href="mailto:hi@acme.example?subject=Hi">Mail</a><a href="tel:+49301234567">Call</a>
      <a href="https://www.linkedin.com/company/acme/">in</a><a href="https://twitter.com/intent/tweet?text=x">share</a></footer>`);
    expect(values(extractLocation([page]))).toEqual(['Headquartered in Berlin, Germany', 'Address: Torstraße 1, 10119 Berlin']);
    expect(values(extractFounded([page], 2026))).toEqual(['Founded in 2016']);
    expect(values(extractContacts([page]))).toEqual(['Email: hi@acme.example', 'Phone: +49301234567']);
    expect(values(extractSocial([page]))).toEqual(['LinkedIn: https://www.linkedin.com/company/acme/']);
  });

  it('reads customers from case studies, logo sections and counts', () => {
    const page = pageFrom(`<h2>How Globex cut churn by 20%</h2><p>Trusted by 300+ companies worldwide.</p>
      <div class="customer-logos"><img alt="Initech logo"></div><div class="partners"><img alt="Partner Co logo"></div>`);
    expect(values(extractCustomers([page]))).toEqual(['Customer: Globex', 'Customer: Initech', 'Customer base: 300+ companies']);
    expect(nameFromLogoAlt('Logo of Umbrella Corp')).toBe('Umbrella Corp');
  });

  it('reads quantified value claims', () => {
    expect(values(extractValueClaims([paragraphs('Customers reduce onboarding time by 40%, and we love that.')]))).toEqual([
      'Customers reduce onboarding time by 40%',
    ]);
  });
});
