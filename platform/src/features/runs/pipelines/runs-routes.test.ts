import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveProductApp } from '../../../../dev/testing/http.ts';
import { mathPlugin } from '../../../../dev/testing/math-plugin.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';

const definition = {
  id: 'doubler',
  name: 'Doubler',
  nodes: [
    { id: 'once', activity: 'math.double', input: { n: '{{ input.n }}' } },
    { id: 'twice', activity: 'math.double', input: { n: '{{ once.n }}' } },
  ],
  edges: [{ from: 'once', to: 'twice' }],
};

let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveProductApp>>;
const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Reads a Server-Sent Events stream to its end, as `[event, data]` pairs. */
async function readEvents(response: Response): Promise<Array<[string, Record<string, unknown>]>> {
  const text = await response.text();
  return text
    .trim()
    .split('\n\n')
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return [eventLine!.replace('event: ', ''), JSON.parse(dataLine!.replace('data: ', '')) as Record<string, unknown>];
    });
}

beforeAll(async () => {
  stack = await startTestPipelineWorker('runs-api', [mathPlugin]);
  server = await serveProductApp(stack);
});
afterAll(async () => {
  await server.close();
  await stack.stop();
});

describe('/api/pipelines and /api/runs', () => {
  it('saves definitions as new versions and refuses an invalid one: a broken shape with a 400, one that cannot run here with a 422 naming the step', async () => {
    const first = await post('/api/pipelines', definition);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ pipelineId: 'doubler', version: 1 });
    expect(await (await post('/api/pipelines', { ...definition, name: 'Doubler v2' })).json()).toMatchObject({ version: 2 });
    const listed = (await (await fetch(`${server.url}/api/pipelines`)).json()) as Array<{ pipelineId: string; builtIn: boolean }>;
    expect(listed.filter((pipeline) => !pipeline.builtIn)).toMatchObject([{ pipelineId: 'doubler', version: 2, name: 'Doubler v2' }]);
    expect(await (await fetch(`${server.url}/api/pipelines/doubler?version=1`)).json()).toMatchObject({ name: 'Doubler' });

    const invalid = await post('/api/pipelines', { ...definition, nodes: [{ id: 'x', activity: 'math.sqrt', input: {} }], edges: [] });
    expect(invalid.status).toBe(422);
    expect(await invalid.text()).toBe('Invalid pipeline "doubler": node "x": unknown activity "math.sqrt"');
    expect((await post('/api/pipelines', { id: 'Bad Id', nodes: [] })).status).toBe(400);
  });

  it('refuses a definition whose mapping does not fit its input, naming the node and field; a draft is checked without saving', async () => {
    const mismatched = {
      ...definition,
      id: 'typed',
      nodes: [definition.nodes[0], { id: 'twice', activity: 'math.wait', input: { n: '{{ once.n }}', ms: 'soon' } }],
    };
    const refused = await fetch(`${server.url}/api/pipelines`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(mismatched),
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: 'Invalid pipeline "typed": node "twice" field "ms" takes integer, not string "soon"',
      fields: { 'nodes.twice.input.ms': 'node "twice" field "ms" takes integer, not string "soon"' },
    });
    expect((await fetch(`${server.url}/api/pipelines/typed`)).status).toBe(404); // nothing saved

    const draft = await post('/api/pipelines/validate', { ...mismatched, nodes: [...mismatched.nodes, { id: '9', activity: 'math' }] });
    expect(draft.status).toBe(200);
    expect(await draft.json()).toEqual({
      valid: false,
      problems: [
        { at: 'nodes.2.id', message: 'must start with a letter and hold only letters, digits, - and _' },
        { at: 'nodes.2.activity', message: 'must be <plugin>.<activity>' },
      ],
    });
    expect(await (await post('/api/pipelines/validate', mismatched)).json()).toEqual({
      valid: false,
      problems: [{ at: 'nodes.twice.input.ms', message: 'node "twice" field "ms" takes integer, not string "soon"' }],
    });
    const fixed = {
      ...mismatched,
      nodes: [definition.nodes[0], { id: 'twice', activity: 'math.wait', input: { n: '{{ once.n }}', ms: 0 } }],
    };
    expect(await (await post('/api/pipelines/validate', fixed)).json()).toEqual({ valid: true, problems: [] });
  });

  it("refuses a secret in a step's own plugin settings, naming the node and field, wherever the definition is sent", async () => {
    const secret = {
      ...definition,
      id: 'secretive',
      nodes: [
        definition.nodes[0],
        { id: 'scaled', activity: 'math.scale', input: { n: '{{ once.n }}' }, config: { factor: 5, token: 'sk-live' } },
      ],
      edges: [{ from: 'once', to: 'scaled' }],
    };
    const message =
      'node "scaled" config field "token": holds a secret, so it is set in the server\'s settings only (MEETFLOW_PLUGINS_CONFIG), never in a step: a pipeline\'s definition is written into workflow histories, where no secret may go';
    const refused = await fetch(`${server.url}/api/pipelines`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(secret),
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: `Invalid pipeline "secretive": ${message}`,
      fields: { 'nodes.scaled.config.token': message },
    });
    expect((await fetch(`${server.url}/api/pipelines/secretive`)).status).toBe(404); // nothing saved
    expect(await (await post('/api/pipelines/validate', secret)).json()).toEqual({
      valid: false,
      problems: [{ at: 'nodes.scaled.config.token', message }],
    });
    const testRun = await post('/api/pipelines/test-runs', { definition: secret, input: { n: 1 } });
    expect(testRun.status).toBe(422);
    expect(await testRun.text()).not.toContain('sk-live');
    expect(await stack.db.pipelineRuns.countDocuments({ pipelineId: 'secretive' }, ACROSS_WORKSPACES)).toBe(0); // no run, no history

    const saved = await post('/api/pipelines', { ...secret, nodes: [secret.nodes[0], { ...secret.nodes[1], config: { factor: 5 } }] });
    expect(saved.status).toBe(201);
    expect(await saved.json()).toMatchObject({ definition: { nodes: [{ id: 'once' }, { id: 'scaled', config: { factor: 5 } }] } });
  });

  it('keeps the note of each version and diffs two versions', async () => {
    const saved = await post('/api/pipelines', { ...definition, id: 'noted', note: '  first cut  ' });
    expect(await saved.json()).toMatchObject({ version: 1, note: 'first cut' });
    const third = { id: 'thrice', activity: 'math.double', input: { n: '{{ twice.n }}' } };
    await post('/api/pipelines', {
      ...definition,
      id: 'noted',
      nodes: [...definition.nodes, third],
      edges: [...definition.edges, { from: 'twice', to: 'thrice' }],
    });
    const diff = await fetch(`${server.url}/api/pipelines/noted/diff?from=1`);
    expect(await diff.json()).toEqual({
      pipelineId: 'noted',
      from: 1,
      to: 2,
      nodes: { added: ['thrice'], removed: [], changed: [] },
      edges: { added: [{ from: 'twice', to: 'thrice' }], removed: [] },
    });
    expect((await fetch(`${server.url}/api/pipelines/noted/diff?from=7`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/pipelines/noted/diff`)).status).toBe(400);
    expect((await post('/api/pipelines', { ...definition, id: 'noted', note: 'x'.repeat(501) })).status).toBe(400);
  });

  it('test-runs an unsaved draft as a draft run, checked like a save', async () => {
    const started = await post('/api/pipelines/test-runs', { definition: { ...definition, id: 'drafted' }, input: { n: 5 } });
    expect(started.status).toBe(201);
    const run = (await started.json()) as { runId: string; draft: boolean; pipelineId: string };
    expect(run).toMatchObject({ draft: true, pipelineId: 'drafted' });
    const events = await readEvents(await fetch(`${server.url}/api/runs/${run.runId}/events`));
    expect(events.at(-1)?.[1]).toMatchObject({ status: 'completed' });
    expect(await (await fetch(`${server.url}/api/runs/${run.runId}/steps/twice/output`)).json()).toEqual({
      nodeId: 'twice',
      output: { n: 20 },
    });
    expect((await fetch(`${server.url}/api/pipelines/drafted`)).status).toBe(404); // a test run saves nothing

    const wrong = { ...definition, nodes: [{ id: 'once', activity: 'math.double', input: { n: 'five' } }], edges: [] };
    const refused = await post('/api/pipelines/test-runs', { definition: wrong, input: {} });
    expect([refused.status, await refused.text()]).toEqual([
      422,
      'Invalid pipeline "doubler": node "once" field "n" takes number, not string "five"',
    ]);
    expect((await post('/api/pipelines/test-runs', { definition, input: {}, prospectId: 1 })).status).toBe(400);
    expect((await post('/api/pipelines/test-runs', { definition, prospectId: 424242 })).status).toBe(404);
  });

  it('runs a saved pipeline, streams its steps live, and reruns it with lineage', async () => {
    const started = await post('/api/pipelines/doubler/runs', { input: { n: 3 }, version: 1 });
    expect(started.status).toBe(201);
    const run = (await started.json()) as { runId: string; pipelineVersion: number };
    expect(run.pipelineVersion).toBe(1);

    const events = await readEvents(await fetch(`${server.url}/api/runs/${run.runId}/events`));
    expect(events[0]?.[0]).toBe('snapshot');
    const stepEvents = events.filter(([event]) => event === 'step').map(([, data]) => `${String(data.nodeId)}:${String(data.status)}`);
    expect(stepEvents).toContain('twice:completed');
    expect(stepEvents.indexOf('once:completed')).toBeLessThan(stepEvents.indexOf('twice:completed'));
    expect(events.at(-1)).toEqual(['run', { status: 'completed' }]);

    const detail = await (await fetch(`${server.url}/api/runs/${run.runId}`)).json();
    expect(detail).toMatchObject({ status: 'completed', steps: { once: { status: 'completed' }, twice: { status: 'completed' } } });
    expect(await (await fetch(`${server.url}/api/runs/${run.runId}/steps/twice/output`)).json()).toEqual({
      nodeId: 'twice',
      output: { n: 12 },
    });
    const noOutput = await fetch(`${server.url}/api/runs/${run.runId}/steps/ghost/output`);
    expect([noOutput.status, await noOutput.text()]).toEqual([
      404,
      `Step "ghost" of run ${run.runId} has no output (it has not completed)`,
    ]);
    const listed = (await (await fetch(`${server.url}/api/runs?pipeline=doubler`)).json()) as Array<{ runId: string }>;
    expect(listed.map((item) => item.runId)).toContain(run.runId);

    const rerun = await post(`/api/runs/${run.runId}/rerun`, { fromStep: 'twice' });
    expect(rerun.status).toBe(201);
    expect(await rerun.json()).toMatchObject({ restartedFrom: { runId: run.runId, nodeId: 'twice' } });
  });

  it('runs a saved pipeline as a batch and reports its progress', async () => {
    const started = await post('/api/pipelines/doubler/batches', { inputs: [1, 2, 3, 4, 5].map((n) => ({ n })), chunkSize: 2 });
    expect(started.status).toBe(201);
    const batch = (await started.json()) as { batchId: string; total: number };
    expect(batch.total).toBe(5);
    const status = async (workspace = 'default') => fetch(`${server.url}/api/batches/${batch.batchId}?workspace=${workspace}`);
    // The runs are marked completed just before the batch workflow returns: wait for both.
    await expect
      .poll(async () => (await status()).json(), { timeout: 20_000 })
      .toMatchObject({ total: 5, runs: { completed: 5 }, status: 'completed' });
    expect((await status('another')).status).toBe(404);
    const empty = await post('/api/pipelines/doubler/batches', { inputs: [] });
    expect([empty.status, await empty.text()]).toEqual([400, expect.stringMatching(/^Invalid request: inputs: /)]);
  });

  it('keeps runs inside their workspace and names what is missing', async () => {
    const [run] = (await (await fetch(`${server.url}/api/runs`)).json()) as Array<{ runId: string }>;
    const elsewhere = await fetch(`${server.url}/api/runs/${run!.runId}?workspace=another`);
    expect([elsewhere.status, await elsewhere.text()]).toEqual([404, `No run ${run!.runId} in this workspace`]);
    expect(await (await fetch(`${server.url}/api/runs?workspace=another`)).json()).toEqual([]);
    expect((await post(`/api/runs/${run!.runId}/rerun`, { fromStep: 'nope' })).status).toBe(404);
    expect((await fetch(`${server.url}/api/runs?workspace=Not%20A%20Slug`)).status).toBe(400);
  });
});

describe('GET /api/runs: filters and pages', () => {
  const workspace = 'run-filters';
  /** Recorded runs of two pipelines, oldest first; `tie-a`/`tie-b` were created at the same moment (a batch's are). */
  const fixtures = [
    {
      runId: 'r1',
      pipelineId: 'alpha',
      pipelineVersion: 1,
      status: 'completed',
      input: { prospectId: 7 },
      createdAt: '2026-01-01T10:00:00Z',
    },
    { runId: 'r2', pipelineId: 'alpha', pipelineVersion: 2, status: 'failed', input: { prospectId: 8 }, createdAt: '2026-01-02T10:00:00Z' },
    { runId: 'r3', pipelineId: 'alpha', pipelineVersion: 2, status: 'completed', input: { n: 1 }, createdAt: '2026-01-03T10:00:00Z' },
    { runId: 'r4', pipelineId: 'beta', pipelineVersion: 1, status: 'running', input: { prospectId: 7 }, createdAt: '2026-01-03T23:30:00Z' },
    { runId: 'tie-b', pipelineId: 'beta', pipelineVersion: 1, status: 'cancelled', input: {}, createdAt: '2026-01-04T00:00:00Z' },
    {
      runId: 'tie-a',
      pipelineId: 'beta',
      pipelineVersion: 1,
      status: 'pending',
      input: { prospectId: '9' },
      createdAt: '2026-01-04T00:00:00Z',
    },
  ];
  const newestFirst = ['tie-a', 'tie-b', 'r4', 'r3', 'r2', 'r1'];

  /** The listed run ids and the X-Total-Count of one query (in the test workspace). */
  async function list(query: string) {
    const response = await fetch(`${server.url}/api/runs?workspace=${workspace}${query ? `&${query}` : ''}`);
    expect(response.status, await response.clone().text()).toBe(200);
    const runs = (await response.json()) as Array<{ runId: string; prospectId?: number }>;
    return { ids: runs.map((run) => run.runId), total: Number(response.headers.get('x-total-count')), runs };
  }
  /** The status and text of a refused query. */
  const refused = async (query: string) => {
    const response = await fetch(`${server.url}/api/runs?workspace=${workspace}&${query}`);
    return [response.status, await response.text()];
  };

  beforeAll(async () => {
    // Recorded as-is (their own createdAt), without starting workflows: only the list reads them.
    await stack.db.pipelineRuns.collection.insertMany(
      fixtures.map((run) => ({
        ...run,
        workspaceId: workspace,
        definition: { id: run.pipelineId, version: run.pipelineVersion, nodes: [], edges: [] },
        steps: {},
        createdAt: new Date(run.createdAt),
        updatedAt: new Date(run.createdAt),
      })),
    );
  });

  it('lists every run newest first (ties by run id) with the total, and names the prospect a run was for', async () => {
    const all = await list('');
    expect(all).toMatchObject({ ids: newestFirst, total: 6 });
    expect(Object.fromEntries(all.runs.map((run) => [run.runId, run.prospectId]))).toEqual({
      'tie-a': undefined, // a prospect id that is not a number is not one
      'tie-b': undefined,
      r4: 7,
      r3: undefined,
      r2: 8,
      r1: 7,
    });
    expect(all.runs.every((run) => !('input' in run) && !('definition' in run))).toBe(true);
  });

  it('filters by pipeline, version, status, prospect and creation time, each alone and together', async () => {
    expect(await list('pipeline=alpha')).toMatchObject({ ids: ['r3', 'r2', 'r1'], total: 3 });
    expect(await list('pipeline=alpha&version=2')).toMatchObject({ ids: ['r3', 'r2'], total: 2 });
    expect(await list('pipeline=beta&version=2')).toMatchObject({ ids: [], total: 0 });
    expect(await list('pipeline=gamma')).toMatchObject({ ids: [], total: 0 });
    expect(await list('status=completed')).toMatchObject({ ids: ['r3', 'r1'], total: 2 });
    expect(await list('status=cancelled')).toMatchObject({ ids: ['tie-b'], total: 1 });
    const seven = await list('prospect=7');
    expect(seven).toMatchObject({ ids: ['r4', 'r1'], total: 2 });
    expect(seven.runs.map((run) => run.prospectId)).toEqual([7, 7]);
    // A day is whole (UTC): r4 at 23:30 on the 3rd is in; the tie runs at midnight on the 4th are not.
    expect(await list('from=2026-01-02&to=2026-01-03')).toMatchObject({ ids: ['r4', 'r3', 'r2'], total: 3 });
    expect(await list('from=2026-01-03T11:00:00%2B01:00')).toMatchObject({ ids: ['tie-a', 'tie-b', 'r4', 'r3'] });
    expect(await list('to=2026-01-01T10:00:00Z')).toMatchObject({ ids: ['r1'] });
    expect(await list('pipeline=beta&status=running&prospect=7&from=2026-01-03')).toMatchObject({ ids: ['r4'], total: 1 });
    expect(await list('pipeline=alpha&prospect=7&status=failed')).toMatchObject({ ids: [], total: 0 });
  });

  it('pages without overlap or gaps, the total the same on every page', async () => {
    const pages = await Promise.all([0, 2, 4, 6].map((offset) => list(`limit=2&offset=${offset}`)));
    expect(pages.map((page) => page.ids)).toEqual([['tie-a', 'tie-b'], ['r4', 'r3'], ['r2', 'r1'], []]);
    expect(pages.map((page) => page.total)).toEqual([6, 6, 6, 6]);
    expect(await list('limit=4&offset=5')).toMatchObject({ ids: ['r1'], total: 6 });
    expect(await list('status=completed&limit=1&offset=1')).toMatchObject({ ids: ['r1'], total: 2 });
    expect((await list('limit=200')).ids).toEqual(newestFirst);
  });

  it('takes a version alone (of any pipeline) and a range that ends before it starts (no run), as its document allows', async () => {
    expect((await list('version=1')).total).toBeGreaterThan(0);
    expect(await list('version=99')).toMatchObject({ ids: [], total: 0 });
    expect(await list('from=2026-01-03&to=2026-01-02')).toMatchObject({ ids: [], total: 0 });
  });

  it('refuses an unknown or malformed parameter with a 400 naming it', async () => {
    const naming = (name: string) => [400, expect.stringContaining(`${name}:`)];
    expect(await refused('pipeline=alpha&version=two')).toEqual(naming('version'));
    expect(await refused('pipeline=alpha&version=0')).toEqual(naming('version'));
    expect(await refused('status=done')).toEqual(naming('status'));
    expect(await refused('status=failed&status=completed')).toEqual(naming('status'));
    expect(await refused('prospect=seven')).toEqual(naming('prospect'));
    expect(await refused('prospect=1.5')).toEqual(naming('prospect'));
    expect(await refused('from=yesterday')).toEqual(naming('from'));
    expect(await refused('to=2026-13-01')).toEqual(naming('to'));
    expect(await refused('limit=0')).toEqual(naming('limit'));
    expect(await refused('limit=201')).toEqual(naming('limit'));
    expect(await refused('offset=-1')).toEqual(naming('offset'));
    expect(await refused('pipeline=')).toEqual(naming('pipeline'));
    expect(await refused('colour=red')).toEqual(naming('colour'));
  });
});
