// Runs and batches recorded by older versions of this folder's workflows replay on today's code:
// a change that would break them belongs behind patched(). The histories every release must replay
// are recorded by the platform (platform/dev/replay); these two are older recordings of particular paths.
import { readFileSync } from 'node:fs';
import { temporal } from '@temporalio/proto';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { beforeAll, describe, expect, inject, it } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundle of this folder's workflows, built once for the suite by its global setup (platform/dev/testing/global-setup.ts). */
    workflowBundlePath: string;
  }
}

/** A history from fixtures/. */
const recorded = (file: string) =>
  temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8')));
const replay = (history: temporal.api.history.v1.History) =>
  Worker.runReplayHistory({ workflowBundle: { codePath: inject('workflowBundlePath') } }, history);

beforeAll(() => {
  // Errors only: at its default level the SDK logs each replay worker's start and stop.
  try {
    Runtime.install({ logger: new DefaultLogger('ERROR'), telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' } } } });
  } catch {
    // A runtime already exists in this process (installed by an earlier file): its logger stays.
  }
});

describe('runPipeline', () => {
  it('still replays a run recorded by the wave-by-wave interpreter', async () => {
    // Recorded on the branches pipeline (platform/src/features/runs/pipelines/branches.fixture.ts) before
    // steps started on their own parents. Temporal's replay check compares commands, not which step a
    // same-type activity was for: what keeps such a run on its own (wave) order is the patch
    // (TRUE_DAG_PATCH), whose marker the platform's runs.test.ts finds on new runs; this one has none.
    const history = recorded('branches-wave-history.json');
    expect(history.events?.some((event) => event.markerRecordedEventAttributes)).toBe(false);
    await expect(replay(history)).resolves.toBeUndefined();
  });
});

describe('runBatch', () => {
  it('still replays a batch recorded before the workflow counted runs under way', async () => {
    await expect(replay(recorded('batch-history-before-live-counts.json'))).resolves.toBeUndefined();
  });
});
