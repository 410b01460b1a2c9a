// `npx tsx platform/dev/bench/batch-view-cost.ts`: what one read of a batch's step counts from its
// run records costs on the embedded database (what GET /api/batches/{id} reads once the batch has
// ended; until 2026-12-02 it also read them once a second while a user watched it run), grouped per node in place (batch-progress.ts,
// recordedBatchCounts) against unwinding each run's `steps` map (the way it was, kept here as the
// reference). 1,000 runs of the prospect pipeline, their steps at every stage; sequential reads on a
// fresh server after a warm-up; prints the wall time and the CPU of the database and of this
// process per read, and checks that both ways count the same. Asserts nothing else.
import { randomUUID } from 'node:crypto';
import type { StepStatus } from '@meetflow/workflows/pipeline';
import { FAILURES_LISTED, recordedBatchCounts } from '../../src/features/runs/pipelines/batch-progress.ts';
import { PROSPECT_PIPELINE } from '../../src/features/prospecting/superagent/prospect-pipeline.ts';
import { benchRunRecord } from './run-records.ts';
import { startBenchServers, timeSequentialReads } from './stack.ts';

const RUNS = 1_000;
const READS = 100;
const WORKSPACE = 'batch-view';

const servers = await startBenchServers();
try {
  const { db } = await servers.database('batch-view-cost');
  const database = servers.devstack.processes.mongo?.pid;
  const batchId = randomUUID();
  const definition = PROSPECT_PIPELINE;
  const statuses: StepStatus[] = ['completed', 'running', 'pending', 'failed', 'skipped'];
  await db.pipelineRuns.insertMany(
    Array.from({ length: RUNS }, (_, index) =>
      benchRunRecord(
        WORKSPACE,
        batchId,
        randomUUID(),
        index,
        // Runs further along the more of them there are: every status at every node, a few conditions held or not.
        Object.fromEntries(
          definition.nodes.map((node, position) => [
            node.id,
            {
              status: statuses[(index + position) % statuses.length]!,
              activity: node.activity,
              attempts: 1,
              startedAt: new Date(),
              ...(node.when ? { conditionMet: index % 3 !== 0 } : {}),
            },
          ]),
        ),
      ),
    ),
  );
  /** recordedBatchCounts's read as it was: its steps facet unwound each run's steps, then grouped them by node, status and condition. */
  const unwound = async () => {
    const [facets] = await db.pipelineRuns.aggregate<{
      steps: Array<{ _id: { nodeId: string; status: StepStatus; conditionMet?: boolean | null }; count: number }>;
    }>([
      { $match: { workspaceId: WORKSPACE, batchId } },
      {
        $facet: {
          runs: [{ $group: { _id: '$status', count: { $sum: 1 }, lastEndedAt: { $max: '$endedAt' } } }],
          steps: [
            { $project: { steps: { $objectToArray: '$steps' } } },
            { $unwind: '$steps' },
            {
              $group: { _id: { nodeId: '$steps.k', status: '$steps.v.status', conditionMet: '$steps.v.conditionMet' }, count: { $sum: 1 } },
            },
          ],
          failures: [{ $match: { status: 'failed' } }, { $limit: FAILURES_LISTED }, { $project: { runId: 1, error: 1, input: 1 } }],
        },
      },
    ]);
    return facets?.steps ?? [];
  };
  const grouped = () => recordedBatchCounts(db, WORKSPACE, batchId, definition);
  // Both ways count the same.
  const [before, now] = [await unwound(), await grouped()];
  for (const group of before) {
    const counted = now.nodes[group._id.nodeId]?.[group._id.status];
    const total = before
      .filter((other) => other._id.nodeId === group._id.nodeId && other._id.status === group._id.status)
      .reduce((sum, other) => sum + other.count, 0);
    if (counted !== total) throw new Error(`the reads disagree on ${group._id.nodeId} ${group._id.status}: ${total} and ${counted}`);
  }
  for (let index = 0; index < 30; index++) await Promise.all([unwound(), grouped()]);
  for (const [way, read] of Object.entries({ 'unwound (before)': unwound, 'grouped in place (now)': grouped })) {
    const { ms, databaseMs, callerMs } = await timeSequentialReads(read, READS, database);
    console.log(
      `${RUNS} runs, ${way}: ${ms.toFixed(1)} ms a read; CPU a read: database ${databaseMs.toFixed(1)} ms, caller ${callerMs.toFixed(1)} ms`,
    );
  }
} finally {
  await servers.close();
}
