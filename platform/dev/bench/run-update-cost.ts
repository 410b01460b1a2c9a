// `npx tsx platform/dev/bench/run-update-cost.ts`: what writing a step of a batch's runs costs the
// embedded database, written as a chunk writes them (batch-activities.ts): 25 runs marked running in
// one update, then their completions in one bulk write, each run's record (its definition and input
// in it, as a campaign's are) updated by its own `updateOne`. 1,000 runs of the prospect pipeline,
// one chunk after another on a fresh server after a warm-up; prints the wall time and the CPU of the
// database and of this process per run's step. Asserts only that every write matched its run.
import { randomUUID } from 'node:crypto';
import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { PROSPECT_PIPELINE } from '../../src/features/prospecting/superagent/prospect-pipeline.ts';
import { benchRunRecord } from './run-records.ts';
import { startBenchServers, timeSequentialReads } from './stack.ts';

const RUNS = 1_000;
const CHUNK = 25;
const WORKSPACE = 'run-update';

const servers = await startBenchServers();
try {
  const { db } = await servers.database('run-update-cost');
  const database = servers.devstack.processes.mongo?.pid;
  const batchId = randomUUID();
  const definition = PROSPECT_PIPELINE;
  const runIds = Array.from({ length: RUNS }, () => randomUUID());
  const pending = Object.fromEntries(
    definition.nodes.map((node) => [node.id, { status: 'pending' as const, activity: node.activity, attempts: 0 }]),
  );
  await db.pipelineRuns.insertMany(runIds.map((runId, index) => benchRunRecord(WORKSPACE, batchId, runId, index, pending)));
  const chunks = Array.from({ length: RUNS / CHUNK }, (_, index) => runIds.slice(index * CHUNK, (index + 1) * CHUNK));
  let next = 0;
  /** One chunk's step for one node, as a chunk writes it: marked running together, then each run's completion. */
  const writeChunk = async () => {
    const nodeId = definition.nodes[Math.floor(next / chunks.length) % definition.nodes.length]!.id;
    const chunk = chunks[next++ % chunks.length]!;
    const step = `steps.${nodeId}`;
    const startedAt = new Date();
    await db.pipelineRuns.updateMany(
      { runId: { $in: chunk } },
      { $set: { [`${step}.status`]: 'running', [`${step}.startedAt`]: startedAt } },
      ACROSS_WORKSPACES, // as a chunk marks its runs, by their unique ids
    );
    const written = await db.pipelineRuns.bulkWrite(
      chunk.map((runId) => ({
        updateOne: {
          filter: { runId },
          update: {
            $set: {
              [`${step}.status`]: 'completed',
              [`${step}.endedAt`]: new Date(),
              [`${step}.outputRef`]: `step-outputs/${runId}/${nodeId}`,
              [`${step}.startedAt`]: startedAt,
            },
            $unset: { [`${step}.error`]: '' },
            $inc: { [`${step}.attempts`]: 1 },
          },
        },
      })),
      { ordered: false },
    );
    if (written.matchedCount !== chunk.length) throw new Error(`${written.matchedCount} of ${chunk.length} runs matched`);
  };
  for (let index = 0; index < chunks.length; index++) await writeChunk();
  const calls = chunks.length * definition.nodes.length;
  const { ms, databaseMs, callerMs } = await timeSequentialReads(writeChunk, calls, database);
  console.log(
    `${RUNS} runs, chunks of ${CHUNK}, ${calls * CHUNK} steps written: ${(ms / CHUNK).toFixed(2)} ms a run's step; ` +
      `CPU a run's step: database ${(databaseMs / CHUNK).toFixed(2)} ms, caller ${(callerMs / CHUNK).toFixed(2)} ms`,
  );
} finally {
  await servers.close();
}
