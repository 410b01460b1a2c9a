import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { request as httpRequest } from 'node:http';
import type { OpenAPIV3_1 } from 'openapi-types';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForTest } from '../../dev/testing/http.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../dev/testing/pipeline-worker.ts';
import { ownerEverywhere } from '../../dev/testing/principal.ts';
import { installedPlugins } from '../features/runs/plugins/installed.ts';
import { createTemporalClient } from '../core/temporal/client.ts';
import { NOT_SIGNED_IN } from '../core/http/access-check.ts';
import { allRouteDocs } from './routes.ts';
import { createApp, type AppDeps } from './app.ts';
import { acceptedQuery } from '../core/http/request-check.ts';

// Issue #18: what a fuzzer sends must be refused with a 4xx naming the mistake, never read as
// something else and never a 500: query parameters a route does not declare, methods a path does
// not take, bodies that are not JSON, path parameters of the wrong shape.

let stack: TestPipelineWorker;
let deps: AppDeps;
let server: Awaited<ReturnType<typeof serveForTest>>;
const health = createTemporalClient({ temporalAddress: '127.0.0.1:1', temporalNamespace: 'default' });

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request over node:http, which sends any method (fetch refuses TRACE) and the path as it is (`..` included). */
function send(method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ hostname, port, path, method, headers: options.headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
const asJson = { accept: 'application/json' };
const jsonBody = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const errorOf = (answer: Answer) => JSON.parse(answer.text) as { error: string; fields?: Record<string, string> };
/** The one prospect of the workspace `other`. */
const person3 = { firstName: 'Cy', lastName: 'Other', company: 'Quotewell', email: 'cy@quotewell.example' };

beforeAll(async () => {
  stack = await startTestPipelineWorker('request-checks', installedPlugins);
  deps = {
    logger: pino({ level: 'silent' }),
    database: stack.database,
    temporal: health,
    plugins: stack.host,
    authenticator: ownerEverywhere,
    product: { db: stack.db, runner: stack.runner },
  };
  server = await serveForTest(createApp(deps));
  for (const n of [1, 2]) {
    const person = { firstName: `Ada${n}`, lastName: 'Lane', company: 'Pipeline Pilot', email: `ada${n}@pipelinepilot.example` };
    expect((await send('POST', '/api/prospects', jsonBody(person))).status).toBe(201);
  }
  await stack.db.workspaces.create({ slug: 'other', name: 'Other' });
  expect((await send('POST', '/api/prospects?workspace=other', jsonBody(person3))).status).toBe(201);
});
afterAll(async () => {
  await server?.close();
  await health.connection.close();
  await stack?.stop();
});

describe('query parameters are applied strictly', () => {
  it('refuses ?search[$ne]=x naming search, instead of listing every prospect', async () => {
    const answer = await send('GET', '/api/prospects?search[$ne]=x', { headers: asJson });
    expect(answer.status).toBe(400);
    const { error, fields } = errorOf(answer);
    expect(Object.keys(fields ?? {})).toEqual(['search']);
    expect(error).toMatch(/^Invalid query: search: takes one plain value \(search=…\), not a bracketed key like search\[\$ne\]$/);
    // The plain parameter still filters.
    const found = await send('GET', '/api/prospects?search=ada1');
    expect([found.status, (JSON.parse(found.text) as Array<{ email: string }>).map((p) => p.email)]).toEqual([
      200,
      ['ada1@pipelinepilot.example'],
    ]);
  });

  it('refuses ?workspace[$ne]=x naming workspace, instead of acting in the default workspace', async () => {
    const answer = await send('GET', '/api/prospects?workspace[$ne]=x', { headers: asJson });
    expect([answer.status, Object.keys(errorOf(answer).fields ?? {})]).toEqual([400, ['workspace']]);
    const other = await send('GET', '/api/prospects?workspace=other');
    expect((JSON.parse(other.text) as Array<{ email: string }>).map((p) => p.email)).toEqual([person3.email]);
  });

  it('refuses a parameter the route does not declare, saying which it takes', async () => {
    const answer = await send('GET', '/api/prospects?colour=red&limit=5');
    expect(answer.status).toBe(400);
    expect(answer.text).toBe(
      'Invalid query: colour: not a query parameter of this route (it takes workspace, search, industry, minScore, maxScore, source, campaign, status, sequence, sort, order, limit, offset)',
    );
    const none = await send('GET', '/api/openapi.json?v=2', { headers: asJson });
    expect([none.status, errorOf(none)]).toEqual([
      400,
      { error: 'Invalid query: v: not a query parameter of this route (it takes workspace)', fields: { v: expect.any(String) } },
    ]);
    const inherited = await send('GET', '/api/prospects?toString=1&constructor=x&__proto__=y', { headers: asJson });
    expect(Object.keys(errorOf(inherited).fields ?? {})).toEqual(['toString', 'constructor', '__proto__']);
  });

  it('refuses a parameter given more than once where it takes one value', async () => {
    const answer = await send('GET', '/api/prospects?limit=5&limit=6');
    expect([answer.status, answer.text]).toEqual([400, 'Invalid query: limit: given 2 times, but it takes one value']);
    const workspaces = await send('GET', '/api/prospects?workspace=default&workspace=other');
    expect([workspaces.status, workspaces.text]).toEqual([400, 'Invalid query: workspace: given 2 times, but it takes one value']);
  });

  it('names every bad parameter at once, and still checks the values of the declared ones', async () => {
    const answer = await send('GET', '/api/prospects?a=1&sort=id&sort=score&limit[]=3', { headers: asJson });
    expect([answer.status, Object.keys(errorOf(answer).fields ?? {}).sort()]).toEqual([400, ['a', 'limit', 'sort']]);
    const tooBig = await send('GET', '/api/prospects?limit=100000');
    expect([tooBig.status, tooBig.text]).toEqual([400, expect.stringMatching(/^Invalid request: limit: /)]);
  });

  it('refuses, on every route and method, each kind of malformed query with a 400 naming the parameter', async () => {
    const failures: string[] = [];
    for (const doc of allRouteDocs) {
      const path = doc.path.replace(/\{\w+\}/g, '1');
      const own = Object.keys(doc.query?.shape ?? {}).find((name) => name !== 'workspace') ?? 'workspace';
      const cases: Array<[query: string, named: string]> = [
        ['workspace[$ne]=x', 'workspace'],
        [`${own}[a]=1`, own],
        ['workspace=a&workspace=b', 'workspace'],
        [`${own}=1&${own}=2`, own],
        ['not-a-parameter=1', 'not-a-parameter'],
        ['=1', '(unnamed)'],
        ['workspace=%FF%00', 'workspace'],
      ];
      for (const [query, named] of cases) {
        const answer = await send(doc.method.toUpperCase(), `${path}?${query}`, { headers: asJson });
        const fields = answer.status === 400 ? Object.keys(errorOf(answer).fields ?? {}) : [];
        if (!fields.includes(named)) failures.push(`${doc.method.toUpperCase()} ${path}?${query}: ${answer.status} ${answer.text}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('takes ?workspace= on every route, checked as a slug even where the route acts in no workspace', async () => {
    expect((await send('GET', '/api/openapi.json?workspace=other')).status).toBe(200);
    expect((await send('GET', '/api/plugins?workspace=other')).status).toBe(200);
    const bad = await send('GET', '/api/openapi.json?workspace=Not%20a%20slug');
    expect([bad.status, bad.text]).toEqual([400, 'Invalid request: workspace: must be a workspace slug']);
  });

  it('tells an anonymous caller to sign in first, whatever its query', async () => {
    const anonymous = await serveForTest(createApp({ ...deps, authenticator: async () => null }));
    try {
      const answer = await fetch(`${anonymous.url}/api/prospects?search[$ne]=x&nope=1`);
      expect([answer.status, await answer.text()]).toEqual([401, NOT_SIGNED_IN]);
    } finally {
      await anonymous.close();
    }
  });

  it("documents every route's query parameters, ?workspace= on each", async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as OpenAPIV3_1.Document;
    for (const doc of allRouteDocs) {
      const operation = (document.paths?.[doc.path] as Record<string, OpenAPIV3_1.OperationObject>)[doc.method]!;
      const documented = (operation.parameters ?? []).flatMap((parameter) =>
        'in' in parameter && parameter.in === 'query' ? [parameter.name] : [],
      );
      const key = `${doc.method.toUpperCase()} ${doc.path}`;
      expect(documented, key).toEqual(Object.keys(acceptedQuery(doc).shape));
      expect(documented, key).toEqual([...new Set([...Object.keys(doc.query?.shape ?? {}), 'workspace'])]);
      expect(operation.responses?.['400'], `${key} documents its 400`).toBeDefined();
    }
  });
});

describe('methods a path does not take', () => {
  it('answers TRACE and PATCH on a GET-only route 405 with Allow and an error body', async () => {
    for (const method of ['TRACE', 'PATCH', 'PROPFIND']) {
      const answer = await send(method, '/api/plugins', { headers: asJson });
      expect([method, answer.status, answer.headers.allow], method).toEqual([method, 405, 'GET, HEAD, OPTIONS']);
      expect(errorOf(answer), method).toEqual({ error: `Method not allowed: ${method} /api/plugins (it takes GET, HEAD, OPTIONS)` });
    }
    const text = await send('TRACE', '/api/plugins/research');
    expect([text.status, text.headers.allow, text.text]).toEqual([
      405,
      'GET, HEAD, OPTIONS',
      'Method not allowed: TRACE /api/plugins/research (it takes GET, HEAD, OPTIONS)',
    ]);
  });

  it('lists every method of the path, whichever feature serves it', async () => {
    const answer = await send('DELETE', '/api/prospects');
    expect([answer.status, answer.headers.allow]).toEqual([405, 'GET, HEAD, POST, OPTIONS']);
    expect((await send('HEAD', '/api/superagent/analyze-icp')).headers.allow).toBe('POST, OPTIONS');
  });

  it('reads a literal path as its own, not as a templated one it also matches (OpenAPI: the literal wins)', async () => {
    // /api/prospects/import also matches GET /api/prospects/{id}, and /api/campaigns/launch PATCH /api/campaigns/{id}.
    for (const [method, path, allow] of [
      ['GET', '/api/prospects/import', 'POST, OPTIONS'],
      ['PUT', '/api/prospects/import', 'POST, OPTIONS'],
      ['PATCH', '/api/campaigns/launch', 'POST, OPTIONS'],
      ['DELETE', '/api/invitations/accept', 'POST, OPTIONS'],
      ['GET', '/api/pipelines/validate', 'POST, OPTIONS'],
    ]) {
      const answer = await send(method!, path!);
      expect([method, path, answer.status, answer.headers.allow]).toEqual([method, path, 405, allow]);
    }
    expect((await send('OPTIONS', '/api/pipelines/test-runs')).headers.allow).toBe('POST, OPTIONS');
    // A templated path still serves what no literal one matches.
    expect((await send('GET', '/api/prospects/1')).status).not.toBe(405);
  });

  it('answers OPTIONS 204 with Allow and no body', async () => {
    const answer = await send('OPTIONS', '/api/prospects');
    expect([answer.status, answer.headers.allow, answer.text]).toEqual([204, 'GET, HEAD, POST, OPTIONS', '']);
    expect((await send('OPTIONS', '/api/runs/some-run/rerun')).headers.allow).toBe('POST, OPTIONS');
  });

  it('keeps 404 for an /api path no route serves, whatever the method', async () => {
    for (const method of ['GET', 'TRACE', 'OPTIONS', 'DELETE']) {
      const answer = await send(method, '/api/no-such-thing', { headers: asJson });
      expect([answer.status, answer.headers.allow, errorOf(answer)], method).toEqual([
        404,
        undefined,
        { error: `Not found: ${method} /api/no-such-thing` },
      ]);
    }
  });
});

describe('bodies', () => {
  it('refuses malformed JSON, a JSON scalar and a body of the wrong shape with a 400 saying so', async () => {
    const broken = await send('POST', '/api/prospects', { headers: { 'content-type': 'application/json' }, body: '{"firstName": [' });
    expect([broken.status, broken.text]).toEqual([400, expect.stringMatching(/^The request body is not valid JSON: /)]);
    const scalar = await send('POST', '/api/prospects', jsonBody('Ada'));
    expect([scalar.status, scalar.text]).toEqual([400, expect.stringMatching(/^The request body is not valid JSON: /)]);
    const list = await send('POST', '/api/prospects', jsonBody([person3]));
    expect([list.status, list.text]).toEqual([400, expect.stringMatching(/^Invalid request: \(body\): /)]);
  });

  it('refuses a body sent as another content type, or none, instead of reading the request as bodiless', async () => {
    const asText = await send('POST', '/api/prospects', { headers: { 'content-type': 'text/plain' }, body: JSON.stringify(person3) });
    expect([asText.status, asText.text]).toEqual([
      400,
      'The request body must be JSON: send it with Content-Type: application/json (it was sent as text/plain)',
    ]);
    const form = await send('POST', '/api/outbox/approve-all', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'campaignId=1',
    });
    expect([form.status, form.text]).toEqual([400, expect.stringContaining('it was sent as application/x-www-form-urlencoded')]);
    const untyped = await send('POST', '/api/outbox/approve-all', { body: '{}' });
    expect([untyped.status, untyped.text]).toEqual([400, expect.stringContaining('it was sent as no content type')]);
  });

  it('takes JSON with a charset, or in another JSON media type the body parser reads', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/vnd.api+json']) {
      const email = `${type.length}@quotewell.example`;
      const created = await send('POST', '/api/prospects', {
        headers: { 'content-type': type },
        body: JSON.stringify({ ...person3, email }),
      });
      expect([type, created.status]).toEqual([type, 201]);
    }
    const unread = await send('POST', '/api/prospects', {
      headers: { 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify(person3),
    });
    expect([unread.status, unread.text]).toEqual([400, expect.stringContaining('it was sent as application/merge-patch+json')]);
  });

  it('still takes no body where every field is optional, and a CSV where the route reads one', async () => {
    const empty = await send('POST', '/api/outbox/approve-all', { headers: { 'content-length': '0' } });
    expect([empty.status, empty.text]).toEqual([200, '{"approved":0}']);
    const csv = await send('POST', '/api/prospects/import', {
      headers: { 'content-type': 'text/csv' },
      body: 'firstName,lastName,email,company\nBo,Lane,bo@pipelinepilot.example,Pipeline Pilot\n',
    });
    expect([csv.status, (JSON.parse(csv.text) as { imported: number }).imported]).toEqual([200, 1]);
  });

  it('refuses a run input the database cannot store with a 422 naming its key, before recording anything', async () => {
    const written = () =>
      Promise.all([
        stack.db.pipelineRuns.countDocuments({}, ACROSS_WORKSPACES),
        stack.db.pipelineBatches.countDocuments({}, ACROSS_WORKSPACES),
      ]);
    const scoring = {
      id: 'nul-scoring',
      name: 'Scoring',
      nodes: [{ id: 'score', activity: 'lead-scoring.scoreProspect', input: { prospect: '{{ input.prospect }}', icp: '{{ input.icp }}' } }],
    };
    expect((await send('POST', '/api/pipelines', jsonBody(scoring))).status).toBe(201);
    const constant = await send(
      'POST',
      '/api/pipelines',
      jsonBody({ ...scoring, nodes: [{ ...scoring.nodes[0], input: { prospect: { 'a\u0000': 1 } } }] }),
    );
    expect([constant.status, constant.text]).toEqual([
      422,
      expect.stringMatching(/^The definition cannot be stored: its key "nodes\.0\.input\.prospect\.a/),
    ]);
    const before = await written();
    const batch = await send('POST', '/api/pipelines/nul-scoring/batches', jsonBody({ inputs: [{ n: 1 }, { deep: [{ 'x\u0000y': 1 }] }] }));
    expect([batch.status, batch.text]).toEqual([
      422,
      expect.stringMatching(/^Input 2 cannot be stored: its key "deep\.0\.x\\u0000y" holds the NUL/),
    ]);
    const run = await send('POST', '/api/pipelines/nul-scoring/runs', jsonBody({ input: { '\u0000': null } }));
    expect([run.status, run.text]).toEqual([422, expect.stringMatching(/^The run input cannot be stored/)]);
    expect(await written()).toEqual(before);
    const inString = await send(
      'POST',
      '/api/prospects',
      jsonBody({ ...person3, email: 'nul@quotewell.example', company: 'Quote\u0000well' }),
    );
    expect(inString.status).toBe(201); // a NUL inside a value is stored as it is
  });

  it('reads a body without a key that could set a prototype, as any key a route does not take', async () => {
    const answer = await send('POST', '/api/prospects', {
      headers: { 'content-type': 'application/json', ...asJson },
      body: JSON.stringify({ ...person3, email: 'proto@quotewell.example' }).replace(
        '{',
        '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},',
      ),
    });
    expect(answer.status, answer.text).toBe(201);
    const created = JSON.parse(answer.text) as Record<string, unknown>;
    expect([created.email, Object.hasOwn(created, 'isAdmin'), ({} as Record<string, unknown>).isAdmin]).toEqual([
      'proto@quotewell.example',
      false,
      undefined,
    ]);
  });

  it('refuses a body over 1 MB with 413, before any route reads it', async () => {
    const huge = await send('POST', '/api/prospects', jsonBody({ ...person3, pad: 'x'.repeat(1_100_000) }));
    expect([huge.status, huge.text]).toEqual([413, expect.stringMatching(/too large/i)]);
  });
});

describe('path parameters', () => {
  const WEIRD = ['abc', '0', '-1', '1.5', '99999999999999999999999', '%00', 'a%2Fb', '%E0%A4%A', "x'%22", '..', 'x'.repeat(3000)];

  it('answers every route a 4xx, never a 500, for ids of the wrong shape', async () => {
    const withParams = allRouteDocs.filter(
      (doc) => /\{\w+\}/.test(doc.path) && !Object.values(doc.responses).some((answer) => answer.contentType === 'text/event-stream'),
    );
    expect(withParams.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const doc of withParams) {
      for (const value of WEIRD) {
        const path = doc.path.replace(/\{\w+\}/g, value);
        const body = doc.method === 'get' || doc.method === 'delete' ? {} : jsonBody({});
        const answer = await send(doc.method.toUpperCase(), path, body);
        if (answer.status < 400 || answer.status >= 500) failures.push(`${doc.method.toUpperCase()} ${path}: ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('names the parameter when an id is not one', async () => {
    const prospect = await send('GET', '/api/prospects/abc');
    expect([prospect.status, prospect.text]).toEqual([400, 'Invalid request: id: must be a positive integer']);
    const campaign = await send('GET', '/api/campaigns/1.5', { headers: asJson });
    expect([campaign.status, Object.keys(errorOf(campaign).fields ?? {})]).toEqual([400, ['id']]);
  });
});
