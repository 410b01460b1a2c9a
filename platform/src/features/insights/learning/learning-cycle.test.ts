import { learningEnginePlugin } from '@meetflow/plugin-learning-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LearningCycleSummary } from '@meetflow/workflows';
import { CONFIG_DEFAULTS } from '../workspace-config/schemas.ts';
import { activityRouter } from './activity-routes.ts';
import { configRouter } from '../workspace-config/routes.ts';
import { dashboardRouter } from '../dashboard/routes.ts';
import { learningRouter } from './routes.ts';
import { recordOutcome } from '../outcomes/record.ts';
import type { OutcomeEventInput } from '../outcomes/schemas.ts';
import { serveForTest, serveRouters } from '../../../../dev/testing/http.ts';
import { runLearningCycle } from '../../../../dev/testing/learning.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../../../../dev/testing/pipeline-worker.ts';
import type { Models } from '../../models.ts';
import type { CyclesModel } from './cycles.ts';
import { DEFAULT_LEARNING_CRON, ensureLearningSchedule } from './schedule.ts';
import { learningSettingsChanged } from './settings.ts';
import { seededRandom } from '@meetflow/plugin-sdk/experiments/random';

let stack: TestPipelineWorker;
let db: Models;
let cycles: CyclesModel;
let server: Awaited<ReturnType<typeof serveForTest>>;

beforeAll(async () => {
  // Learning rate 1 (a jump to the fit): the refit figures below are the fit's; the default's step is learning-rate.test.ts's.
  stack = await startTestPipelineWorker('learning-cycle', [learningEnginePlugin], { settings: { 'learning-engine': { learningRate: 1 } } });
  // The learning models are the platform's (createModels), built by the worker; the cycles are the plugin's.
  db = stack.db;
  cycles = stack.host.models('learning-engine', stack.database).cycles!;
  await cycles.init();
  const schedules = { client: stack.runner.temporal, taskQueue: stack.runner.taskQueue };
  server = await serveRouters(
    configRouter(db, learningSettingsChanged(schedules)),
    dashboardRouter({ db, cycles }),
    activityRouter(db),
    learningRouter({ ...schedules, db, cycles, minSampleSize: 100 }),
  );
});
afterAll(async () => {
  await server?.close();
  await stack?.stop();
});

const json = async (path: string) => (await fetch(`${server.url}${path}`)).json() as Promise<unknown>;
const config = async (workspace: string) =>
  Object.fromEntries(
    ((await json(`/api/config?workspace=${workspace}`)) as Array<{ configKey: string; configValue: unknown }>).map((entry) => [
      entry.configKey,
      entry.configValue,
    ]),
  );
const storedCycle = async (workspaceId: string, cycleId: string) =>
  cycles.findOne({ workspaceId, cycleId }).lean() as Promise<{
    inputSummary: Record<string, number>;
    output: {
      applied: Record<string, boolean>;
      effective: Record<string, unknown>;
      proposed: Record<string, Record<string, number>>;
      insights: unknown[];
      metrics: { learning_score: number };
    };
  } | null>;

/** Triggers a cycle over HTTP and waits for its workflow to finish. */
async function trigger(workspace: string): Promise<{ cycleId: string; summary: LearningCycleSummary }> {
  const response = await fetch(`${server.url}/api/learning/trigger?workspace=${workspace}`, { method: 'POST' });
  expect(response.status).toBe(202);
  const started = (await response.json()) as { runId: string; workflowId: string; cycleId: string };
  expect(started).toEqual({ runId: expect.any(String), workflowId: expect.stringContaining(started.cycleId), cycleId: expect.any(String) });
  const summary = (await stack.runner.temporal.workflow.getHandle(started.workflowId, started.runId).result()) as LearningCycleSummary;
  return { cycleId: started.cycleId, summary };
}

/** Sends and replies per template: roi-focused clearly leads, so the engine is confident about templates only. */
function outcomes(workspaceId: string): OutcomeEventInput[] {
  const at = new Date('2025-03-04T09:00:00Z');
  const rows = [
    ['roi-focused', 60, 30],
    ['pain-point', 60, 6],
    ['value-prop', 60, 3],
  ] as const;
  const events: Array<Omit<OutcomeEventInput, 'workspaceId' | 'eventId'>> = rows.flatMap(([template, sent, replied]) => [
    ...Array.from({ length: sent }, (_, i) => ({ type: 'sent' as const, at, template, step: 1, prospectId: `${template}-${i}` })),
    ...Array.from({ length: replied }, (_, i) => ({
      type: 'replied' as const,
      at,
      template,
      step: 1,
      prospectId: `${template}-${i}`,
      category: i % 2 ? 'interested' : 'objection',
    })),
  ]);
  events.push(...[0, 1, 2, 3].map((i) => ({ type: 'meeting_booked' as const, at, prospectId: `roi-focused-${i}` })));
  events.push(...[0, 1, 2].map((i) => ({ type: 'meeting_attended' as const, at, prospectId: `roi-focused-${i}` })));
  events.push(
    ...Array.from({ length: 20 }, (_, i) => ({
      type: 'lead_scored' as const,
      at,
      prospectId: `roi-focused-${i}`,
      score: 50 + i,
      features: { companySize: i / 20, industryMatch: 0.5, techStack: 1 - i / 20, jobTitle: 0.25 },
    })),
  );
  return events.map((event, i) => ({ ...event, workspaceId, eventId: `event-${i}` }));
}

describe('the learning cycle on the real dev server', () => {
  it('learns from the outcomes, writes only the parts the engine applied, and records its activity', async () => {
    const events = outcomes('acme');
    for (const event of events) await recordOutcome(db, event);
    const { cycleId, summary } = await trigger('acme');

    const stored = await storedCycle('acme', cycleId);
    expect(stored?.inputSummary).toMatchObject({
      sends: 180,
      replies: 39,
      meetingsBooked: 4,
      meetingsAttended: 3,
      scoredLeads: 20,
      templateRows: 3,
      cadenceRows: 1,
    });
    expect(stored?.output.applied).toEqual({ scoringWeights: false, templatePerformance: true, cadenceTiming: false });
    expect(summary).toEqual({ cycleId, applied: ['templatePerformance'], rejected: [] });
    // Beta posterior mean with the default rate as 20 pseudo-sends: (0.345·20 + 30) / (20 + 60).
    expect(stored?.output.proposed.templatePerformance?.['roi-focused']).toBeCloseTo((0.345 * 20 + 30) / 80, 3);
    expect(await config('acme')).toEqual({ ...CONFIG_DEFAULTS, templatePerformance: stored?.output.effective.templatePerformance });
    expect((await config('acme')).templatePerformance).not.toEqual(CONFIG_DEFAULTS.templatePerformance);

    const activity = (await json('/api/activity?workspace=acme')) as Array<{ title: string }>;
    expect(activity.map((line) => line.title).sort()).toEqual([
      'Cadence timing held for review',
      'Learning cycle completed',
      'Scoring weights held for review',
      'Template performance applied',
    ]);
    expect(await json('/api/dashboard/metrics?workspace=acme')).toEqual({
      learning_cycles: 1,
      response_rate: Math.round((1000 * 39) / 180) / 10,
      meeting_booked: 4,
      learning_score: stored?.output.metrics.learning_score,
    });
    expect(await json('/api/dashboard/insights?workspace=acme')).toEqual(stored?.output.insights);
    expect(await db.outcomeEvents.countDocuments({ workspaceId: 'acme', learnedIn: cycleId })).toBe(events.length);
    // Nothing leaked into another workspace.
    expect(await config('other')).toEqual(CONFIG_DEFAULTS);
    expect(await json('/api/activity?workspace=other')).toEqual([]);
  });

  it('learns from each event once, and keeps a config edit the engine did not apply', async () => {
    await recordOutcome(db, {
      workspaceId: 'acme',
      eventId: 'late-send',
      type: 'sent',
      at: new Date('2025-03-11T09:00:00Z'),
      template: 'value-prop',
    });
    const cadence = { step1: 2, step2: 4, step3: 9 };
    await fetch(`${server.url}/api/config/cadenceTiming?workspace=acme`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ configValue: cadence }),
    });
    const { cycleId } = await trigger('acme');
    const stored = await storedCycle('acme', cycleId);
    // The new events are one send; the scoring refit reads every contacted prospect again (judged afresh each cycle).
    expect(stored?.inputSummary).toMatchObject({ sends: 1, replies: 0, meetingsBooked: 0, scoredLeads: 20 });
    expect(stored?.output.applied.cadenceTiming).toBe(false);
    expect((await config('acme')).cadenceTiming).toEqual(cadence);
    expect(await json('/api/dashboard/metrics?workspace=acme')).toMatchObject({
      learning_cycles: 2,
      learning_score: stored?.output.metrics.learning_score,
    });
    expect((await json('/api/activity?workspace=acme')) as unknown[]).toHaveLength(8);
  });

  it('runs weekly from an idempotent Temporal Schedule, and a triggered run records a cycle', async () => {
    const { temporal: client, taskQueue } = stack.runner;
    const workspaceId = 'scheduled';
    expect(await ensureLearningSchedule(client, { workspaceId, taskQueue, cron: '30 7 * * 5' })).toMatchObject({ created: true });
    expect(await ensureLearningSchedule(client, { workspaceId, taskQueue })).toEqual({
      scheduleId: 'learning-cycle-scheduled',
      created: false,
    });
    const handle = client.schedule.getHandle('learning-cycle-scheduled');
    try {
      const described = await handle.describe();
      expect(described.spec.calendars).toEqual([
        expect.objectContaining({
          minute: [{ start: 0, end: 0, step: 1 }],
          hour: [{ start: 6, end: 6, step: 1 }],
          dayOfWeek: [{ start: 'MONDAY', end: 'MONDAY', step: 1 }],
        }),
      ]);
      expect(described.action).toMatchObject({ type: 'startWorkflow', workflowType: 'learningCycle', taskQueue, args: [{ workspaceId }] });
      expect(DEFAULT_LEARNING_CRON).toBe('0 6 * * 1');

      await recordOutcome(db, {
        workspaceId,
        eventId: 'scheduled-send',
        type: 'sent',
        at: new Date('2025-03-04T09:00:00Z'),
        template: 'pain-point',
      });
      await handle.trigger();
      let workflowId: string | undefined;
      for (let waited = 0; !workflowId && waited < 30_000; waited += 250) {
        workflowId = (await handle.describe()).info.recentActions[0]?.action.workflow.workflowId;
        if (!workflowId) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(workflowId).toMatch(/^learning-cycle-scheduled-/);
      const summary = (await client.workflow.getHandle(workflowId!).result()) as LearningCycleSummary;
      expect(summary.cycleId).toBe(workflowId);
      expect((await storedCycle(workspaceId, workflowId!))?.inputSummary).toMatchObject({ sends: 1 });
      expect(await json(`/api/dashboard/metrics?workspace=${workspaceId}`)).toMatchObject({ learning_cycles: 1 });
    } finally {
      await handle.delete();
    }
  });

  it('follows the Learning Configuration switches: auto-apply off applies nothing; automatic cycles off pauses the schedule', async () => {
    const workspaceId = 'switches';
    const put = (configValue: unknown) =>
      fetch(`${server.url}/api/config/learningSettings?workspace=${workspaceId}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ configValue }),
      });
    const status = async () => json(`/api/learning/status?workspace=${workspaceId}`) as Promise<Record<string, unknown>>;
    const handle = stack.runner.temporal.schedule.getHandle('learning-cycle-switches');
    try {
      const events = outcomes(workspaceId);
      for (const event of events) await recordOutcome(db, event);
      expect(await status()).toEqual({
        nextCycleAt: null,
        automaticCycles: true,
        lastCycleAt: null,
        pendingOutcomes: events.length,
        pendingScoredLeads: 20,
        minSampleSize: 100,
        scoringRefit: null,
      });

      // The same outcomes made the engine apply the template rates above; with auto-apply off it only proposes.
      expect((await put({ automaticCycles: true, autoApply: false, emailReports: true })).status).toBe(200);
      const { cycleId, summary } = await trigger(workspaceId);
      expect(summary).toEqual({ cycleId, applied: [], rejected: [] });
      expect((await storedCycle(workspaceId, cycleId))?.output.applied).toEqual({
        scoringWeights: false,
        templatePerformance: false,
        cadenceTiming: false,
      });
      expect((await config(workspaceId)).templatePerformance).toEqual(CONFIG_DEFAULTS.templatePerformance);

      const running = await status();
      expect(running).toMatchObject({ automaticCycles: true, pendingOutcomes: 0, pendingScoredLeads: 0 });
      expect(Date.parse(running.nextCycleAt as string)).toBeGreaterThan(Date.now());
      expect(Date.parse(running.lastCycleAt as string)).toBeLessThanOrEqual(Date.now());
      expect((await handle.describe()).state.paused).toBe(false);

      expect((await put({ automaticCycles: false, autoApply: true, emailReports: false })).status).toBe(200);
      expect((await handle.describe()).state.paused).toBe(true);
      expect(await status()).toMatchObject({ automaticCycles: false, nextCycleAt: null });

      const reset = await fetch(`${server.url}/api/config/learningSettings?workspace=${workspaceId}`, { method: 'DELETE' });
      expect(await reset.json()).toEqual({ configKey: 'learningSettings', configValue: CONFIG_DEFAULTS.learningSettings });
      expect((await handle.describe()).state.paused).toBe(false);
    } finally {
      await handle.delete();
    }
  });
});

/**
 * `count` contacted prospects of a workspace, stored as the platform records them (a `lead_scored`
 * event with the five dimensions, or the four of an event recorded before timing was, then a `sent`
 * event a day later, and a `meeting_booked` one with probability `truth(features)`, seeded).
 * Inserted as counted already: the rollups are not what these tests read.
 */
async function seedProspects(
  workspaceId: string,
  count: number,
  seed: number,
  truth: (features: Record<string, number>) => number,
  { recordTiming = true } = {},
) {
  const random = seededRandom(seed);
  const scoredAt = new Date('2025-04-01T09:00:00Z');
  const sentAt = new Date('2025-04-02T09:00:00Z');
  const events = Array.from({ length: count }, (_, i) => {
    const drawn = { companySize: random(), industryMatch: random(), techStack: random(), jobTitle: random(), timing: random() };
    const { timing: _timing, ...four } = drawn;
    const features = recordTiming ? drawn : four;
    const prospectId = `p${i}`;
    const base = { workspaceId, prospectId, applied: true, learnedIn: null };
    return [
      { ...base, eventId: `scored-${i}`, type: 'lead_scored', at: scoredAt, score: 50, features },
      { ...base, eventId: `sent-${i}`, type: 'sent', at: sentAt, step: 1, template: 'roi-focused' },
      ...(random() < truth(drawn) ? [{ ...base, eventId: `meeting-${i}`, type: 'meeting_booked', at: sentAt }] : []),
    ];
  }).flat();
  await db.outcomeEvents.insertMany(events);
  return events.filter((event) => event.type === 'meeting_booked').length;
}

const runCycle = (workspaceId: string, cycleId: string) => runLearningCycle(stack, workspaceId, cycleId);

interface RefitView {
  cycleId: string;
  applied: boolean;
  better: boolean;
  autoApply: boolean;
  status: string;
  aucBefore: number | null;
  aucAfter: number | null;
  sampleSize: number;
  meetings: number;
  heldOutSize: number;
  minMeetings: number;
  reason: string;
  before: Record<string, number>;
  proposed: Record<string, number>;
  fitted: Record<string, number> | null;
  learningRate: number | null;
  rolledBackAt: string | null;
}
const refitOf = async (workspace: string) =>
  ((await json(`/api/learning/status?workspace=${workspace}`)) as { scoringRefit: RefitView | null }).scoringRefit;
const rollBack = (workspace: string, cycleId: string) =>
  fetch(`${server.url}/api/learning/refits/${cycleId}/rollback?workspace=${workspace}`, { method: 'POST' });

describe('the weekly cycle refits the scoring weights from meetings', () => {
  // Meetings depend on tech stack only, which the default weights give 22%.
  const techStackTruth = (f: Record<string, number>) => 0.01 + 0.4 * f.techStack! ** 2;

  it('applies weights that rank held-out prospects better, shows the evidence, and rolls them back', async () => {
    const meetings = await seedProspects('refit-dependent', 1000, 5, techStackTruth);
    const summary = await runCycle('refit-dependent', 'dependent-1');
    expect(summary.applied).toContain('scoringWeights');
    const refit = await refitOf('refit-dependent');
    expect(refit).toMatchObject({
      cycleId: 'dependent-1',
      applied: true,
      better: true,
      autoApply: true,
      status: 'applied',
      sampleSize: 1000,
      meetings,
      heldOutSize: 300,
      before: CONFIG_DEFAULTS.scoringWeights,
      rolledBackAt: null,
    });
    expect(refit!.aucAfter!).toBeGreaterThan(refit!.aucBefore! + 0.05);
    expect(refit!.reason).toMatch(/^held-out AUC 0\.\d{3} → 0\.\d{3} \(z = \d+\.\d\d\)$/);
    // The evidence names the rate in force (this worker's setting) and the fit it stepped to.
    expect(refit).toMatchObject({ learningRate: 1, fitted: refit!.proposed });
    const applied = (await config('refit-dependent')).scoringWeights as Record<string, number>;
    expect(applied).toEqual(refit!.proposed);
    expect(applied.techStack).toBeGreaterThan(0.5);

    // Another workspace cannot see or roll it back.
    expect(await refitOf('refit-stranger')).toBeNull();
    expect((await rollBack('refit-stranger', 'dependent-1')).status).toBe(404);

    const rolled = await rollBack('refit-dependent', 'dependent-1');
    expect(rolled.status).toBe(200);
    expect(((await rolled.json()) as RefitView).rolledBackAt).toEqual(expect.any(String));
    expect((await config('refit-dependent')).scoringWeights).toEqual(CONFIG_DEFAULTS.scoringWeights);
    const again = await rollBack('refit-dependent', 'dependent-1');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('rolled back already');
    expect((await rollBack('refit-dependent', 'no-such-cycle')).status).toBe(404);
  });

  it('learns timing as the fifth weight: five weights are applied, and rolled back to the four', async () => {
    await seedProspects('refit-timing', 1000, 8, (f) => 0.01 + 0.4 * f.timing! ** 2);
    const summary = await runCycle('refit-timing', 'timing-1');
    expect(summary.applied).toContain('scoringWeights');
    const refit = await refitOf('refit-timing');
    expect(refit).toMatchObject({ applied: true, status: 'applied', sampleSize: 1000, before: CONFIG_DEFAULTS.scoringWeights });
    expect(refit!.aucAfter!).toBeGreaterThan(refit!.aucBefore! + 0.05);
    const applied = (await config('refit-timing')).scoringWeights as Record<string, number>;
    expect(applied).toEqual(refit!.proposed);
    expect(Object.keys(applied).sort()).toEqual(['companySize', 'industryMatch', 'jobTitle', 'techStack', 'timing']);
    // Up from the plugin's default share of 0.1.
    expect(applied.timing).toBeGreaterThan(0.5);
    expect(Object.values(applied).reduce((sum, weight) => sum + weight, 0)).toBeCloseTo(1, 3);
    expect((await rollBack('refit-timing', 'timing-1')).status).toBe(200);
    expect((await config('refit-timing')).scoringWeights).toEqual(CONFIG_DEFAULTS.scoringWeights);
  });

  it('runs on outcomes recorded before timing was: they are left out, and the cycle says so', async () => {
    await seedProspects('refit-old', 1000, 5, techStackTruth, { recordTiming: false });
    const summary = await runCycle('refit-old', 'old-1');
    expect(summary.applied).not.toContain('scoringWeights');
    const refit = await refitOf('refit-old');
    expect(refit).toMatchObject({ applied: false, status: 'too-few-leads', sampleSize: 0 });
    expect(refit!.reason).toBe(
      '0 contacted prospects with scores; a refit needs 100 (1000 scored before timing was recorded are left out)',
    );
    expect((await config('refit-old')).scoringWeights).toEqual(CONFIG_DEFAULTS.scoringWeights);
  });

  it('keeps the weights when meetings depend on no dimension, and says why', async () => {
    await seedProspects('refit-noise', 1000, 6, () => 0.12);
    const summary = await runCycle('refit-noise', 'noise-1');
    expect(summary.applied).not.toContain('scoringWeights');
    const refit = await refitOf('refit-noise');
    expect(refit).toMatchObject({ applied: false, better: false, sampleSize: 1000 });
    expect(['not-better', 'no-signal']).toContain(refit!.status);
    expect(refit!.reason).toMatch(/not better beyond noise|no dimension raises/);
    expect((await config('refit-noise')).scoringWeights).toEqual(CONFIG_DEFAULTS.scoringWeights);
    const refused = await rollBack('refit-noise', 'noise-1');
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('applied nothing');
  });

  it('with auto-apply off, a better refit is a recommendation and nothing changes', async () => {
    await seedProspects('refit-manual', 1000, 5, techStackTruth);
    const put = await fetch(`${server.url}/api/config/learningSettings?workspace=refit-manual`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ configValue: { automaticCycles: false, autoApply: false, emailReports: false } }),
    });
    expect(put.status).toBe(200);
    await runCycle('refit-manual', 'dependent-1');
    expect(await refitOf('refit-manual')).toMatchObject({ better: true, applied: false, autoApply: false });
    expect((await config('refit-manual')).scoringWeights).toEqual(CONFIG_DEFAULTS.scoringWeights);
  });

  it("says the minimum when there are too few meetings, and never reads another workspace's outcomes", async () => {
    // B has plenty to learn from; A has 200 contacted prospects and a handful of meetings.
    await seedProspects('refit-b', 1000, 5, techStackTruth);
    const meetings = await seedProspects('refit-a', 200, 7, () => 0.04);
    await runCycle('refit-a', 'few-1');
    const refit = await refitOf('refit-a');
    expect(refit).toMatchObject({ applied: false, status: 'too-few-meetings', sampleSize: 200, meetings, minMeetings: 20 });
    expect(refit!.reason).toMatch(/^\d+ meetings to learn from; a refit needs 20$/);
    expect(await db.outcomeEvents.countDocuments({ workspaceId: 'refit-b', learnedIn: { $ne: null } })).toBe(0);
    expect(await refitOf('refit-b')).toBeNull();
  });
});
