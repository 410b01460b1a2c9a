import { ApplicationFailure } from '@temporalio/common';
import {
  ACROSS_WORKSPACES,
  parseActivityInput,
  singleOf,
  workspaceOf,
  type ActivityExtra,
  type BoundActivity,
  type ListResult,
  type RunContext,
} from '@meetflow/plugin-sdk';
import type { JsonSchema } from '@meetflow/workflows/pipeline';
import { z } from 'zod';
import type { Models } from '../../models.ts';
import { publishEvents, type EventsDb } from '../../../core/events.ts';
import { recordOutcomes, type OutcomesDb } from '../../insights/services.ts';
import type { ActivityOptions } from '../../runs/services.ts';
import type { PipelineRun } from '../../runs/services.ts';

/**
 * The built-in activity that applies what a prospect-pipeline run's scoring found: the prospect's
 * score (and its industry, when it has none yet) and one `lead_scored` outcome. A step of the
 * pipeline like any other, so a run has these effects whoever waits for it (or nobody does).
 */
export const APPLY_SCORE_ACTIVITY = 'platform.applyProspectScore';

/** The four ICP-fit dimensions every recorded score has; the learning engine fits these and timing (issue #33, item 4). */
const FIT_DIMENSIONS = ['companySize', 'industryMatch', 'techStack', 'jobTitle'] as const;

const ApplyScoreInput = z.object({
  prospectId: z.number().int().min(1).describe('The prospect the run scored'),
  score: z
    .looseObject({
      totalScore: z.number().min(0).max(100),
      dimensions: z.array(z.looseObject({ key: z.string(), score: z.number().min(0).max(100) })),
    })
    .describe("The scoring step's output (lead-scoring.scoreProspect)"),
  industry: z.string().nullable().optional().describe('The industry research found: set on the prospect only when it has none'),
});

const ApplyScoreOutput = z.object({
  prospectId: z.number().int(),
  applied: z.boolean().describe('False when the workspace has no such prospect: nothing was written'),
  score: z.number().nullable(),
  outcomeEventId: z
    .string()
    .nullable()
    .describe('The `lead_scored` outcome: one per run and its reruns of the same prospect (`scored-<first run>`)'),
});

type ApplyScoreOutput = z.infer<typeof ApplyScoreOutput>;

const schema = (type: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(type, { io, unrepresentable: 'any' }) as JsonSchema;

/**
 * How pipelines may use it: sales ops (it writes the workspace's prospects and the outcomes the
 * learning engine learns from, as enrolment sends its email), with its input and output schemas so
 * the mapping check types `{{ score }}` and `{{ research.industry }}` like a plugin's.
 */
export const APPLY_SCORE_OPTIONS: ActivityOptions = {
  access: 'sales-ops',
  timeout: '30 seconds',
  input: schema(ApplyScoreInput, 'input'),
  output: schema(ApplyScoreOutput, 'output'),
};

/** Most reruns a lineage is followed through (a guard against a loop in corrupt records). */
const MAX_LINEAGE = 100;

type LineageDb = Pick<Models, 'pipelineRuns'>;

/** What a run says of its lineage. */
type Lineage = Pick<PipelineRun, 'workspaceId' | 'retryOf' | 'restartedFrom'> & { input?: { prospectId?: unknown } };

/**
 * The first run of `runId`'s rerun lineage (each rerun names the run it reran: `retryOf`, or
 * `restartedFrom`) that processed the same prospect: the run a `lead_scored` outcome is keyed by, so
 * a rerun (whole or from a step) scores its prospect once, as its first run did. Read by run id
 * alone (unique across workspaces: the unique index's exact key), within the run's workspace.
 */
async function firstRunOf(db: LineageDb, workspaceId: string, runId: string, prospectId: number): Promise<string> {
  const read = (id: string) =>
    db.pipelineRuns
      .findOne({ runId: id }, { workspaceId: 1, retryOf: 1, restartedFrom: 1, 'input.prospectId': 1 }, ACROSS_WORKSPACES)
      .lean<Lineage>();
  let current = await read(runId);
  let first = runId;
  for (let hop = 0; current && hop < MAX_LINEAGE; hop++) {
    const parentId = current.retryOf ?? current.restartedFrom?.runId;
    if (!parentId) break;
    const parent = await read(parentId);
    if (!parent || parent.workspaceId !== workspaceId || parent.input?.prospectId !== prospectId) break;
    first = parentId;
    current = parent;
  }
  return first;
}

/**
 * `platform.applyProspectScore`: sets the prospect's score (and industry, when it has none) and
 * records one `lead_scored` outcome with the five dimensions the learning engine fits weights on.
 * Idempotent: the writes are `$set`s and the outcome is keyed by the first run of the run's
 * lineage, so a retried attempt, a rerun from any step or a whole rerun counts the prospect once.
 * The workspace and the run are the run context's (the step runner's), never the input's.
 */
export function createApplyScoreActivity(db: Pick<Models, 'prospects'> & LineageDb & OutcomesDb & EventsDb): Record<string, BoundActivity> {
  /** One call's input and context, checked: what applying it writes, but the outcome's key (its lineage's first run). */
  const prepare = (raw: unknown, extra: ActivityExtra | undefined) => {
    const { prospectId, score, industry } = parseActivityInput(APPLY_SCORE_ACTIVITY, ApplyScoreInput, raw);
    const workspaceId = workspaceOf(extra ?? {});
    const runId = extra?.run?.runId;
    if (!runId) {
      throw ApplicationFailure.create({
        type: 'NoRunContext',
        nonRetryable: true,
        message: `${APPLY_SCORE_ACTIVITY} applies the score of a pipeline run, and the platform called it outside one`,
      });
    }
    const dimensions = new Map(score.dimensions.map((dimension) => [dimension.key, dimension.score / 100]));
    // A score without timing (an older scorer) still records the four: the refit leaves it out, it is not a timing of 0.
    const timing = dimensions.get('timing');
    const features = FIT_DIMENSIONS.every((key) => dimensions.has(key))
      ? {
          ...(Object.fromEntries(FIT_DIMENSIONS.map((key) => [key, dimensions.get(key)!])) as Record<
            (typeof FIT_DIMENSIONS)[number],
            number
          >),
          ...(timing === undefined ? {} : { timing }),
        }
      : undefined;
    const context: Pick<RunContext, 'workspaceId' | 'principal'> = extra?.run ?? {
      workspaceId,
      principal: { kind: 'system', id: 'system:scoring', role: 'system' },
    };
    return { prospectId, score, industry, workspaceId, runId, features, context };
  };
  type Prepared = ReturnType<typeof prepare>;
  const outcomeOf = (call: Prepared, eventId: string) => ({
    workspaceId: call.workspaceId,
    eventId,
    type: 'lead_scored' as const,
    at: new Date(),
    prospectId: call.prospectId,
    score: call.score.totalScore,
    ...(call.features ? { features: call.features } : {}),
  });
  const stageEvent = (call: Prepared, eventId: string) => ({
    type: 'prospect.stage_changed' as const,
    key: eventId,
    data: { prospectId: call.prospectId, stage: call.score.qualified ? 'qualified' : 'disqualified', score: call.score.totalScore },
  });

  /**
   * Each kind of write once for a list (a batch's chunk; one call is a list of one), per workspace
   * and principal, rather than once per prospect: the scores and industries in one bulk write each,
   * the runs' lineage in one read (a rerun's parents then one by one), the outcomes with
   * recordOutcomes and the stage events with publishEvents. An item whose input or context is wrong
   * fails alone; a database error fails its group, whose retry writes nothing twice.
   */
  const apply = singleOf(async (items) => {
    const results: ListResult[] = new Array(items.length);
    const groups = new Map<string, Array<{ index: number; call: Prepared }>>();
    const startedAt = new Date();
    for (const [index, item] of items.entries()) {
      try {
        const call = prepare(item.input, item.extra);
        const key = `${call.workspaceId}\u0000${call.context.principal.id}`;
        groups.set(key, [...(groups.get(key) ?? []), { index, call }]);
      } catch (error) {
        results[index] = { ok: false, error, startedAt, endedAt: new Date() };
      }
    }
    for (const group of groups.values()) {
      try {
        const outputs = await applyGroup(group.map(({ call }) => call));
        group.forEach(({ index }, position) => (results[index] = { ok: true, output: outputs[position], startedAt, endedAt: new Date() }));
      } catch (error) {
        for (const { index } of group) results[index] = { ok: false, error, startedAt, endedAt: new Date() };
      }
    }
    return results;
  });

  /** Applies the calls of one workspace and principal together; outputs in their order. */
  async function applyGroup(calls: Prepared[]): Promise<ApplyScoreOutput[]> {
    const { workspaceId, context } = calls[0]!;
    const scored = await db.prospects.bulkWrite(
      calls.map((call) => ({
        updateOne: { filter: { workspaceId, id: call.prospectId }, update: { $set: { score: call.score.totalScore } } },
      })),
      { ordered: false },
    );
    // Every prospect there (the usual case) when every update matched; else asked one by one.
    const present =
      scored.matchedCount === calls.length
        ? calls.map(() => true)
        : await Promise.all(calls.map(async (call) => (await db.prospects.exists({ workspaceId, id: call.prospectId })) !== null));
    const applied = calls.filter((_, index) => present[index]);
    const withIndustry = applied.filter((call) => call.industry);
    if (withIndustry.length > 0)
      await db.prospects.bulkWrite(
        withIndustry.map((call) => ({
          updateOne: {
            filter: { workspaceId, id: call.prospectId, industry: null },
            update: { $set: { industry: call.industry!, industryLower: call.industry!.toLowerCase() } },
          },
        })),
        { ordered: false },
      );
    // The lineage: each run read once (by its unique id); only a rerun's parents are then followed alone.
    const runs = new Map(
      (
        await db.pipelineRuns
          .find({ runId: { $in: applied.map((call) => call.runId) } }, { runId: 1, retryOf: 1, restartedFrom: 1 }, ACROSS_WORKSPACES)
          .lean<Array<Pick<PipelineRun, 'runId' | 'retryOf' | 'restartedFrom'>>>()
      ).map((run) => [run.runId, run]),
    );
    const eventIds = await Promise.all(
      applied.map(async (call) => {
        const run = runs.get(call.runId);
        const first =
          run && !run.retryOf && !run.restartedFrom ? call.runId : await firstRunOf(db, workspaceId, call.runId, call.prospectId);
        return `scored-${first}`;
      }),
    );
    await recordOutcomes(
      db,
      applied.map((call, position) => outcomeOf(call, eventIds[position]!)),
    );
    const staged = applied.flatMap((call, position) =>
      typeof call.score.qualified === 'boolean' ? [stageEvent(call, eventIds[position]!)] : [],
    );
    if (staged.length > 0) await publishEvents(db, context, staged);
    let position = 0;
    return calls.map((call, index) => {
      if (!present[index]) return { prospectId: call.prospectId, applied: false, score: null, outcomeEventId: null };
      return { prospectId: call.prospectId, applied: true, score: call.score.totalScore, outcomeEventId: eventIds[position++]! };
    });
  }

  return { [APPLY_SCORE_ACTIVITY]: apply };
}
