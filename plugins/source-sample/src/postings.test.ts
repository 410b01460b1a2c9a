import { describe, expect, it } from 'vitest';
import { employeeBandOf, employeeBandsOverlapping, revenueBandOf, revenueBandsOverlapping } from './bands.ts';
import { generateBatch } from './generate.ts';
import { EVERYONE_KEY, postingKey, postingsOfBatch } from './postings.ts';

const people = generateBatch(5, 200, 400, 3).flatMap((company) => company.people);
const postings = postingsOfBatch(2, people);
const byKey = new Map(postings.map((posting) => [posting.key, posting]));

describe('postingsOfBatch', () => {
  it('lists every person under each of their facts, and nobody else', () => {
    const listed = (key: string) => byKey.get(key)?.ids ?? [];
    for (const person of people) {
      expect(listed(EVERYONE_KEY)).toContain(person.personId);
      expect(listed(postingKey.industry(person.industryLower))).toContain(person.personId);
      for (const tech of person.techLower) expect(listed(postingKey.tech(tech))).toContain(person.personId);
      for (const token of person.titleTokens) expect(listed(postingKey.title(token))).toContain(person.personId);
      expect(listed(postingKey.seniority(person.seniority))).toContain(person.personId);
    }
    // Counted the other way: each key lists exactly the people having the fact.
    expect(listed(EVERYONE_KEY)).toHaveLength(people.length);
    expect(listed(postingKey.tech('hubspot'))).toHaveLength(people.filter((person) => person.techLower.includes('hubspot')).length);
    expect(listed(postingKey.title('vp'))).toHaveLength(people.filter((person) => person.titleTokens.includes('vp')).length);
  });

  it('names each document <key>#<batch>, ids ascending, each once', () => {
    for (const posting of postings) {
      expect(posting._id).toBe(`${posting.key}#2`);
      expect(posting.batch).toBe(2);
      expect(posting.ids).toEqual(posting.ids.toSorted());
      expect(new Set(posting.ids).size).toBe(posting.ids.length);
    }
    expect(new Set(postings.map((posting) => posting._id)).size).toBe(postings.length);
  });

  it('keeps the exact headcount and revenue beside the ids of band keys only', () => {
    const person = people[17]!;
    const employees = byKey.get(postingKey.employees(person.employeeBand))!;
    expect(employees.values![employees.ids.indexOf(person.personId)]).toBe(person.employeeCount);
    const revenue = byKey.get(postingKey.revenue(person.revenue))!;
    expect(revenue.values![revenue.ids.indexOf(person.personId)]).toBe(person.revenueUsd);
    for (const posting of postings) {
      const isBand = posting.key.startsWith('employees:') || posting.key.startsWith('revenue:');
      expect(posting.values?.length ?? null).toBe(isBand ? posting.ids.length : null);
    }
  });

  it('is a pure function of the batch: writing it again writes the same documents', () => {
    expect(
      postingsOfBatch(
        2,
        generateBatch(5, 200, 400, 3).flatMap((company) => company.people),
      ),
    ).toEqual(postings);
  });
});

describe('band lookups for ranges', () => {
  it('chooses every band a value inside the range can fall in', () => {
    expect(employeeBandsOverlapping({ min: 50, max: 200 })).toEqual(['11-50', '51-200']);
    expect(employeeBandsOverlapping({ min: 200, max: Number.POSITIVE_INFINITY })).toEqual([
      '51-200',
      '201-500',
      '501-1000',
      '1001-5000',
      '5001-10000',
      '10001+',
    ]);
    expect(revenueBandsOverlapping({ min: 1e7, max: 5e7 })).toEqual(['$10M-$50M', '$50M-$100M']);
    // Whatever the range, the band of each value inside it is among those chosen.
    for (const [min, max] of [
      [3, 7],
      [45, 46],
      [999, 1001],
      [12_000, 90_000],
    ] as const) {
      for (let count = min; count <= max; count += Math.max(1, Math.floor((max - min) / 50))) {
        expect(employeeBandsOverlapping({ min, max })).toContain(employeeBandOf(count));
      }
    }
    expect(employeeBandsOverlapping({ min: 201, max: 500 })).toEqual(['201-500']);
    expect(revenueBandsOverlapping({ min: 1e6, max: 9e6 })).toEqual(['$1M-$10M']);
    for (const revenue of [0, 999_999, 1e6, 4.99e7, 5e7, 2e9])
      expect(revenueBandsOverlapping({ min: revenue, max: revenue })).toContain(revenueBandOf(revenue));
  });
});
