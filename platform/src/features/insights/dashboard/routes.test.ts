import { learningEnginePlugin } from '@meetflow/plugin-learning-engine';
import { fixedClock, runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEntryModels } from '../learning/activity-model.ts';
import { dashboardRollupModels } from '../outcomes/rollup-model.ts';
import { outcomeEventModels } from '../outcomes/event-model.ts';
import { recordActivity } from '../learning/activity-log.ts';
import type { CyclesModel } from '../learning/cycles.ts';
import { recordOutcome } from '../outcomes/record.ts';
import type { OutcomeEventInput } from '../outcomes/schemas.ts';
import { PluginHost } from '../../runs/plugins/host.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveForTest, serveRouters } from '../../../../dev/testing/http.ts';
import { activityRouter } from '../learning/activity-routes.ts';
import { dashboardRouter } from './routes.ts';

let connection: mongoose.Connection;
let db: ReturnType<typeof outcomeEventModels> & ReturnType<typeof dashboardRollupModels> & ReturnType<typeof activityEntryModels>;
let cycles: CyclesModel;
let server: Awaited<ReturnType<typeof serveForTest>>;
/** The dashboard's clock: the trend ranges end on this day (a Wednesday of 2025-W13). */
const NOW = new Date('2025-03-26T15:00:00Z');

beforeAll(async () => {
  connection = await openTestDatabase('dashboard-api');
  db = { ...outcomeEventModels(connection), ...dashboardRollupModels(connection), ...activityEntryModels(connection) };
  cycles = PluginHost.load([learningEnginePlugin]).models('learning-engine', connection).cycles!;
  await Promise.all([db.outcomeEvents.init(), db.dashboardRollups.init(), db.activityEntries.init(), cycles.init()]);
  server = await serveRouters(dashboardRouter({ db, cycles, now: () => NOW }), activityRouter(db));
});
afterAll(async () => {
  await server.close();
  await connection.dropDatabase();
  await connection.close();
});

const json = async (path: string) => {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status).toBe(200);
  return response.json() as Promise<unknown>;
};
const round1 = (value: number) => Math.round(value * 10) / 10;

/** One week of outcomes starting on a Monday, with the counts the test expects back. */
function week(workspaceId: string, monday: string, counts: { sent: number; replied: number; booked: number; scores: number[] }) {
  const at = (index: number) => new Date(Date.parse(`${monday}T08:00:00Z`) + (index % 7) * 86_400_000);
  const events: OutcomeEventInput[] = [
    ...Array.from({ length: counts.sent }, (_, i) => ({ type: 'sent' as const, at: at(i) })),
    ...Array.from({ length: counts.replied }, (_, i) => ({ type: 'replied' as const, at: at(i), category: 'interested' })),
    ...Array.from({ length: counts.booked }, (_, i) => ({ type: 'meeting_booked' as const, at: at(i) })),
    ...counts.scores.map((score, i) => ({ type: 'lead_scored' as const, at: at(i), score })),
  ].map((event, i) => ({ ...event, workspaceId, eventId: `${monday}-${i}` }));
  return events;
}

describe('/api/dashboard and /api/activity', () => {
  it('serves zeros and empty lists for a fresh workspace', async () => {
    expect(await json('/api/dashboard/metrics?workspace=fresh')).toEqual({
      learning_cycles: 0,
      response_rate: 0,
      meeting_booked: 0,
      learning_score: 0,
    });
    expect(await json('/api/dashboard/trends?workspace=fresh')).toEqual([]);
    expect(await json('/api/dashboard/insights?workspace=fresh')).toEqual([]);
    expect(await json('/api/activity?workspace=fresh')).toEqual([]);
  });

  it('computes metrics and weekly trends from recorded outcomes, oldest week first', async () => {
    const weeks = [
      { week: '2025-W10', monday: '2025-03-03', counts: { sent: 40, replied: 7, booked: 2, scores: [80, 65, 71] } },
      { week: '2025-W11', monday: '2025-03-10', counts: { sent: 30, replied: 9, booked: 3, scores: [] } },
      { week: '2025-W13', monday: '2025-03-24', counts: { sent: 0, replied: 1, booked: 1, scores: [90] } },
    ];
    // Recorded newest week first, and twice: order and retries change nothing.
    for (const { monday, counts } of [...weeks].reverse()) {
      for (const event of week('acme', monday, counts)) await recordOutcome(db, event);
      for (const event of week('acme', monday, counts).slice(0, 5)) await recordOutcome(db, event);
    }
    const sends = 70;
    const replies = 17;
    expect(await json('/api/dashboard/metrics?workspace=acme')).toEqual({
      learning_cycles: 0,
      response_rate: round1((100 * replies) / sends),
      meeting_booked: 6,
      learning_score: 0,
    });
    expect(await json('/api/dashboard/trends?workspace=acme')).toEqual(
      weeks.map(({ week: name, monday, counts }) => ({
        week: name,
        period: name,
        start: monday,
        responseRate: counts.sent ? round1((100 * counts.replied) / counts.sent) : 0,
        meetingBookingRate: counts.sent ? round1((100 * counts.booked) / counts.sent) : 0,
        leadQualityScore: counts.scores.length ? round1(counts.scores.reduce((a, b) => a + b, 0) / counts.scores.length) : 0,
      })),
    );
    // Another workspace sees none of it.
    expect(await json('/api/dashboard/metrics?workspace=other')).toEqual({
      learning_cycles: 0,
      response_rate: 0,
      meeting_booked: 0,
      learning_score: 0,
    });
    expect(await json('/api/dashboard/trends?workspace=other')).toEqual([]);
  });

  it('shows only the last 12 weeks with data', async () => {
    const mondays = Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(2025, 0, 6) + i * 7 * 86_400_000).toISOString().slice(0, 10));
    for (const monday of mondays)
      for (const event of week('busy', monday, { sent: 1, replied: 0, booked: 0, scores: [] })) await recordOutcome(db, event);
    const trends = (await json('/api/dashboard/trends?workspace=busy')) as Array<{ week: string }>;
    expect(trends.map((point) => point.week)).toEqual(Array.from({ length: 12 }, (_, i) => `2025-W${String(i + 4).padStart(2, '0')}`));
  });

  it('serves 7d and 30d ranges in daily points and 90d in weekly points, up to today', async () => {
    const day = (iso: string, sent: number, replied: number, scores: number[] = []) =>
      [
        ...Array.from({ length: sent }, () => ({ type: 'sent' as const })),
        ...Array.from({ length: replied }, () => ({ type: 'replied' as const, category: 'interested' })),
        ...scores.map((score) => ({ type: 'lead_scored' as const, score })),
      ].map((event, i) => ({ ...event, at: new Date(`${iso}T10:00:00Z`), workspaceId: 'ranges', eventId: `${iso}-${i}` }));
    // Today, 6 days ago (the first day of 7d), 7 days ago (outside 7d), 29 days ago (in 30d), 100 days ago (outside 90d).
    const events = [
      ...day('2025-03-26', 10, 2, [80]),
      ...day('2025-03-20', 4, 1),
      ...day('2025-03-19', 5, 0),
      ...day('2025-02-25', 8, 4),
      ...day('2024-12-16', 3, 3),
    ];
    for (const event of events) await recordOutcome(db, event);
    const daily = (period: string, week: string, responseRate: number, leadQualityScore = 0) => ({
      week,
      period,
      start: period,
      responseRate,
      meetingBookingRate: 0,
      leadQualityScore,
    });

    expect(await json('/api/dashboard/trends?workspace=ranges&range=7d')).toEqual([
      daily('2025-03-20', '2025-W12', 25),
      daily('2025-03-26', '2025-W13', 20, 80),
    ]);
    expect(await json('/api/dashboard/trends?workspace=ranges&range=30d')).toEqual([
      daily('2025-02-25', '2025-W09', 50),
      daily('2025-03-19', '2025-W12', 0),
      daily('2025-03-20', '2025-W12', 25),
      daily('2025-03-26', '2025-W13', 20, 80),
    ]);
    const weekly = (await json('/api/dashboard/trends?workspace=ranges&range=90d')) as Array<{
      period: string;
      start: string;
      responseRate: number;
    }>;
    expect(weekly.map(({ period, start, responseRate }) => ({ period, start, responseRate }))).toEqual([
      { period: '2025-W09', start: '2025-02-24', responseRate: 50 },
      { period: '2025-W12', start: '2025-03-17', responseRate: round1(100 / 9) },
      { period: '2025-W13', start: '2025-03-24', responseRate: 20 },
    ]);
    // Without a range, weeks still: the daily rollups never show up as weeks.
    expect(((await json('/api/dashboard/trends?workspace=ranges')) as Array<{ period: string }>).map((point) => point.period)).toEqual([
      '2024-W51',
      '2025-W09',
      '2025-W12',
      '2025-W13',
    ]);
    const bad = await fetch(`${server.url}/api/dashboard/trends?range=1y`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('range:');
  });

  it('reads learning cycles: count, the latest score, and insights newest first', async () => {
    const run = (cycleId: string, iso: string, replies: number) =>
      runActivity(
        learningEnginePlugin,
        'runLearningCycle',
        {
          workspaceId: 'acme',
          cycleId,
          outcomes: {
            sends: 200,
            replies,
            meetingsBooked: 5,
            meetingsAttended: 4,
            templates: [{ template: 'roi-focused', sent: 200, replied: replies, positive: 10 }],
          },
        },
        testDeps(learningEnginePlugin, { db: { cycles } as never, clock: fixedClock(iso) }),
      );
    const older = await run('cycle-1', '2025-03-10T06:00:00Z', 20);
    const newer = await run('cycle-2', '2025-03-17T06:00:00Z', 60);
    expect(newer.metrics.learning_score).not.toBe(older.metrics.learning_score);

    expect(await json('/api/dashboard/metrics?workspace=acme')).toMatchObject({
      learning_cycles: 2,
      learning_score: newer.metrics.learning_score,
    });
    expect(await json('/api/dashboard/insights?workspace=acme')).toEqual([...newer.insights, ...older.insights]);
    expect(await json('/api/dashboard/insights?workspace=acme&cycles=1')).toEqual(newer.insights);
    expect(await json('/api/dashboard/insights?workspace=other')).toEqual([]);
    const bad = await fetch(`${server.url}/api/dashboard/insights?cycles=0`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('cycles:');
  });

  it('lists activity newest first, once per entry key, per workspace', async () => {
    const entry = (title: string, time: string, entryKey?: string) => ({
      workspaceId: 'acme',
      title,
      description: `${title}.`,
      time,
      icon: 'brain',
      color: 'blue',
      entryKey,
    });
    await recordActivity(db, entry('Oldest', '2025-03-01T10:00:00Z'));
    await recordActivity(db, entry('Newest', '2025-03-03T10:00:00Z', 'k-1'));
    await recordActivity(db, entry('Newest', '2025-03-03T10:00:00Z', 'k-1')); // a retry
    await recordActivity(db, entry('Middle', '2025-03-02T10:00:00Z'));
    await recordActivity(db, { ...entry('Elsewhere', '2025-03-04T10:00:00Z'), workspaceId: 'other' });

    expect(await json('/api/activity?workspace=acme')).toEqual(
      ['Newest', 'Middle', 'Oldest'].map((title, i) => ({
        title,
        description: `${title}.`,
        time: `2025-03-0${3 - i}T10:00:00.000Z`,
        icon: 'brain',
        color: 'blue',
      })),
    );
    expect((await json('/api/activity?workspace=acme&limit=1')) as unknown[]).toHaveLength(1);
    expect(((await json('/api/activity?workspace=other')) as Array<{ title: string }>).map((line) => line.title)).toEqual(['Elsewhere']);
    const bad = await fetch(`${server.url}/api/activity?limit=500`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('limit:');
  });
});
