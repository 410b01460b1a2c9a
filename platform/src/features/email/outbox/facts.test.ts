import { RESEARCH } from '@meetflow/plugin-sdk/contracts/agents';
import type { Fact } from '@meetflow/plugin-sdk';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { createModels } from '../../models.ts';
import { ENROLL_ACTIVITY } from '../sequences/enrollment.ts';
import { prospectFacts } from './facts.ts';

// The review queue's cited facts: each prospect's latest research, read from the runs that enrol it,
// known by their steps' activities (the research agent's contract and the enrol step), whatever
// the pipeline or its steps are called.
const WS = 'acme';

let connection: mongoose.Connection;
let db: ReturnType<typeof createModels>;
beforeAll(async () => {
  connection = await openTestDatabase('outbox-facts');
  db = createModels(connection);
  // Every index built before the tests, and so before afterAll drops the database: the embedded
  // database can fail a drop that races an index build ("index not found").
  await Promise.all(Object.values(db).map((model) => model.init()));
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

const fact = (id: string): Fact => ({
  id,
  kind: 'product',
  value: `Fact ${id}`,
  confidence: 0.9,
  evidence: { url: 'https://acme.example/', snippet: `Where ${id} was read` },
});

let minute = 0;
/** A run about `prospectId`, started after the ones before: its steps (node id → activity) and the outputs they stored. */
async function run(
  prospectId: number,
  steps: Record<string, string>,
  outputs: Record<string, unknown>,
  options: { workspaceId?: string; pipelineId?: string } = {},
) {
  const runId = `run-${(minute += 1)}`;
  await db.pipelineRuns.create({
    runId,
    workspaceId: options.workspaceId ?? WS,
    pipelineId: options.pipelineId ?? 'prospect-pipeline',
    pipelineVersion: 1,
    definition: { id: options.pipelineId ?? 'prospect-pipeline' },
    input: { prospectId },
    status: 'completed',
    steps: Object.fromEntries(Object.entries(steps).map(([nodeId, activity]) => [nodeId, { status: 'completed', activity, attempts: 1 }])),
    startedAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
  });
  for (const [nodeId, output] of Object.entries(outputs)) await db.stepOutputs.create({ runId, nodeId, output });
}

const enrolling = { research: RESEARCH.enrichCompany, outreach: ENROLL_ACTIVITY };

describe('the facts an outbox email cites', () => {
  it('are those of the newest run that researched and enrolled the prospect', async () => {
    await run(1, enrolling, { research: { facts: [fact('old')] } });
    await run(1, enrolling, { research: { facts: [fact('new')] } });
    // Newer, but writing no sequence: not what the emails were written from.
    await run(1, { research: RESEARCH.enrichCompany }, { research: { facts: [fact('research-only')] } }, { pipelineId: 'enrich' });
    // Newer, but its research stored no facts (failed, or from before facts): the one before counts.
    await run(1, enrolling, {});
    // Another workspace's run about the same prospect id.
    await run(1, enrolling, { research: { facts: [fact('elsewhere')] } }, { workspaceId: 'rival' });
    // The research step named otherwise, in a copy of the pipeline.
    await run(
      2,
      { lookup: RESEARCH.enrichCompany, enrol: ENROLL_ACTIVITY },
      { lookup: { facts: [fact('copied')] } },
      { pipelineId: 'copy' },
    );

    const facts = await prospectFacts(db, WS, [1, 2, 3]);
    expect(Object.fromEntries(facts)).toEqual({ 1: [fact('new')], 2: [fact('copied')] });
    expect((await prospectFacts(db, WS, [])).size).toBe(0);
  });
});
