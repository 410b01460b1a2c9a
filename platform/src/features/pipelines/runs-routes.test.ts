import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveProductApp } from '../../../dev/testing/http.ts';
import { mathPlugin } from '../../../dev/testing/math-plugin.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../dev/testing/pipeline-worker.ts';

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
  it('saves definitions as new versions and refuses an invalid one with a 400 naming the step', async () => {
    const first = await post('/api/pipelines', definition);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ pipelineId: 'doubler', version: 1 });
    expect(await (await post('/api/pipelines', { ...definition, name: 'Doubler v2' })).json()).toMatchObject({ version: 2 });
    const listed = (await (await fetch(`${server.url}/api/pipelines`)).json()) as Array<{ pipelineId: string; builtIn: boolean }>;
    expect(listed.filter((pipeline) => !pipeline.builtIn)).toMatchObject([{ pipelineId: 'doubler', version: 2, name: 'Doubler v2' }]);
    expect(await (await fetch(`${server.url}/api/pipelines/doubler?version=1`)).json()).toMatchObject({ name: 'Doubler' });

    const invalid = await post('/api/pipelines', { ...definition, nodes: [{ id: 'x', activity: 'math.sqrt', input: {} }], edges: [] });
    expect(invalid.status).toBe(400);
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
    expect(refused.status).toBe(400);
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
      400,
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
