import type { IcpCriteria } from '@meetflow/plugin-sdk';
import { DiscoveredPersonSchema } from '@meetflow/plugin-sdk';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleModelsOn, type SampleModels, type SamplePerson } from './model.ts';
import { openTestConnection } from '@meetflow/plugin-sdk/testing';
import { ensureSampleDatabase } from './ensure.ts';
import { searchSamplePeople } from './search.ts';

let connection: mongoose.Connection;
let db: SampleModels;
let everyone: SamplePerson[];

const criteria = (given: Partial<IcpCriteria>): IcpCriteria => ({
  industry: [],
  companySize: '',
  jobTitles: [],
  techStack: [],
  painPoints: [],
  revenue: '',
  ...given,
});
const byId = (people: SamplePerson[]) => people.map((person) => person.personId).sort();
const refs = (result: { people: Array<{ sourceRef: string | null }> }) => result.people.map((person) => person.sourceRef!);

beforeAll(async () => {
  connection = await openTestConnection('sample-db-search');
  db = sampleModelsOn(connection);
  await ensureSampleDatabase(db, { companies: 1_200, seed: 11 });
  everyone = await db.people.find({}).lean<SamplePerson[]>();
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

describe('searchSamplePeople: each filter alone finds exactly the people it should', () => {
  it('industry, by label or synonym, case-insensitively', async () => {
    const want = byId(everyone.filter((person) => person.industry === 'Financial services & fintech'));
    for (const industry of ['Financial services & fintech', 'FINTECH', 'payments']) {
      const result = await searchSamplePeople(db, criteria({ industry: [industry] }), { limit: 1_000, minResults: 1 });
      expect(refs(result).sort()).toEqual(want);
      expect(result.relaxed).toEqual([]);
    }
  });

  it('company size, as the UI and ICPs write it', async () => {
    const cases: Array<[string, (count: number) => boolean]> = [
      ['50-200', (n) => n >= 50 && n <= 200],
      ['200+', (n) => n >= 200],
      ['10-50 employees', (n) => n >= 10 && n <= 50],
    ];
    for (const [companySize, fits] of cases) {
      const want = byId(everyone.filter((person) => fits(person.employeeCount))).slice(0, 400);
      const result = await searchSamplePeople(db, criteria({ companySize }), { limit: 400, minResults: 1 });
      expect(refs(result)).toEqual(want);
    }
  });

  it('job titles, by their words and aliases; several titles are any-of', async () => {
    const result = await searchSamplePeople(db, criteria({ jobTitles: ['Head of RevOps', 'CRO'] }), { limit: 1_000, minResults: 1 });
    const want = byId(
      everyone.filter(
        (person) =>
          (person.titleTokens.includes('revops') && person.titleTokens.includes('head')) || person.jobTitle === 'Chief Revenue Officer',
      ),
    );
    expect(want.length).toBeGreaterThan(5);
    expect(refs(result).sort()).toEqual(want);
    const titles = new Set(result.people.map((person) => person.jobTitle));
    expect([...titles].sort()).toEqual(['Chief Revenue Officer', 'Head of Revenue Operations']);
  });

  it('"Sales leaders" finds senior sales people only', async () => {
    const result = await searchSamplePeople(db, criteria({ jobTitles: ['Sales leaders'] }), { limit: 1_000, minResults: 1 });
    const want = byId(
      everyone.filter((person) => person.titleTokens.includes('sales') && ['c-level', 'vp', 'director'].includes(person.seniority)),
    );
    expect(refs(result).sort()).toEqual(want);
  });

  it('tech stack: any of the tools, case-insensitively', async () => {
    const result = await searchSamplePeople(db, criteria({ techStack: ['shopify', 'Snowflake'] }), { limit: 2_000, minResults: 1 });
    expect(refs(result).sort()).toEqual(
      byId(everyone.filter((person) => person.techStack.includes('Shopify') || person.techStack.includes('Snowflake'))),
    );
  });

  it('revenue band', async () => {
    const result = await searchSamplePeople(db, criteria({ revenue: '$10M-$50M' }), { limit: 2_000, minResults: 1 });
    expect(refs(result).sort()).toEqual(byId(everyone.filter((person) => person.revenueUsd >= 1e7 && person.revenueUsd <= 5e7)));
    for (const person of result.people) expect(['$1M-$10M', '$10M-$50M', '$50M-$100M']).toContain(person.companyRevenue);
  });
});

describe('searchSamplePeople: combined criteria, relaxation and shape', () => {
  const combined = criteria({
    industry: ['Software & SaaS'],
    companySize: '20-500',
    jobTitles: ['VP of Sales', 'Sales Manager'],
    techStack: ['HubSpot'],
  });
  const fitsAll = (person: SamplePerson) =>
    person.industry === 'Software & SaaS' &&
    person.employeeCount >= 20 &&
    person.employeeCount <= 500 &&
    (['vp', 'sales'].every((word) => person.titleTokens.includes(word)) ||
      ['sales', 'manager'].every((word) => person.titleTokens.includes(word))) &&
    person.techStack.includes('HubSpot');

  it('puts every person matching all criteria first, then tops up by relaxing the least important ones', async () => {
    const strict = byId(everyone.filter(fitsAll));
    expect(strict.length).toBeGreaterThan(0);
    expect(strict.length).toBeLessThan(50);
    const result = await searchSamplePeople(db, combined, { limit: 50 });
    expect(result.strictMatches).toBe(strict.length);
    expect(result.relaxed).toEqual(['techStack', 'companySize']);
    // Tiers computed independently: all criteria, then without the tech stack, then without the size too.
    const withoutTech = byId(everyone.filter((person) => fitsAll({ ...person, techStack: ['HubSpot'] })));
    const withoutSize = byId(everyone.filter((person) => fitsAll({ ...person, techStack: ['HubSpot'], employeeCount: 100 })));
    const tiers = [...new Set([...strict, ...withoutTech, ...withoutSize])];
    expect(withoutTech.length).toBeLessThan(50);
    expect(refs(result)).toEqual(tiers.slice(0, 50));
  });

  it('relaxes in the documented order and says so when nothing matches', async () => {
    const impossible = criteria({
      industry: ['Legal'],
      companySize: '5000+',
      jobTitles: ['Plant Manager'],
      techStack: ['Shopify'],
      revenue: '$1B+',
    });
    const result = await searchSamplePeople(db, impossible, { limit: 10 });
    expect(result.strictMatches).toBe(0);
    expect(result.relaxed).toEqual(['revenue', 'techStack', 'companySize', 'industry']);
    expect(result.people).toHaveLength(10);
    for (const person of result.people) expect(person.jobTitle).toBe('Plant Manager');
  });

  it('never relaxes when enough people match', async () => {
    const result = await searchSamplePeople(db, criteria({ industry: ['Software & SaaS'] }), { limit: 20 });
    expect(result.relaxed).toEqual([]);
    expect(result.strictMatches).toBe(20);
  });

  it('answers the same list for the same criteria, labelled sample, in the DiscoveredPerson shape', async () => {
    const first = await searchSamplePeople(db, combined, { limit: 30 });
    const second = await searchSamplePeople(db, combined, { limit: 30 });
    expect(second).toEqual(first);
    expect(first.sample).toBe(true);
    for (const person of first.people) {
      expect(DiscoveredPersonSchema.parse(person)).toEqual(person);
      expect(person.email).toMatch(/\.example$/);
      expect(person.location).toMatch(/^[^,]+, .+$/);
    }
  });

  it('returns everyone (by id) for empty criteria, up to the limit', async () => {
    const result = await searchSamplePeople(db, criteria({}), { limit: 25 });
    expect(refs(result)).toEqual(byId(everyone).slice(0, 25));
    expect(result.relaxed).toEqual([]);
  });
});

describe('searchSamplePeople: queries the embedded database answers from unique indexes', () => {
  it('reads the marker and posting lists by _id and only the people it returns by personId', async () => {
    const queries: Array<{ collection: string; filter: Record<string, unknown> }> = [];
    connection.set('debug', (collection: string, _method: string, filter: Record<string, unknown>) => {
      queries.push({ collection, filter });
    });
    let result;
    try {
      result = await searchSamplePeople(
        db,
        criteria({ industry: ['Legal'], companySize: '5000+', jobTitles: ['Plant Manager'], techStack: ['Shopify'] }),
        { limit: 10 },
      );
    } finally {
      connection.set('debug', false);
    }
    expect(result.relaxed).toEqual(['techStack', 'companySize', 'industry']);
    expect(queries.map(({ collection }) => collection)).toEqual(['sample_meta', 'sample_postings', 'sample_people']);
    expect(queries[0]!.filter).toEqual({ _id: 'sample-db' });
    expect(Object.keys(queries[1]!.filter)).toEqual(['_id']);
    expect(queries[1]!.filter._id).toEqual({
      $in: expect.arrayContaining(['industry:legal#0', 'title:plant#1', 'tech:shopify#0', 'employees:10001+#1']),
    });
    expect(queries[2]!.filter).toEqual({ personId: { $in: refs(result) } });
  });
});
