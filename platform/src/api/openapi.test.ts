import { compileErrors, validate } from '@readme/openapi-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import platformPackage from '../../package.json' with { type: 'json' };
import { createTemporalClient } from '../core/temporal/client.ts';
import { serveForTest } from '../../dev/testing/http.ts';
import { ownerEverywhere } from '../../dev/testing/principal.ts';
import { mathPlugin } from '../../dev/testing/math-plugin.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../dev/testing/pipeline-worker.ts';
import { apiRouters, createApp, type AppDeps } from './app.ts';
import { HealthReportSchema } from '../features/runs/health/api-schemas.ts';
import { SavedPipelineSchema } from '../features/runs/pipelines/api-schemas.ts';
import { PluginDescriptionSchema } from '../features/runs/plugins/api-schemas.ts';
import { allRouteDocs } from './routes.ts';
import { RunSchema, RunSummarySchema } from '../features/runs/pipelines/runs-api-schemas.ts';

const definition = { id: 'tripler', name: 'Tripler', nodes: [{ id: 'once', activity: 'math.double', input: { n: '{{ input.n }}' } }] };

let stack: TestPipelineWorker;
let deps: AppDeps;
let server: Awaited<ReturnType<typeof serveForTest>>;
let document: OpenAPIV3_1.Document;
const health = createTemporalClient({ temporalAddress: '127.0.0.1:1', temporalNamespace: 'default' });
const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  stack = await startTestPipelineWorker('openapi', [mathPlugin]);
  deps = {
    logger: pino({ level: 'silent' }),
    database: stack.database,
    temporal: health,
    plugins: stack.host,
    authenticator: ownerEverywhere,
    product: { db: stack.db, runner: stack.runner },
  };
  server = await serveForTest(createApp(deps));
  const response = await fetch(`${server.url}/api/openapi.json`);
  expect(response.status).toBe(200);
  document = (await response.json()) as OpenAPIV3_1.Document;
});
afterAll(async () => {
  await server.close();
  await health.connection.close();
  await stack.stop();
});

/** `GET /api/runs/{id}` for every operation of the document. */
function documentedOperations(doc: OpenAPIV3_1.Document): string[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item ?? {})
      .filter((key) => ['get', 'post', 'put', 'delete', 'patch'].includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

describe('GET /api/openapi.json', () => {
  it('serves a valid OpenAPI 3.1 document titled "Meetflow API" at the platform version', async () => {
    expect(document).toMatchObject({ openapi: '3.1.0', info: { title: 'Meetflow API', version: platformPackage.version } });
    // The parser mutates what it is given; the document has no external $ref to fetch, and none may be fetched.
    const result = await validate(structuredClone(document) as never, { resolve: { external: false } });
    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid');
  });

  it('documents every route the app mounts, and only those', () => {
    const mounted = apiRouters(deps).flatMap((router) =>
      router.stack.flatMap((layer) =>
        layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${String(layer.path).replace(/:(\w+)/g, '{$1}')}`),
      ),
    );
    const documented = allRouteDocs.map((doc) => `${doc.method.toUpperCase()} ${doc.path}`);
    expect(mounted.length).toBeGreaterThanOrEqual(12);
    expect([...documented].sort()).toEqual([...mounted].sort());
    expect(documentedOperations(document).sort()).toEqual([...mounted].sort());
  });

  it('renders request schemas as inputs: a body field with a default is not required', () => {
    const body = document.paths?.['/api/pipelines']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    const schema = body.content['application/json']?.schema as OpenAPIV3_1.SchemaObject;
    expect([body.required, [...(schema.required ?? [])].sort()]).toEqual([true, ['id', 'name', 'nodes']]);
    expect((document.paths?.['/api/runs/{id}/rerun']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject).required).toBe(false);
    const events = document.paths?.['/api/runs/{id}/events']?.get?.responses?.['200'] as OpenAPIV3_1.ResponseObject;
    expect(Object.keys(events.content ?? {})).toEqual(['text/event-stream']);
  });
});

describe('the documented schemas match the behaviour', () => {
  it('refuses POST /api/pipelines without each documented required field, naming it', async () => {
    const body = document.paths?.['/api/pipelines']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    const required = (body.content['application/json']?.schema as OpenAPIV3_1.SchemaObject).required ?? [];
    expect(required.length).toBeGreaterThan(0);
    for (const field of required) {
      const { [field as keyof typeof definition]: _left, ...partial } = definition;
      const response = await post('/api/pipelines', partial);
      expect([response.status, await response.text()]).toEqual([400, expect.stringContaining(`${field}:`)]);
    }
    expect((await post('/api/pipelines', definition)).status).toBe(201);
  });

  it('refuses GET /api/runs with a limit below the documented minimum, naming it', async () => {
    const limit = document.paths?.['/api/runs']?.get?.parameters?.find((parameter) => 'name' in parameter && parameter.name === 'limit');
    const minimum = ((limit as OpenAPIV3_1.ParameterObject).schema as OpenAPIV3_1.SchemaObject).minimum!;
    const below = await fetch(`${server.url}/api/runs?limit=${minimum - 1}`);
    expect([below.status, await below.text()]).toEqual([400, expect.stringContaining('limit:')]);
    expect((await fetch(`${server.url}/api/runs?limit=${minimum}`)).status).toBe(200);
  });

  it('answers with bodies the response schemas accept', async () => {
    const healthResponse = await fetch(`${server.url}/api/health`);
    expect(healthResponse.status).toBe(503); // Temporal at 127.0.0.1:1 never answers
    expect(HealthReportSchema.parse(await healthResponse.json()).checks.temporal.ok).toBe(false);

    const plugins = PluginDescriptionSchema.array().parse(await (await fetch(`${server.url}/api/plugins`)).json());
    expect(plugins.flatMap((plugin) => plugin.activities.map((activity) => activity.qualifiedName))).toContain('math.double');

    const saved = await post('/api/pipelines', { ...definition, id: 'shapes' });
    expect(SavedPipelineSchema.parse(await saved.json()).pipelineId).toBe('shapes');
    const started = await post('/api/pipelines/shapes/runs', { input: { n: 2 } });
    expect(started.status).toBe(201);
    const run = RunSchema.parse(await started.json());
    expect(RunSchema.parse(await (await fetch(`${server.url}/api/runs/${run.runId}`)).json()).pipelineId).toBe('shapes');
    const listed = RunSummarySchema.array().parse(await (await fetch(`${server.url}/api/runs?pipeline=shapes`)).json());
    expect(listed.map((item) => item.runId)).toEqual([run.runId]);
  });
});
