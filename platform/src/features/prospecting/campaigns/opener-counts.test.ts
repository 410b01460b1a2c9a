import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { createModels, type Models } from '../../models.ts';
import { PROSPECT_PIPELINE } from '../superagent/prospect-pipeline.ts';
import { countCampaignOpeners } from './opener-counts.ts';

// What the copy step is given in a campaign's batch: the opener kinds of the campaign's first
// emails so far, read from its batches' runs in its workspace, each prospect once.

let connection: mongoose.Connection;
let db: Models;

beforeAll(async () => {
  connection = await openTestDatabase('opener-counts');
  db = createModels(connection);
  await Promise.all([db.pipelineRuns.init(), db.stepOutputs.init()]);
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

let runs = 0;
/** One prospect-pipeline run of a batch, its copy step `copy` ('skipped' when not qualified), its output's opener kind. */
async function run(
  workspaceId: string,
  batchId: string,
  prospectId: number,
  copy: 'completed' | 'skipped',
  openerKind?: string | null,
  at = 0,
) {
  const runId = `run-${++runs}`;
  await db.pipelineRuns.create({
    runId,
    workspaceId,
    pipelineId: PROSPECT_PIPELINE.id,
    pipelineVersion: PROSPECT_PIPELINE.version,
    definition: PROSPECT_PIPELINE,
    input: { prospectId },
    status: 'completed',
    steps: { copy: { status: copy } },
    batchId,
    createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, at)),
  });
  if (copy === 'completed') {
    await db.stepOutputs.create({ runId, nodeId: 'copy', output: { sequence: [], ...(openerKind === undefined ? {} : { openerKind }) } });
  }
}

describe('countCampaignOpeners', () => {
  it('counts the first emails of the campaign’s batches by opener kind, in its workspace only, each prospect once', async () => {
    await run('ws-a', 'batch-1', 1, 'completed', 'hiring');
    await run('ws-a', 'batch-1', 2, 'completed', 'hiring');
    await run('ws-a', 'batch-1', 3, 'completed', 'funding');
    await run('ws-a', 'batch-1', 4, 'completed', null); // a first email opening on no fact
    await run('ws-a', 'batch-1', 5, 'skipped'); // not qualified: no email written
    await run('ws-a', 'batch-1', 6, 'completed'); // written before opener kinds were recorded
    // Prospect 3 retried in a later batch: its latest copy counts, once.
    await run('ws-a', 'batch-2', 3, 'completed', 'tech', 10);
    // Another campaign's batch, and another workspace's run under the same batch id.
    await run('ws-a', 'batch-other', 7, 'completed', 'hiring');
    await run('ws-b', 'batch-1', 8, 'completed', 'hiring');

    expect(await countCampaignOpeners(db, 'ws-a', ['batch-1', 'batch-2'])).toEqual({
      firstEmails: 5,
      kinds: { hiring: 2, tech: 1 },
    });
    expect(await countCampaignOpeners(db, 'ws-b', ['batch-1'])).toEqual({ firstEmails: 1, kinds: { hiring: 1 } });
  });

  it('answers zero counts for a campaign without batches or without written emails', async () => {
    expect(await countCampaignOpeners(db, 'ws-a', [])).toEqual({ firstEmails: 0, kinds: {} });
    expect(await countCampaignOpeners(db, 'ws-a', ['batch-none'])).toEqual({ firstEmails: 0, kinds: {} });
  });
});
