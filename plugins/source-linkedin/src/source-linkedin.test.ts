import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { ApplicationFailure } from '@temporalio/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { sourceLinkedinPlugin } from './index.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/sales-navigator-leads.csv', import.meta.url));
let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'source-linkedin-'));
});

const search = (criteria: Record<string, unknown>, exportPath = FIXTURE, limit?: number) =>
  runActivity(
    sourceLinkedinPlugin,
    'searchPeople',
    { criteria, ...(limit ? { limit } : {}) },
    testDeps(sourceLinkedinPlugin, { config: { exportPath } }) as never,
  );
const names = (result: { people: Array<{ lastName: string }> }) => result.people.map((person) => person.lastName);
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
async function csv(name: string, text: string): Promise<string> {
  const path = join(scratch, name);
  await writeFile(path, text);
  return path;
}

describe('source-linkedin searchPeople over a Sales Navigator export', () => {
  it('keeps the leads with a wanted title and industry, and maps each column', async () => {
    const result = await search({ jobTitles: ['VP Sales', 'Head of Sales'], industry: ['Financial Services'] });
    expect(names(result)).toEqual(['Okafor', 'Adler']);
    expect(result.sourceTotal).toBe(2);
    expect(result.people[0]).toEqual({
      firstName: 'Maya',
      lastName: 'Okafor',
      jobTitle: 'VP of Sales',
      company: 'Ledgerly',
      companyDomain: 'ledgerly.io',
      email: 'maya.okafor@ledgerly.io',
      linkedinUrl: 'https://www.linkedin.com/in/mayaokafor',
      industry: 'Financial Services',
      employeeCount: null, // the export states a band, "51-200 employees"
      companyRevenue: null,
      techStack: [],
      recentFunding: null,
      location: 'Austin, Texas, United States',
      sourceRef: 'ACwAAB1x9KQBc3Ld',
    });
    expect(result.people[1]).toMatchObject({ employeeCount: 140, email: 'ben@finlytics.co' });
  });

  it('matches titles by their words, reading "Vice President" as VP, and skips rows without a name', async () => {
    const result = await search({ jobTitles: ['VP Sales'] });
    // Rachel (VP of Sales) has no last name in the export; Aiko is VP Marketing.
    expect(names(result)).toEqual(['Okafor', 'Whitaker', 'Gallagher']);
    expect(result.people[1]?.jobTitle).toBe('Vice President, Sales EMEA');
  });

  it('keeps only companies whose size band overlaps the wanted size', async () => {
    expect(names(await search({ jobTitles: ['VP Sales'], companySize: '51-500' }))).toEqual(['Okafor']);
    expect(names(await search({ jobTitles: ['VP Sales'], companySize: '1000+' }))).toEqual(['Whitaker', 'Gallagher']);
  });

  it('matches an industry contained in the lead one ("Software" in "Software Development")', async () => {
    expect(names(await search({ industry: ['software'] }))).toEqual(['Brandt', 'Raman', 'Tanaka']);
  });

  it('answers the first `limit` leads and the number that match', async () => {
    const result = await search({}, FIXTURE, 3);
    expect(names(result)).toEqual(['Okafor', 'Brandt', 'Raman']);
    expect(result.sourceTotal).toBe(10);
  });

  it('reads other exports’ header names (Title, Company, Profile URL)', async () => {
    const path = await csv(
      'alias.csv',
      'First name,Last name,Title,Company,Profile URL,Industry\nJo,Lee,VP Sales,Acme,https://www.linkedin.com/in/jolee,Software\n',
    );
    const result = await search({ jobTitles: ['VP Sales'] }, path);
    expect(result.people).toEqual([
      expect.objectContaining({
        firstName: 'Jo',
        lastName: 'Lee',
        company: 'Acme',
        linkedinUrl: 'https://www.linkedin.com/in/jolee',
        sourceRef: 'https://www.linkedin.com/in/jolee',
        location: null,
      }),
    ]);
  });

  it('fails non-retryably with SourceNotConfigured without an export path', async () => {
    const error = await failureOf(search({ jobTitles: ['VP'] }, ''));
    expect(error).toBeInstanceOf(ApplicationFailure);
    expect(error).toMatchObject({ type: 'SourceNotConfigured', nonRetryable: true });
  });

  it('fails non-retryably with SourceExportUnreadable for a missing file or missing columns', async () => {
    const missingFile = await failureOf(search({}, join(scratch, 'nope.csv')));
    expect(missingFile).toMatchObject({
      type: 'SourceExportUnreadable',
      nonRetryable: true,
      message: expect.stringContaining('cannot be read'),
    });
    const path = await csv('bad.csv', 'Name,Title\nJo Lee,VP Sales\n');
    const missingColumns = await failureOf(search({}, path));
    expect(missingColumns).toMatchObject({
      type: 'SourceExportUnreadable',
      message: expect.stringContaining('lacks the columns: firstName, lastName, company'),
    });
  });

  it('pages the matching rows: page 2 starts after the first `limit`, and the last page says there is no more', async () => {
    type Page = { people: Array<{ sourceRef: string | null }>; sourceTotal: number; hasMore: boolean };
    const page = (number: number, limit = 2) =>
      runActivity(
        sourceLinkedinPlugin,
        'searchPeople',
        { criteria: { industry: [], jobTitles: [] }, limit, page: number },
        testDeps(sourceLinkedinPlugin, { config: { exportPath: FIXTURE } }) as never,
      ) as Promise<Page>;
    // The lead id (sourceRef) is unique per row, unlike email, which several rows lack.
    const refs = (answer: Page) => answer.people.map((person) => person.sourceRef);
    const all = refs(await page(1, 100));
    expect(all).toHaveLength(10);
    expect(new Set(all).size).toBe(10);
    const pages = [await page(1), await page(2), await page(3), await page(4), await page(5)];
    expect(pages.map(refs)).toEqual([all.slice(0, 2), all.slice(2, 4), all.slice(4, 6), all.slice(6, 8), all.slice(8, 10)]);
    expect(pages.map((answer) => answer.hasMore)).toEqual([true, true, true, true, false]);
    expect(pages.every((answer) => answer.sourceTotal === 10)).toBe(true);
    expect(await page(6)).toEqual({ people: [], sourceTotal: 10, hasMore: false });
    expect(await page(2, 3)).toMatchObject({
      people: all.slice(3, 6).map((sourceRef) => expect.objectContaining({ sourceRef })),
      hasMore: true,
    });
  });
});
