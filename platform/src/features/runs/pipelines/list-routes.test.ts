import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveProductApp } from '../../../../dev/testing/http.ts';
import { mathPlugin } from '../../../../dev/testing/math-plugin.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import { installedPlugins } from '../plugins/installed.ts';
import { PROSPECT_PIPELINE } from '../../prospecting/superagent/prospect-pipeline.ts';

const doubler = {
  id: 'doubler',
  name: 'Doubler',
  nodes: [{ id: 'once', activity: 'math.double', input: { n: '{{ input.n }}' } }],
};

let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveProductApp>>;
const get = async (path: string) => fetch(`${server.url}${path}`);
const post = async (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const answer = async (response: Promise<Response>) => {
  const settled = await response;
  const text = await settled.text();
  return [settled.status, settled.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text] as const;
};

/** Starts a run of a saved pipeline and waits for it to end. */
async function runToEnd(pipelineId: string, input: unknown): Promise<string> {
  const { runId } = (await (await post(`/api/pipelines/${pipelineId}/runs`, { input })).json()) as { runId: string };
  await expect
    .poll(async () => ((await (await get(`/api/runs/${runId}`)).json()) as { status: string }).status, { timeout: 30_000 })
    .toBe('completed');
  return runId;
}

beforeAll(async () => {
  // Every installed plugin (and the enrolment activity), so the prospect pipeline's steps are known and it can be duplicated.
  stack = await startTestPipelineWorker('pipelines-list', [mathPlugin, ...installedPlugins], { enrollment: true });
  server = await serveProductApp(stack);
});
afterAll(async () => {
  await server?.close();
  await stack?.stop();
});

describe('GET /api/pipelines', () => {
  it('lists the built-ins first, read-only, even before anything is saved', async () => {
    const [status, list] = await answer(get('/api/pipelines'));
    expect(status).toBe(200);
    expect(list).toEqual([
      expect.objectContaining({
        pipelineId: 'prospect-pipeline',
        version: PROSPECT_PIPELINE.version,
        builtIn: true,
        versions: 1,
        runs: { total: 0, byStatus: { pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0 }, last: null },
      }),
      expect.objectContaining({ pipelineId: 'learning-cycle', builtIn: true, runs: null, cannotDuplicate: expect.any(String) }),
    ]);
    expect(list[0]).not.toHaveProperty('cannotDuplicate');
  });

  it("counts each pipeline's runs by status and names the newest, the prospect pipeline's included", async () => {
    expect((await post('/api/pipelines', doubler)).status).toBe(201);
    await runToEnd('doubler', { n: 1 });
    expect((await post('/api/pipelines', { ...doubler, name: 'Doubler v2' })).status).toBe(201);
    const newest = await runToEnd('doubler', { n: 2 });
    // The built-in prospect pipeline records its runs under its id (process-prospect and campaigns start them).
    const failed = randomUUID();
    await stack.db.pipelineRuns.create({
      runId: failed,
      workspaceId: 'default',
      pipelineId: PROSPECT_PIPELINE.id,
      pipelineVersion: PROSPECT_PIPELINE.version,
      definition: PROSPECT_PIPELINE,
      input: {},
      status: 'failed',
      steps: {},
    });

    const [, list] = await answer(get('/api/pipelines'));
    expect(list.map((entry: { pipelineId: string }) => entry.pipelineId)).toEqual(['prospect-pipeline', 'learning-cycle', 'doubler']);
    expect(list[0].runs).toMatchObject({
      total: 1,
      byStatus: { failed: 1, completed: 0 },
      last: { runId: failed, status: 'failed', version: PROSPECT_PIPELINE.version },
    });
    expect(list[0].runs.last).not.toHaveProperty('startedAt');
    expect(list[2]).toMatchObject({
      builtIn: false,
      version: 2,
      name: 'Doubler v2',
      versions: 2,
      runs: {
        total: 2,
        byStatus: { pending: 0, running: 0, completed: 2, failed: 0 },
        last: { runId: newest, status: 'completed', version: 2, startedAt: expect.any(String) },
      },
    });
    expect(list[2]).not.toHaveProperty('definition');

    const [, elsewhere] = await answer(get('/api/pipelines?workspace=another'));
    expect(elsewhere.map((entry: { pipelineId: string }) => entry.pipelineId)).toEqual(['prospect-pipeline', 'learning-cycle']);
    expect(elsewhere[0].runs.total).toBe(0);
  });
});

describe('versions saved under a built-in id', () => {
  it('are listed as their own saved entry (campaigns pin them), while the id still reads the built-in', async () => {
    const workspaceId = 'pinned';
    // Written past POST /api/pipelines, which may refuse built-in ids: such versions were saved before.
    await stack.db.pipelines.create({
      workspaceId,
      pipelineId: PROSPECT_PIPELINE.id,
      version: 1,
      name: 'Edited prospect pipeline',
      definition: { ...PROSPECT_PIPELINE, version: 1 },
    });
    const [, list] = await answer(get(`/api/pipelines?workspace=${workspaceId}`));
    expect(list.map((entry: { pipelineId: string; builtIn: boolean }) => [entry.pipelineId, entry.builtIn])).toEqual([
      ['prospect-pipeline', true],
      ['learning-cycle', true],
      ['prospect-pipeline', false],
    ]);
    expect(list[2]).toMatchObject({ name: 'Edited prospect pipeline', versions: 1 });
    expect((await (await get(`/api/pipelines/prospect-pipeline?workspace=${workspaceId}`)).json()) as object).toMatchObject({
      builtIn: true,
      version: PROSPECT_PIPELINE.version,
    });
  });
});

describe('GET /api/pipelines/{id} and its versions', () => {
  it('reads a built-in as it is defined, with its one version', async () => {
    const [status, prospect] = await answer(get('/api/pipelines/prospect-pipeline'));
    expect(status).toBe(200);
    expect(prospect).toMatchObject({
      pipelineId: 'prospect-pipeline',
      builtIn: true,
      version: PROSPECT_PIPELINE.version,
      definition: PROSPECT_PIPELINE,
    });
    expect(await answer(get('/api/pipelines/prospect-pipeline?version=1'))).toEqual([
      404,
      `Built-in pipeline "prospect-pipeline" has only version ${PROSPECT_PIPELINE.version}`,
    ]);
    const [, learning] = await answer(get('/api/pipelines/learning-cycle'));
    expect(learning.definition.nodes.map((node: { activity: string }) => node.activity)).toEqual([
      'platform.gatherOutcomes',
      'learning-engine.runLearningCycle',
      'platform.applyLearningResult',
    ]);
    expect(await answer(get('/api/pipelines/prospect-pipeline/versions'))).toEqual([
      200,
      [{ version: PROSPECT_PIPELINE.version, name: PROSPECT_PIPELINE.name }],
    ]);
  });

  it('lists saved versions newest first, with their notes when they have one', async () => {
    expect(await answer(get('/api/pipelines/doubler?version=1'))).toEqual([
      200,
      expect.objectContaining({ builtIn: false, name: 'Doubler' }),
    ]);
    // Another change adds notes to saved versions; written past the model here, as a stored one would read.
    await stack.db.pipelines.collection.updateOne(
      { workspaceId: 'default', pipelineId: 'doubler', version: 2 },
      { $set: { note: 'Renamed' } },
    );
    const [status, versions] = await answer(get('/api/pipelines/doubler/versions'));
    expect(status).toBe(200);
    expect(versions).toEqual([
      { version: 2, name: 'Doubler v2', createdAt: expect.any(String), note: 'Renamed' },
      { version: 1, name: 'Doubler', createdAt: expect.any(String) },
    ]);
    expect(await answer(get('/api/pipelines/ghost/versions'))).toEqual([404, 'No pipeline "ghost" in this workspace']);
    expect((await get('/api/pipelines/doubler/versions?workspace=another')).status).toBe(404);
  });
});

describe('POST /api/pipelines/{id}/duplicate', () => {
  it('copies a built-in into version 1 of an editable pipeline, under the next free "-copy" id', async () => {
    const [status, copy] = await answer(post('/api/pipelines/prospect-pipeline/duplicate', {}));
    expect(status).toBe(201);
    expect(copy).toMatchObject({ pipelineId: 'prospect-pipeline-copy', version: 1, name: `Copy of ${PROSPECT_PIPELINE.name}` });
    // The decision and apply steps come along: a copy decides experiments' arms and applies its scores as the built-in does.
    expect(copy.definition.nodes.map((node: { id: string }) => node.id)).toEqual([
      'research',
      'score',
      'decide',
      'copy',
      'outreach',
      'apply',
    ]);
    const [, again] = await answer(post('/api/pipelines/prospect-pipeline/duplicate', {}));
    expect(again).toMatchObject({ pipelineId: 'prospect-pipeline-copy-2', version: 1 });
    const [, listed] = await answer(get('/api/pipelines'));
    expect(listed.find((entry: { pipelineId: string }) => entry.pipelineId === 'prospect-pipeline-copy')).toMatchObject({
      builtIn: false,
      versions: 1,
      runs: { total: 0 },
    });
  });

  it('copies the version asked for, under the id and name given', async () => {
    const [status, copy] = await answer(post('/api/pipelines/doubler/duplicate', { newId: 'tripler', name: 'Tripler', version: 1 }));
    expect(status).toBe(201);
    expect(copy).toMatchObject({ pipelineId: 'tripler', version: 1, name: 'Tripler', definition: { id: 'tripler', name: 'Tripler' } });
  });

  it('refuses a taken id, an unknown source and the learning cycle, naming each', async () => {
    expect(await answer(post('/api/pipelines/doubler/duplicate', { newId: 'tripler' }))).toEqual([
      409,
      'A pipeline "tripler" already exists in this workspace: choose another id for the copy',
    ]);
    expect(await answer(post('/api/pipelines/doubler/duplicate', { newId: 'learning-cycle' }))).toEqual([
      409,
      '"learning-cycle" is a built-in pipeline\'s id: choose another id for the copy',
    ]);
    expect(await answer(post('/api/pipelines/ghost/duplicate', {}))).toEqual([404, 'No pipeline "ghost" in this workspace']);
    expect(await answer(post('/api/pipelines/doubler/duplicate', { version: 9 }))).toEqual([
      404,
      'No pipeline "doubler" version 9 in this workspace',
    ]);
    const [status, refusal] = await answer(post('/api/pipelines/learning-cycle/duplicate', {}));
    expect(status).toBe(422);
    expect(refusal).toMatch(/^Pipeline "learning-cycle" cannot be duplicated: .*platform activities/);
    expect((await post('/api/pipelines/doubler/duplicate', { newId: 'Not Kebab' })).status).toBe(400);
    expect((await post('/api/pipelines/doubler/duplicate?workspace=another', {})).status).toBe(404);
  });
});
