// The prospect search from its key index (search-keys.ts) against the search it replaced: the
// anchored `$regex` per typed word over every prospect (searchFilter, through prospectQuery),
// found, sorted and paged by the database. On generated workspaces (names and companies with
// symbols, accents, apostrophes, hyphens, words longer than the keys; prospects added one by one,
// by a CSV import, or before the keys existed, with ids spread over many buckets) and generated list requests (multi-word searches in any case, prefixes
// of stored words, symbols, email parts, 1-character terms; with or without other filters; every
// sort and order; pages), both give the same ids in the same order and the same total.
import fc from 'fast-check';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { countDbOps } from '../../../../dev/bench/db-ops.ts';
import { createModels, type Models } from '../../models.ts';
import { ProspectListQuery, type ProspectListOptions, type NewProspect } from './api-schemas.ts';
import { createProspect, listProspects } from './prospects.ts';
import { importProspects } from './import.ts';
import { prospectQuery, sortOrder } from './query.ts';
import { BUCKET, MAX_PREFIX, addSearchKeys, backfillSearchKeys, ensureSearchKeys, searchCandidates, searchKeysOf } from './search-keys.ts';
import { searchWords } from './search-text.ts';
import type { Prospect } from './model.ts';

let connection: mongoose.Connection;
let db: Models;

beforeAll(async () => {
  connection = await openTestDatabase('prospect-search-keys');
  db = createModels(connection);
  await Promise.all([db.prospects.init(), db.prospectSearchKeys.init(), db.counters.init(), db.campaigns.init(), db.pipelineRuns.init()]);
});
afterAll(async () => {
  await connection.close();
});

const NAMES = [
  'Ada',
  'ada',
  'Adam',
  'Åsa',
  'Zoë',
  'José',
  "O'Neil",
  'Smith-Jones',
  'Smith',
  'Smithsonian',
  'Müller',
  'MÜLLER',
  'Straße',
  'Анна',
  '李雷',
  'a.b(c',
  'x',
  'Constantinopolitan',
  'Constantinopolis',
  'Ab',
];
const COMPANY_WORDS = [
  'Acme',
  'Analytical-Engines',
  'Ltd',
  'Café',
  'Data+AI',
  '(Beta)',
  'Bletchley',
  'Labs',
  'Über',
  'io',
  'Constantinopolitanische',
];
const DOMAINS = ['engines.io', 'acme.com', 'cafe.fr', 'labs.co.uk'];
const LOCALS = ['ada', 'j.smith', 'anna+crm', 'x', 'constantinopolitan'];

const prospectSpec = fc.record({
  firstName: fc.constantFrom(...NAMES),
  lastName: fc.constantFrom(...NAMES),
  company: fc.array(fc.constantFrom(...COMPANY_WORDS), { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
  local: fc.constantFrom(...LOCALS),
  domain: fc.constantFrom(...DOMAINS),
  score: fc.constantFrom(null, 10, 50, 50, 90),
  source: fc.constantFrom('linkedin', 'csv-import'),
  // One by one (POST /api/prospects, a CSV import), in bulk (a launch, whose keys are one bulkWrite), or before the
  // search keys existed (the first search of the workspace keys it).
  written: fc.constantFrom('one', 'import', 'legacy'),
});

/** A typed word: a piece of what was stored (from its start or not), in any case, or a symbol or fragment. */
const term = (stored: string[]) =>
  fc.oneof(
    fc.tuple(fc.constantFrom(...stored), fc.integer({ min: 0, max: 30 }), fc.boolean()).map(([word, cut, upper]) => {
      const piece = [...word].slice(0, 1 + (cut % [...word].length)).join('');
      return upper ? piece.toUpperCase() : piece;
    }),
    fc.constantFrom(...stored).map((word) => word.slice(1)),
    fc.constantFrom('.', '(', '@', 'a.b', '+ai', "o'", 'constantinopolx', 'constantinopolitanische', 'ü', 'zz', '李', 'é'),
  );

const request = (stored: string[]) =>
  fc.record({
    terms: fc.array(term(stored), { minLength: 1, maxLength: 3 }),
    sort: fc.constantFrom('id', 'name', 'company', 'industry', 'score'),
    order: fc.constantFrom(undefined, 'asc', 'desc'),
    offset: fc.constantFrom(0, 0, 1, 3, 30),
    limit: fc.constantFrom(1, 2, 5, 50),
    source: fc.constantFrom(undefined, undefined, undefined, 'linkedin'),
    minScore: fc.constantFrom(undefined, undefined, undefined, 40),
  });

/** Today's search, as the list answered it before the keys: one query with the regexes, sorted and paged by the database. */
async function regexSearch(workspaceId: string, options: ProspectListOptions) {
  const filter = await prospectQuery({ db }, workspaceId, options);
  const [items, total] = await Promise.all([
    db.prospects.find(filter).sort(sortOrder(options)).skip(options.offset).limit(options.limit).lean<Prospect[]>(),
    db.prospects.countDocuments(filter),
  ]);
  return { ids: items.map((prospect) => prospect.id), total };
}

async function keySearch(workspaceId: string, options: ProspectListOptions) {
  const { items, total } = await listProspects({ db }, workspaceId, options);
  return { ids: items.map((prospect) => prospect.id), total };
}

let workspaces = 0;

/** A CSV import file of the prospects, every cell quoted. */
const csvOf = (prospects: NewProspect[]) =>
  [
    'firstName,lastName,email,company',
    ...prospects.map((prospect) =>
      [prospect.firstName, prospect.lastName, prospect.email, prospect.company].map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','),
    ),
  ].join('\n');

describe('the prospect search from its keys', () => {
  it('finds the same prospects, in the same order and pages, with the same total, as the regex over every prospect', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(prospectSpec, { minLength: 5, maxLength: 30 }).chain((specs) => {
          const stored = specs.flatMap((spec) => searchWords({ ...spec, email: `${spec.local}@${spec.domain}` }));
          return fc.tuple(fc.constant(specs), fc.array(request(stored), { minLength: 4, maxLength: 12 }));
        }),
        async ([specs, requests]) => {
          const workspaceId = `search-${++workspaces}`;
          const imported: NewProspect[] = [];
          for (const [index, spec] of specs.entries()) {
            const prospect: NewProspect = {
              firstName: spec.firstName,
              lastName: spec.lastName,
              company: spec.company,
              email: `${spec.local}${index}@${spec.domain}`,
              score: spec.score,
              source: spec.source,
            };
            if (spec.written === 'legacy')
              await db.prospects.create({
                ...prospect,
                workspaceId,
                // Ids far apart, so the keys of one workspace span many buckets (BUCKET ids each).
                id: 1_000 + index * 997,
                emailLower: prospect.email.toLowerCase(),
                searchText: searchWords(prospect),
              });
            else if (spec.written === 'import') imported.push(prospect);
            else await createProspect(db, workspaceId, prospect);
          }
          if (imported.length > 0)
            expect(await importProspects(db, workspaceId, csvOf(imported))).toMatchObject({ imported: imported.length, failed: 0 });
          for (const { terms, ...rest } of requests) {
            const options = ProspectListQuery.parse({ ...rest, search: terms.join('  ') });
            expect(await keySearch(workspaceId, options)).toEqual(await regexSearch(workspaceId, options));
          }
        },
      ),
      { numRuns: 20, seed: 20261130 },
    );
    // About 20 s on an idle machine (most of it adding the prospects); the default 60 s is too little on a shared, loaded one.
  }, 180_000);

  it('answers from the keys, not the prospects: one written around them after its workspace was keyed is not a candidate', async () => {
    const prospect = { firstName: 'Grace', lastName: 'Hopper', company: 'Navy Labs', email: 'grace@navy.mil' };
    await createProspect(db, 'around', prospect);
    await ensureSearchKeys(db, 'around');
    await db.prospects.create({
      ...prospect,
      email: 'g2@navy.mil',
      workspaceId: 'around',
      id: 99,
      emailLower: 'g2@navy.mil',
      searchText: searchWords(prospect),
    });
    expect(await searchCandidates(db, 'around', ['hop'])).toHaveLength(1);
    expect(await keySearch('around', ProspectListQuery.parse({ search: 'hop' }))).toEqual({ ids: [1], total: 1 });
    // Today's path scans and finds both; only the 1-character search still takes it.
    expect(await keySearch('around', ProspectListQuery.parse({ search: 'h' }))).toEqual({ ids: [1, 99], total: 2 });
  });

  it('keys each prefix once from 2 to 6 characters, none with white space, and writes nothing new when run again', async () => {
    expect(searchKeysOf(['acme ltd', 'acme', 'constantinopolitan', 'o'])).toEqual([
      'ac',
      'acm',
      'acme',
      'co',
      'con',
      'cons',
      'const',
      'consta',
    ]);
    expect(Math.max(...searchKeysOf(['constantinopolitan']).map((key) => key.length))).toBe(MAX_PREFIX);
    for (let n = 0; n < 30; n++)
      await db.prospects.create({
        workspaceId: 'rekeyed',
        id: n + 1,
        firstName: `Name${n}`,
        lastName: 'Same',
        company: 'Acme',
        email: `p${n}@acme.com`,
        emailLower: `p${n}@acme.com`,
        searchText: searchWords({ firstName: `Name${n}`, lastName: 'Same', company: 'Acme', email: `p${n}@acme.com` }),
      });
    await ensureSearchKeys(db, 'rekeyed');
    const keys = async () =>
      (await db.prospectSearchKeys.find({ workspaceId: 'rekeyed' }).sort({ prefix: 1 }).lean()).map(({ prefix, ids }) => ({ prefix, ids }));
    const first = await keys();
    expect(first.find((key) => key.prefix === 'same')?.ids).toHaveLength(30);
    await db.prospectSearchKeys.deleteOne({ workspaceId: 'rekeyed', prefix: '' });
    await ensureSearchKeys(db, 'rekeyed');
    expect(await keys()).toEqual(first);
  });

  it('keys every prospect added, by concurrent requests too, once its workspace is keyed', async () => {
    // Keyed (empty) first, so what the search finds is what createProspect wrote, not a backfill.
    await ensureSearchKeys(db, 'racing-keys');
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        createProspect(db, 'racing-keys', { firstName: `Racer${n}`, lastName: 'Quick', company: 'Acme', email: `r${n}@acme.com` }),
      ),
    );
    expect(await keySearch('racing-keys', ProspectListQuery.parse({ search: 'quick ac', limit: 50 }))).toEqual({
      ids: Array.from({ length: 12 }, (_, n) => n + 1),
      total: 12,
    });
  });

  it('keys a workspace once when the start-up and searches ask at the same time', async () => {
    await db.prospects.insertMany(
      Array.from({ length: 30 }, (_, n) => {
        const prospect = { firstName: `Early${n}`, lastName: 'Bird', company: 'Acme', email: `e${n}@acme.com` };
        return { ...prospect, workspaceId: 'at-once', id: n + 1, emailLower: prospect.email, searchText: searchWords(prospect) };
      }),
    );
    const counter = countDbOps(connection);
    const asked = [ensureSearchKeys(db, 'at-once'), ensureSearchKeys(db, 'at-once')];
    expect(asked[1]).toBe(asked[0]);
    const [first, second, listed] = await Promise.all([
      ...asked,
      keySearch('at-once', ProspectListQuery.parse({ search: 'bird early1', limit: 50 })),
    ]);
    expect(second).toEqual(first);
    // Early1 and Early10–Early19.
    expect(listed).toEqual({ ids: [2, ...Array.from({ length: 10 }, (_, n) => n + 11)], total: 11 });
    const writes = counter.stop().filter((row) => row.collection === 'prospect_search_keys' && row.op === 'bulkWrite');
    expect(writes.map(({ count }) => count)).toEqual([1]);
  });

  it("keys at start-up every workspace's prospects written before the keys, and only theirs", async () => {
    for (const workspaceId of ['before-a', 'before-b'])
      await db.prospects.create({
        workspaceId,
        id: 1,
        firstName: 'Edsger',
        lastName: 'Dijkstra',
        company: 'Paths',
        email: 'edsger@paths.nl',
        emailLower: 'edsger@paths.nl',
        searchText: searchWords({ firstName: 'Edsger', lastName: 'Dijkstra', company: 'Paths', email: 'edsger@paths.nl' }),
      });
    await backfillSearchKeys(db);
    for (const workspaceId of ['before-a', 'before-b']) {
      expect(await db.prospectSearchKeys.exists({ workspaceId, prefix: '' })).toBeTruthy();
      const [only] = await db.prospects.find({ workspaceId }, { _id: 1 }).lean();
      expect(await searchCandidates(db, workspaceId, ['dijkstra'])).toEqual([only!._id]);
    }
  });
  it('holds at most BUCKET ids in a key document, and a search reads every bucket of its terms', async () => {
    const prospects = Array.from({ length: 2_500 }, (_, index) => ({
      _id: new mongoose.Types.ObjectId(),
      id: index + 1,
      searchText: ['same', `p${index + 1}`],
    }));
    await addSearchKeys(db, 'bounded', prospects);
    const same = await db.prospectSearchKeys.find({ workspaceId: 'bounded', prefix: 'same' }).sort({ bucket: 1 }).lean();
    // Ids 1–999, 1,000–1,999, 2,000–2,500.
    expect(same.map((key) => [key.bucket, key.ids.length])).toEqual([
      [0, BUCKET - 1],
      [1, BUCKET],
      [2, 501],
    ]);
    expect(await searchCandidates(db, 'bounded', ['same'])).toHaveLength(2_500);
    expect((await searchCandidates(db, 'bounded', ['same', 'p2500']))?.map(String)).toEqual([String(prospects[2_499]!._id)]);
  });

  it('keys each prospect an import adds as it adds it (one bulkWrite each), and writes nothing when the same file comes again', async () => {
    const people = Array.from({ length: 40 }, (_, n) => ({
      firstName: `Person${n}`,
      lastName: n % 2 ? 'Lovelace' : 'Hopper',
      company: 'Analytical Engines',
      email: `p${n}@engines.io`,
    }));
    const counter = countDbOps(connection);
    expect(await importProspects(db, 'bulk-keys', csvOf(people))).toMatchObject({ imported: 40, failed: 0 });
    const keyOps = (rows: ReturnType<typeof counter.stop>) =>
      rows.filter((row) => row.collection === 'prospect_search_keys').map(({ op, count }) => ({ op, count }));
    // Row by row, as the import adds them (a kill -9 mid-import leaves whole prospects, each with its keys and event: faults/api-kill.test.ts).
    expect(keyOps(counter.stop())).toEqual([{ op: 'bulkWrite', count: 40 }]);
    const keys = async () => db.prospectSearchKeys.find({ workspaceId: 'bulk-keys' }).sort({ _id: 1 }).lean();
    const written = await keys();
    expect(written.find((key) => key.prefix === 'lovela')?.ids).toHaveLength(20);

    const again = countDbOps(connection);
    expect(await importProspects(db, 'bulk-keys', csvOf(people))).toMatchObject({ imported: 0, failed: 40 });
    expect(keyOps(again.stop())).toEqual([]);
    expect(await keys()).toEqual(written);
    expect(await keySearch('bulk-keys', ProspectListQuery.parse({ search: 'LOVELACE analytical', limit: 50 }))).toEqual({
      ids: Array.from({ length: 20 }, (_, n) => 2 * n + 2),
      total: 20,
    });
  });
});
