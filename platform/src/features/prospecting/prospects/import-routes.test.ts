import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterModel } from '../../../core/db/counter.ts';
import { eventModel } from '../../../core/events.ts';
import { prospectModel } from './model.ts';
import { prospectSearchKeyModel } from './search-keys.ts';
import { campaignModel } from '../campaigns/model.ts';
import { pipelineRunModels } from '../../runs/pipelines/run-model.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveForTest, serveRouters } from '../../../../dev/testing/http.ts';
import { ImportResponse, MAX_CSV_BYTES, prospectsImportRouteDocs, prospectsImportRouter } from './import-routes.ts';
import { prospectsRouter } from './routes.ts';
import { ProspectDetail } from './api-schemas.ts';
import { sequenceDirectoryModels } from '../../email/sequences/directory.ts';

let database: mongoose.Connection;
let server: Awaited<ReturnType<typeof serveForTest>>;

const CSV = [
  'First Name,Last Name,E-mail,Company,Job Title,Industry,Website,Employees',
  'Ada,Lovelace,ada@analytical.io,Analytical Engines,CTO,Software,analytical.io,"1,200"',
  'Grace,,grace@navy.mil,US Navy,Rear Admiral,Government,,',
  'Alan,Turing,not-an-email,Bletchley,Cryptanalyst,Research,https://bletchley.org,lots',
  'Katherine,Johnson,katherine@nasa.gov,NASA,Mathematician,Aerospace,https://nasa.gov,18000',
  'Ada,Byron,ADA@analytical.io,Analytical Engines,CEO,Software,,',
].join('\n');

const importCsv = (body: string, options: { workspace?: string; type?: string } = {}) =>
  fetch(`${server.url}/api/prospects/import?workspace=${options.workspace ?? 'acme'}`, {
    method: 'POST',
    headers: { 'content-type': options.type ?? 'text/csv' },
    body,
  });
const imported = async (response: Response) => {
  expect(response.status).toBe(200);
  return ImportResponse.parse(await response.json());
};

beforeAll(async () => {
  database = await openTestDatabase('prospects-import');
  const db = {
    prospects: prospectModel(database),
    prospectSearchKeys: prospectSearchKeyModel(database),
    counters: counterModel(database),
    events: eventModel(database),
    campaigns: campaignModel(database),
    pipelineRuns: pipelineRunModels(database).pipelineRuns,
    ...sequenceDirectoryModels(database),
  };
  await Promise.all([db.prospects.init(), db.prospectSearchKeys.init()]);
  server = await serveRouters(prospectsImportRouter(db), prospectsRouter(db));
});

afterAll(async () => {
  await server?.close();
  await database?.dropDatabase();
  await database?.close();
});

describe('POST /api/prospects/import', () => {
  it('imports the good rows of a text/csv file and reports each bad row with its fields', async () => {
    const result = await imported(await importCsv(CSV));
    expect(result.imported).toBe(2);
    expect(result.failed).toBe(3);
    expect(result.prospects).toEqual([1, 2]);
    expect(result.errors).toEqual([
      { row: 3, errors: { lastName: expect.any(String) } },
      { row: 4, errors: { employeeCount: 'must be a whole number', email: 'must be an email address' } },
      { row: 6, errors: { email: 'already exists' } },
    ]);
    const ada = ProspectDetail.parse(await (await fetch(`${server.url}/api/prospects/1?workspace=acme`)).json());
    expect(ada).toMatchObject({
      firstName: 'Ada',
      email: 'ada@analytical.io',
      company: 'Analytical Engines',
      jobTitle: 'CTO',
      industry: 'Software',
      website: 'https://analytical.io',
      employeeCount: 1200,
      source: 'csv-import',
      sample: false,
    });
  });

  it('never marks an imported prospect as sample data, even from a file with a "sample" column', async () => {
    const csv = 'firstName,lastName,email,company,sample\nMaya,Okafor,maya@kestrel.example,Kestrel Labs,true\n';
    expect(await imported(await importCsv(csv, { workspace: 'sampled' }))).toMatchObject({ imported: 1, failed: 0 });
    const listed = (await (await fetch(`${server.url}/api/prospects?workspace=sampled`)).json()) as Array<{
      email: string;
      sample: boolean;
    }>;
    expect(listed.map(({ email, sample }) => ({ email, sample }))).toEqual([{ email: 'maya@kestrel.example', sample: false }]);
    expect((await prospectModel(database).findOne({ workspaceId: 'sampled' }).lean())?.sample).toBe(false);
  });

  it('imports nothing new when the same file comes again: every row is reported, known emails as "already exists"', async () => {
    const result = await imported(await importCsv(CSV));
    expect(result).toMatchObject({ imported: 0, failed: 5, prospects: [] });
    expect(result.errors.filter((error) => error.errors.email === 'already exists').map((error) => error.row)).toEqual([2, 5, 6]);
    const list = await fetch(`${server.url}/api/prospects?workspace=acme`);
    expect(list.headers.get('x-total-count')).toBe('2');
  });

  it('takes JSON { csv } too, and keeps workspaces apart (same emails, own ids)', async () => {
    const result = await imported(await importCsv(JSON.stringify({ csv: CSV }), { type: 'application/json', workspace: 'other' }));
    expect(result).toMatchObject({ imported: 2, failed: 3, prospects: [1, 2] });
    const other = await fetch(`${server.url}/api/prospects?workspace=other`);
    expect(other.headers.get('x-total-count')).toBe('2');
  });

  it('refuses an unreadable file, a header without the required columns, an empty JSON csv and a wrong content type', async () => {
    const unreadable = await importCsv('firstName,lastName,email,company\n"Ada,Lovelace\n', { workspace: 'bad' });
    // Issue #18: a CSV that cannot be imported is a well-formed request (the document allows any string), so a 422.
    expect(unreadable.status).toBe(422);
    expect(await unreadable.text()).toMatch(/^The CSV file cannot be read/);
    const headerless = await importCsv('Ada,Lovelace,ada@x.io,Analytical\n', { workspace: 'bad' });
    expect(headerless.status).toBe(422);
    expect(await headerless.text()).toMatch(/^The CSV header has no column for firstName, lastName, email, company/);
    const empty = await importCsv(JSON.stringify({ csv: '' }), { type: 'application/json', workspace: 'bad' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toBe('Invalid request: csv: must not be empty');
    const wrongType = await importCsv('x', { type: 'application/xml', workspace: 'bad' });
    expect(wrongType.status).toBe(415);
    const list = await fetch(`${server.url}/api/prospects?workspace=bad`);
    expect(list.headers.get('x-total-count')).toBe('0');
  });

  it('refuses a CSV body over 2 MB with 413', async () => {
    const big = `firstName,lastName,email,company\n${'x'.repeat(MAX_CSV_BYTES)}\n`;
    const response = await importCsv(big, { workspace: 'big' });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe('The CSV file is larger than 2 MB');
  });

  it('is described with the schemas it validates with', () => {
    expect(prospectsImportRouteDocs.map((doc) => `${doc.method} ${doc.path}`)).toEqual(['post /api/prospects/import']);
  });
});
