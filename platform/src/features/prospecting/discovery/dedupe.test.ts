import type { DiscoveredPerson } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { alignCompanies, companyKey, dedupePeople, normalCompanyName, normalDomain, type SourcedPerson } from './dedupe.ts';

const person = (overrides: Partial<DiscoveredPerson>): DiscoveredPerson => ({
  firstName: 'Dana',
  lastName: 'Reyes',
  jobTitle: 'VP Sales',
  company: 'Acme Inc.',
  companyDomain: null,
  email: null,
  linkedinUrl: null,
  industry: null,
  employeeCount: null,
  companyRevenue: null,
  techStack: [],
  recentFunding: null,
  location: null,
  sourceRef: null,
  ...overrides,
});
const from = (source: string, overrides: Partial<DiscoveredPerson>, sample = false): SourcedPerson => ({
  person: person(overrides),
  source,
  sample,
});

describe('normalising companies', () => {
  it('drops case, punctuation and legal suffixes from names, and scheme, www and path from domains', () => {
    expect(normalCompanyName('Acme, Inc.')).toBe('acme');
    expect(normalCompanyName('ACME Corporation')).toBe('acme');
    expect(normalCompanyName('Blue Fin Co')).toBe('blue fin');
    expect(normalDomain('https://www.Acme.io/about')).toBe('acme.io');
    expect(companyKey({ company: 'Acme', companyDomain: 'WWW.acme.io' })).toBe('domain:acme.io');
    expect(companyKey({ company: 'Acme LLC', companyDomain: null })).toBe('name:acme');
  });
});

describe('dedupePeople', () => {
  it('merges the same email in any case, keeps the richest record, fills its gaps and lists every source in order', () => {
    const merged = dedupePeople([
      from('linkedin', { email: 'Dana@Acme.io', jobTitle: 'VP Sales', linkedinUrl: 'https://linkedin.com/in/dana' }),
      from('apollo', {
        email: 'dana@acme.io',
        jobTitle: 'Vice President, Sales',
        industry: 'SaaS',
        employeeCount: 120,
        techStack: ['Salesforce'],
      }),
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.sources).toEqual(['linkedin', 'apollo']);
    expect(merged[0]?.person.jobTitle).toBe('Vice President, Sales'); // the apollo record knows more
    expect(merged[0]?.person.linkedinUrl).toBe('https://linkedin.com/in/dana'); // gap filled from linkedin
    expect(merged[0]?.person.employeeCount).toBe(120);
  });

  it('merges the same name at the same company by name or domain, and joins chains of matches', () => {
    const merged = dedupePeople([
      from('linkedin', { company: 'Acme Inc.' }),
      from('crunchbase', { company: 'ACME', companyDomain: 'acme.io' }),
      from('zoominfo', { company: 'Acme Software', companyDomain: 'https://acme.io', email: 'dana@acme.io' }),
      from('apollo', { company: 'Other Co', email: 'DANA@acme.io' }),
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.sources).toEqual(['linkedin', 'crunchbase', 'zoominfo', 'apollo']);
  });

  it('keeps different people apart: same name at another company, another name at the same company', () => {
    const merged = dedupePeople([
      from('linkedin', { company: 'Acme' }),
      from('linkedin', { company: 'Globex' }),
      from('apollo', { firstName: 'Sam', company: 'Acme' }),
    ]);
    expect(merged.map((entry) => `${entry.person.firstName}@${entry.person.company}`)).toEqual(['Dana@Acme', 'Dana@Globex', 'Sam@Acme']);
  });

  it('is sample only when every record is sample', () => {
    const merged = dedupePeople([
      from('linkedin', { email: 'a@x.io' }, true),
      from('apollo', { email: 'a@x.io' }),
      from('linkedin', { firstName: 'Bo', email: 'b@x.io' }, true),
    ]);
    expect(merged.map((entry) => entry.sample)).toEqual([false, true]);
  });
});

describe('alignCompanies', () => {
  it('gives everyone at one company the richest company facts', () => {
    const people = dedupePeople([
      from('linkedin', { email: 'a@acme.io', companyDomain: 'acme.io', industry: 'SaaS', companyRevenue: '$10M-$50M' }),
      from('apollo', {
        firstName: 'Sam',
        email: 'sam@acme.io',
        companyDomain: 'acme.io',
        employeeCount: 140,
        techStack: ['HubSpot', 'Gong'],
        recentFunding: true,
      }),
      from('apollo', { firstName: 'Lee', company: 'Globex', email: 'lee@globex.com', companyRevenue: '$1M-$5M' }),
    ]);
    const aligned = alignCompanies(people);
    const [dana, sam, lee] = aligned.map((entry) => entry.person);
    expect(dana?.employeeCount).toBe(140);
    expect(dana?.techStack).toEqual(['HubSpot', 'Gong']);
    expect(sam?.companyRevenue).toBe('$10M-$50M');
    expect(sam?.industry).toBe('SaaS');
    expect(dana?.recentFunding).toBe(true);
    expect(lee?.companyRevenue).toBe('$1M-$5M');
    expect(lee?.employeeCount).toBeNull();
    expect(dana?.email).toBe('a@acme.io'); // personal fields stay each person's own
  });
});
