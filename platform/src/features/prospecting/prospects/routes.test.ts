import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModels, type Models } from '../../models.ts';
import { prospectModel } from './model.ts';
import { PROSPECT_PIPELINE } from '../superagent/prospect-pipeline.ts';
import { jsonClient, serveRouters } from '../../../../dev/testing/prospects-server.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { buildOpenApiDocument } from '../../../core/http/openapi.ts';
import { prospectsRouteDocs, prospectsRouter } from './routes.ts';

let connection: mongoose.Connection;
let db: Models;
let server: Awaited<ReturnType<typeof serveRouters>>;
const client = (workspace?: string) => jsonClient(server.url, workspace);
const person = (n: number, extra: Record<string, unknown> = {}) => ({
  firstName: `First${n}`,
  lastName: `Last${n}`,
  company: `Company ${n}`,
  email: `person${n}@example.com`,
  ...extra,
});

beforeAll(async () => {
  connection = await openTestDatabase('prospects-api');
  db = createModels(connection);
  await Promise.all([db.prospects.init(), db.prospectSearchKeys.init(), db.counters.init(), db.campaigns.init(), db.pipelineRuns.init()]);
  server = await serveRouters(prospectsRouter(db));
});
afterAll(async () => {
  await server.close();
  await connection.dropDatabase();
  await connection.close();
});

describe('POST /api/prospects and GET /api/prospects/:id', () => {
  it('answers an empty array and a zero total on a fresh workspace', async () => {
    const response = await client().get('/api/prospects');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-total-count')).toBe('0');
    expect(await response.json()).toEqual([]);
  });

  it('creates a prospect with the next integer id and reads it back', async () => {
    const body = {
      ...person(1),
      jobTitle: 'VP Sales',
      score: 82,
      industry: 'SaaS',
      website: 'https://example.com',
      linkedinUrl: 'https://www.linkedin.com/in/first1',
      source: 'linkedin',
      companySize: '50-200',
      employeeCount: 120,
    };
    const created = await client('create').post('/api/prospects', body);
    expect(created.status).toBe(201);
    const prospect = (await created.json()) as Record<string, unknown>;
    expect(prospect).toEqual({ id: 1, ...body, sample: false, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });

    const second = await (await client('create').post('/api/prospects', person(2))).json();
    expect(second).toMatchObject({ id: 2, jobTitle: null, score: null, industry: null, website: null, employeeCount: null });
    expect(await (await client('create').get('/api/prospects/1')).json()).toEqual(prospect);
    expect(await (await client('create').get('/api/prospects')).json()).toEqual([
      {
        id: 1,
        firstName: 'First1',
        lastName: 'Last1',
        jobTitle: 'VP Sales',
        company: 'Company 1',
        email: 'person1@example.com',
        score: 82,
        industry: 'SaaS',
        source: 'linkedin',
        sample: false,
      },
      {
        id: 2,
        firstName: 'First2',
        lastName: 'Last2',
        jobTitle: null,
        company: 'Company 2',
        email: 'person2@example.com',
        score: null,
        industry: null,
        source: null,
        sample: false,
      },
    ]);
  });

  it('names every invalid field in one 400', async () => {
    const response = await client().post('/api/prospects', {
      firstName: ' ',
      lastName: 'Doe',
      email: 'not-an-email',
      website: 'ftp://example.com',
      linkedinUrl: 'javascript:alert(1)',
      score: 101,
      employeeCount: 2.5,
      nickname: 'x',
      sample: 'yes',
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain('sample: must be true or false');
    for (const field of ['firstName', 'company', 'email', 'website', 'linkedinUrl', 'score', 'employeeCount', 'nickname']) {
      expect(text).toContain(field);
    }
    expect(text).toContain('score: must be between 0 and 100');
    expect(text).not.toContain('lastName');
  });

  it('keeps sample: true on a prospect added from a sample discovery result, in the answer, the list and the detail', async () => {
    // The fields a discovered prospect carries, as the UI posts them when it is added to the pipeline.
    const discovered = {
      firstName: 'Maya',
      lastName: 'Okafor',
      jobTitle: 'VP of Sales',
      company: 'Kestrel Labs',
      email: 'maya.okafor@kestrel-labs-4.example',
      website: 'https://kestrel-labs-4.example',
      linkedinUrl: 'https://www.linkedin.example/in/maya-okafor-sc-000004-p1',
      source: 'linkedin',
      score: 87,
      industry: 'Software & SaaS',
      companySize: '51-200 employees',
      employeeCount: 120,
      sample: true,
    };
    const created = await client('sampled').post('/api/prospects', discovered);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ id: 1, sample: true, source: 'linkedin', score: 87 });
    expect((await client('sampled').post('/api/prospects', person(2))).status).toBe(201);
    expect((await client('sampled').post('/api/prospects', person(3, { sample: false }))).status).toBe(201);
    const listed = (await (await client('sampled').get('/api/prospects')).json()) as Array<{ id: number; sample: boolean }>;
    expect(listed.map(({ id, sample }) => ({ id, sample }))).toEqual([
      { id: 1, sample: true },
      { id: 2, sample: false },
      { id: 3, sample: false },
    ]);
    expect(await (await client('sampled').get('/api/prospects/1')).json()).toMatchObject({ sample: true });
    expect(await (await client('sampled').get('/api/prospects/2')).json()).toMatchObject({ sample: false });
    const stored = await prospectModel(connection).find({ workspaceId: 'sampled' }).sort({ id: 1 }).lean();
    expect(stored.map((prospect) => prospect.sample)).toEqual([true, false, false]);
  });

  it("documents sample in the OpenAPI answers (required) and body (optional) from the routes' schemas", () => {
    type Schema = { properties: Record<string, { type: string }>; required: string[]; items?: Schema };
    const paths = buildOpenApiDocument(prospectsRouteDocs).paths as Record<
      string,
      Record<
        string,
        {
          requestBody?: { content: Record<string, { schema: Schema }> };
          responses: Record<string, { content: Record<string, { schema: Schema }> }>;
        }
      >
    >;
    const json = (schema: { content: Record<string, { schema: Schema }> }) => schema.content['application/json']!.schema;
    for (const answer of [
      json(paths['/api/prospects']!.get!.responses['200']!).items!,
      json(paths['/api/prospects/{id}']!.get!.responses['200']!),
    ]) {
      expect(answer.properties.sample?.type).toBe('boolean');
      expect(answer.required).toContain('sample');
    }
    const body = json(paths['/api/prospects']!.post!.requestBody!);
    expect(body.properties.sample?.type).toBe('boolean');
    expect(body.required).not.toContain('sample');
  });

  it('refuses a second prospect with the same email in any case, but not in another workspace', async () => {
    expect((await client('dupes').post('/api/prospects', person(7, { email: 'Jane@Acme.io' }))).status).toBe(201);
    const duplicate = await client('dupes').post('/api/prospects', person(8, { email: 'jane@ACME.io' }));
    expect([duplicate.status, await duplicate.text()]).toEqual([409, 'A prospect with email jane@ACME.io already exists']);
    expect((await client('dupes-elsewhere').post('/api/prospects', person(8, { email: 'jane@acme.io' }))).status).toBe(201);
    // The refused create used no id: the next one is 2.
    expect(await (await client('dupes').post('/api/prospects', person(9))).json()).toMatchObject({ id: 2 });
  });

  it('lets one of several concurrent creates with the same email through, and answers the rest 409', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, n) => client('racing').post('/api/prospects', person(n, { email: 'same@race.io' }))),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const refused = responses.filter((response) => response.status === 409);
    expect(new Set(await Promise.all(refused.map((response) => response.text())))).toEqual(
      new Set(['A prospect with email same@race.io already exists']),
    );
    expect(Number((await client('racing').get('/api/prospects')).headers.get('x-total-count'))).toBe(1);
  });

  it('gives 20 concurrent creates the distinct ids 1..20', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, (_, n) => client('parallel').post('/api/prospects', person(n))));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    const ids = await Promise.all(responses.map(async (response) => ((await response.json()) as { id: number }).id));
    expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('answers 404 naming the id, and 400 for an id that is not a positive integer', async () => {
    const missing = await client('create').get('/api/prospects/999');
    expect([missing.status, await missing.text()]).toEqual([404, 'No prospect 999 in this workspace']);
    for (const id of ['abc', '1.5', '0', '-3']) {
      const bad = await client('create').get(`/api/prospects/${id}`);
      expect([bad.status, await bad.text()]).toEqual([400, 'Invalid request: id: must be a positive integer']);
    }
  });

  it("keeps workspaces apart: another workspace's prospect is neither listed nor readable", async () => {
    await client('team-b').post('/api/prospects', person(1, { email: 'secret@b.io' }));
    await client('team-a').post('/api/prospects', person(1, { email: 'mine@a.io' }));
    const listed = (await (await client('team-a').get('/api/prospects')).json()) as Array<{ email: string }>;
    expect(listed.map((prospect) => prospect.email)).toEqual(['mine@a.io']);
    expect(await (await client('team-a').get('/api/prospects/1')).json()).toMatchObject({ email: 'mine@a.io' });
    expect((await client('team-a').get('/api/prospects/2')).status).toBe(404);
    expect(await (await client('team-b').get('/api/prospects/1')).json()).toMatchObject({ email: 'secret@b.io' });
  });
});

describe('GET /api/prospects: search, filters, order and pages', () => {
  const ws = 'listing';
  const list = async (query: string) => {
    const response = await client(ws).get(`/api/prospects?${query}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Array<{ id: number }>;
    return { ids: body.map((prospect) => prospect.id), total: Number(response.headers.get('x-total-count')) };
  };

  beforeAll(async () => {
    const rows = [
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        company: 'Analytical Engines',
        email: 'ada@engines.io',
        score: 91,
        industry: 'Fintech',
        source: 'apollo',
      },
      { firstName: 'Grace', lastName: 'Hopper', company: 'Cobol Works', email: 'grace@cobol.dev', score: 64, industry: 'fintech' },
      { firstName: 'Alan', lastName: 'Turing', company: 'Bletchley Labs', email: 'alan@bletchley.uk', industry: 'Security' },
      { firstName: 'Abc', lastName: 'Dot', company: 'A.C Corp', email: 'abc@dots.io', score: 91 },
      {
        firstName: 'Edsger',
        lastName: 'Dijkstra',
        company: 'Shortest Path BV',
        email: 'edsger@paths.nl',
        score: 40,
        industry: 'SaaS',
        source: 'apollo',
      },
    ];
    for (const row of rows) expect((await client(ws).post('/api/prospects', row)).status).toBe(201);
  });

  it('searches names, company and email, case-insensitively and by word start', async () => {
    expect(await list('search=ADA')).toEqual({ ids: [1], total: 1 });
    expect(await list('search=hopper')).toEqual({ ids: [2], total: 1 });
    expect(await list('search=bletchley%20LABS')).toEqual({ ids: [3], total: 1 });
    expect(await list('search=edsger%40paths.nl')).toEqual({ ids: [5], total: 1 });
    expect(await list('search=engines.io')).toEqual({ ids: [1], total: 1 });
    expect(await list('search=ovelace')).toEqual({ ids: [], total: 0 }); // anchored at a word's start
  });

  it('pages and orders search results as it does the whole list, with the total of all matches', async () => {
    expect(await list('search=a&sort=score')).toEqual({ ids: [1, 4, 3], total: 3 });
    expect(await list('search=a&sort=score&limit=1&offset=1')).toEqual({ ids: [4], total: 3 });
    expect(await list('search=a&limit=2')).toEqual({ ids: [1, 3], total: 3 });
    expect(await list('search=a&offset=5')).toEqual({ ids: [], total: 3 });
  });

  it('matches regex symbols literally', async () => {
    expect(await list('search=a.c')).toEqual({ ids: [4], total: 1 }); // not "abc"
    expect(await list(`search=${encodeURIComponent('(.*')}`)).toEqual({ ids: [], total: 0 });
  });

  it('filters by industry in any case and by minimum score', async () => {
    expect(await list('industry=FINTECH')).toEqual({ ids: [1, 2], total: 2 });
    expect(await list('minScore=64')).toEqual({ ids: [1, 2, 4], total: 3 });
    expect(await list('minScore=64&industry=fintech&search=grace')).toEqual({ ids: [2], total: 1 });
  });

  it('filters by source', async () => {
    expect(await list('source=apollo')).toEqual({ ids: [1, 5], total: 2 });
    expect(await list('source=apollo&minScore=50')).toEqual({ ids: [1], total: 1 });
    expect(await list('source=linkedin')).toEqual({ ids: [], total: 0 });
  });

  it('sorts by score (best first, unscored last, ties by id) and pages with a total', async () => {
    expect(await list('sort=score')).toEqual({ ids: [1, 4, 2, 5, 3], total: 5 });
    expect(await list('sort=score&limit=2&offset=1')).toEqual({ ids: [4, 2], total: 5 });
    expect(await list('limit=2&offset=4')).toEqual({ ids: [5], total: 5 });
    expect(await list('offset=10')).toEqual({ ids: [], total: 5 });
  });

  it('filters by a score range (unscored left out; an empty range is empty, not an error)', async () => {
    expect(await list('maxScore=64')).toEqual({ ids: [2, 5], total: 2 });
    expect(await list('minScore=50&maxScore=91')).toEqual({ ids: [1, 2, 4], total: 3 });
    expect(await list('minScore=80&maxScore=20')).toEqual({ ids: [], total: 0 });
  });

  it('sorts by name, company, industry and score, either way, ties by id', async () => {
    expect(await list('sort=name')).toEqual({ ids: [5, 4, 2, 1, 3], total: 5 }); // Dijkstra, Dot, Hopper, Lovelace, Turing
    expect(await list('sort=name&order=desc')).toEqual({ ids: [3, 1, 2, 4, 5], total: 5 });
    expect(await list('sort=company')).toEqual({ ids: [4, 1, 3, 2, 5], total: 5 });
    expect(await list('sort=industry')).toEqual({ ids: [4, 1, 2, 5, 3], total: 5 }); // none, fintech ×2, saas, security
    expect(await list('sort=score&order=asc')).toEqual({ ids: [3, 5, 2, 1, 4], total: 5 }); // unscored first, then 40, 64, 91, 91
    expect(await list('sort=id&order=desc&limit=2&offset=1')).toEqual({ ids: [4, 3], total: 5 });
    expect(await list('sort=name&search=a')).toEqual({ ids: [4, 1, 3], total: 3 }); // the matches by name: Dot, Lovelace, Turing
  });

  it("filters by a campaign of the workspace's, and answers 422 for one it does not have", async () => {
    await db.campaigns.create({ workspaceId: ws, id: 1, name: 'Fintech push', status: 'draft', prospectIds: [5, 2] });
    await db.campaigns.create({ workspaceId: 'listing-elsewhere', id: 2, name: 'Not yours', status: 'draft', prospectIds: [1] });
    expect(await list('campaign=1')).toEqual({ ids: [2, 5], total: 2 });
    expect(await list('campaign=1&minScore=50')).toEqual({ ids: [2], total: 1 });
    expect(await list('campaign=1&sort=score')).toEqual({ ids: [2, 5], total: 2 });
    for (const id of [2, 9]) {
      const refused = await client(ws).get(`/api/prospects?campaign=${id}`);
      expect([refused.status, await refused.text()]).toEqual([422, `No campaign ${id} in this workspace`]);
    }
  });

  it("filters by status, each prospect by its latest prospect-pipeline run of the workspace's", async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute));
    const run = (
      workspaceId: string,
      prospectId: number,
      minute: number,
      status: string,
      steps: Record<string, unknown>,
      pipelineId = PROSPECT_PIPELINE.id,
    ) => ({
      runId: `status-${workspaceId}-${prospectId}-${minute}`,
      workspaceId,
      pipelineId,
      pipelineVersion: 1,
      definition: {},
      input: { prospectId },
      status,
      steps,
      createdAt: at(minute),
      updatedAt: at(minute),
    });
    const done = { status: 'completed' };
    await db.pipelineRuns.collection.insertMany([
      run(ws, 1, 1, 'completed', { research: done, score: done, copy: { ...done, conditionMet: true }, outreach: done }),
      run(ws, 2, 1, 'failed', { research: { status: 'failed', error: 'site down' } }),
      run(ws, 5, 1, 'failed', { research: { status: 'failed' } }), // older: the newer run decides
      run(ws, 5, 2, 'completed', { research: done, score: done, copy: { status: 'skipped', conditionMet: false } }),
      run(ws, 3, 3, 'running', { research: { status: 'running' } }),
      run('listing-elsewhere', 4, 1, 'completed', { research: done, score: done, copy: done, outreach: done }),
      run(ws, 4, 1, 'completed', { step: done }, 'some-other-pipeline'),
    ]);
    expect(await list('status=enrolled')).toEqual({ ids: [1], total: 1 });
    expect(await list('status=failed')).toEqual({ ids: [2], total: 1 });
    expect(await list('status=not-qualified')).toEqual({ ids: [5], total: 1 });
    expect(await list('status=in-progress')).toEqual({ ids: [3], total: 1 });
    expect(await list('status=not-processed')).toEqual({ ids: [4], total: 1 });
    expect(await list('status=completed')).toEqual({ ids: [], total: 0 });
    expect(await list('status=enrolled&campaign=1')).toEqual({ ids: [], total: 0 });
  });

  it('names each bad query parameter in a 400', async () => {
    const response = await client(ws).get('/api/prospects?limit=201&offset=-1&minScore=abc&sort=email&maxScore=101&status=new&campaign=0');
    expect(response.status).toBe(400);
    const text = await response.text();
    for (const field of ['limit', 'offset', 'minScore', 'sort', 'maxScore', 'status', 'campaign']) expect(text).toContain(`${field}:`);
  });
});

describe('GET /api/prospects?industry=: through the industry taxonomy, a partial word finding what it names', () => {
  const ws = 'industries';
  const industries = [
    'Payments', // 1: Financial services & fintech, by another name
    'Financial Services', // 2
    'B2B SaaS platform', // 3: Software & SaaS, inside a longer label
    'Software', // 4: Software & SaaS, the whole label only
    'Software consulting', // 5: Professional services ("software" is too broad inside a longer label)
    'E-Commerce & Retail', // 6
    'Aerospace', // 7: not in the taxonomy
    'Marketing technology', // 8
  ];
  const matching = async (industry: string) => {
    const response = await client(ws).get(`/api/prospects?industry=${encodeURIComponent(industry)}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as Array<{ id: number }>).map((prospect) => prospect.id);
  };

  beforeAll(async () => {
    for (const [index, industry] of industries.entries()) {
      expect((await client(ws).post('/api/prospects', person(index + 1, { industry }))).status).toBe(201);
    }
  });

  it('finds an industry by the start of a word of its label or of another name for it', async () => {
    expect(await matching('fin')).toEqual([1, 2]);
    expect(await matching('FINTECH')).toEqual([1, 2]);
    expect(await matching('Financial services & fintech')).toEqual([1, 2]);
    expect(await matching('saas')).toEqual([3, 4]);
    expect(await matching('Software & SaaS')).toEqual([3, 4]);
    expect(await matching('consult')).toEqual([5]);
    expect(await matching('ecommerce')).toEqual([6]);
    expect(await matching('retail')).toEqual([6]);
    expect(await matching('marketing tech')).toEqual([8]);
  });

  it('finds a label outside the taxonomy by its own words, and nothing for words nothing has', async () => {
    expect(await matching('aero')).toEqual([7]);
    expect(await matching('space')).toEqual([]); // a word's start, not its middle
    expect(await matching('zzz')).toEqual([]);
    expect(await matching('(.*')).toEqual([]);
  });
});
