import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardRollupModels, ROLLUP_COUNTERS, TOTAL_PERIOD, type RollupCounter } from './rollup-model.ts';
import { OUTCOME_TYPES, outcomeEventModels } from './event-model.ts';
import { toHttpError } from '../../../core/http/http-error.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { isoWeekOf } from './iso-week.ts';
import { correctAttendance, reconcileAllRollups, reconcileRollups, recordOutcome, type OutcomesDb } from './record.ts';
import type { OutcomeEventInput } from './schemas.ts';

let connection: mongoose.Connection;
let db: OutcomesDb;

beforeAll(async () => {
  connection = await openTestDatabase('outcomes');
  db = { ...outcomeEventModels(connection), ...dashboardRollupModels(connection) };
  await Promise.all([db.outcomeEvents.init(), db.dashboardRollups.init()]);
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

const rollup = (workspaceId: string, period = TOTAL_PERIOD) => db.dashboardRollups.findOne({ workspaceId, period }).lean();
const counters = (doc: Record<string, unknown> | null) => Object.fromEntries(ROLLUP_COUNTERS.map((name) => [name, doc?.[name] ?? 0]));
const is = (type: string) => ({ $eq: ['$type', type] });
const countOf = (type: string) => ({ $sum: { $cond: [is(type), 1, 0] } });

/** The rollups recomputed from the raw events by the database itself: per ISO week (`%G-W%V`) and in total. */
async function recompute(workspaceId: string, periodFormat = '%G-W%V') {
  const rows = await db.outcomeEvents.aggregate<Record<string, number> & { _id: string }>([
    { $match: { workspaceId } },
    {
      $group: {
        _id: { $dateToString: { date: '$at', format: periodFormat } },
        sends: countOf('sent'),
        replies: countOf('replied'),
        meetingsBooked: countOf('meeting_booked'),
        meetingsAttended: countOf('meeting_attended'),
        noShows: countOf('meeting_no_show'),
        leadsScored: countOf('lead_scored'),
        positiveReplies: {
          $sum: {
            $cond: [{ $and: [is('replied'), { $or: [{ $eq: ['$category', 'interested'] }, { $eq: ['$category', 'referral'] }] }] }, 1, 0],
          },
        },
        scoreSum: { $sum: { $cond: [is('lead_scored'), '$score', 0] } },
      },
    },
  ]);
  const weeks = Object.fromEntries(rows.map(({ _id, ...sums }) => [_id, counters(sums)]));
  const total = Object.fromEntries(ROLLUP_COUNTERS.map((name) => [name, rows.reduce((sum, row) => sum + (row[name] ?? 0), 0)])) as Record<
    RollupCounter,
    number
  >;
  return { weeks, total };
}

/** A seeded generator, so the event mix is varied but the test is repeatable. */
function random(seed: number) {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describe('recordOutcome', () => {
  it('records an event once: the same eventId again is a no-op, also when sent concurrently', async () => {
    const event: OutcomeEventInput = {
      workspaceId: 'ws-once',
      eventId: 'e-1',
      type: 'sent',
      at: new Date('2025-03-04T10:00:00Z'),
      prospectId: 7,
    };
    expect(await recordOutcome(db, event)).toEqual({ recorded: true });
    expect(await recordOutcome(db, event)).toEqual({ recorded: false });
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => recordOutcome(db, { ...event, eventId: 'e-2' })));
    expect(concurrent.filter((result) => result.recorded)).toHaveLength(1);
    expect(await rollup('ws-once')).toMatchObject({ sends: 2, replies: 0 });
    expect(await rollup('ws-once', '2025-W10')).toMatchObject({ sends: 2 });
    expect(await db.outcomeEvents.countDocuments({ workspaceId: 'ws-once' })).toBe(2);
    expect((await db.outcomeEvents.findOne({ workspaceId: 'ws-once', eventId: 'e-1' }).lean())?.prospectId).toBe('7');
  });

  it('keeps rollups equal to a recomputation from the raw events, across weeks and retries', async () => {
    const workspaceId = 'ws-mix';
    const next = random(42);
    // Six weeks inside one year: the embedded server's %G is the calendar year, wrong around New Year (see below).
    const start = Date.parse('2025-02-03T00:00:00Z');
    const categories = ['interested', 'referral', 'objection', 'not-now', 'out-of-office'];
    const events: OutcomeEventInput[] = Array.from({ length: 240 }, (_, index) => {
      const type = OUTCOME_TYPES[Math.floor(next() * OUTCOME_TYPES.length)]!;
      return {
        workspaceId,
        eventId: `mix-${index}`,
        type,
        at: new Date(start + Math.floor(next() * 42 * 86_400_000)),
        prospectId: `p-${index % 50}`,
        ...(type === 'replied' ? { category: categories[Math.floor(next() * categories.length)] } : {}),
        ...(type === 'lead_scored' ? { score: Math.round(next() * 100) } : {}),
      };
    });
    // Every fifth event is delivered twice (a retried webhook), concurrently with the next one.
    for (let index = 0; index < events.length; index += 2) {
      const batch = events.slice(index, index + 2);
      await Promise.all([...batch, ...(index % 5 === 0 ? batch : [])].map((event) => recordOutcome(db, event)));
    }
    // And one more time, all of them, in a different order.
    for (const event of [...events].reverse().filter((_, index) => index % 3 === 0)) await recordOutcome(db, event);

    const expected = await recompute(workspaceId);
    expect(Object.keys(expected.weeks).length).toBeGreaterThanOrEqual(6);
    expect(counters(await rollup(workspaceId))).toEqual(expected.total);
    expect(expected.total.sends + expected.total.replies + expected.total.leadsScored).toBeGreaterThan(0);
    for (const [week, sums] of Object.entries(expected.weeks)) expect(counters(await rollup(workspaceId, week))).toEqual(sums);
    // The daily rollups (the dashboard's 7- and 30-day charts) likewise, day by day.
    const days = (await recompute(workspaceId, '%Y-%m-%d')).weeks;
    expect(Object.keys(days).length).toBeGreaterThan(Object.keys(expected.weeks).length);
    for (const [day, sums] of Object.entries(days)) expect(counters(await rollup(workspaceId, day))).toEqual(sums);
    expect(await db.dashboardRollups.countDocuments({ workspaceId })).toBe(
      Object.keys(expected.weeks).length + Object.keys(days).length + 1,
    );
  });

  it("corrects a meeting's attendance: the counts move once, to no-show and back, and stay equal to a recomputation", async () => {
    const workspaceId = 'ws-attendance';
    const eventId = 'meeting-attendance-m1';
    const at = new Date('2025-03-05T15:00:00Z');
    await recordOutcome(db, { workspaceId, eventId, type: 'meeting_attended', at, prospectId: 7 });
    await recordOutcome(db, { workspaceId, eventId: 'meeting-attendance-m2', type: 'meeting_attended', at, prospectId: 8 });
    const agrees = async () => {
      const expected = await recompute(workspaceId);
      expect(counters(await rollup(workspaceId))).toEqual(expected.total);
      expect(counters(await rollup(workspaceId, isoWeekOf(at)))).toEqual(expected.weeks[isoWeekOf(at)]);
      expect(counters(await rollup(workspaceId, '2025-03-05'))).toEqual((await recompute(workspaceId, '%Y-%m-%d')).weeks['2025-03-05']);
      return expected.total;
    };
    expect(await agrees()).toMatchObject({ meetingsAttended: 2, noShows: 0 });

    // Two corrections at once (a retried request): one moves the counts.
    const both = await Promise.all([0, 1].map(() => correctAttendance(db, workspaceId, eventId, 'meeting_no_show')));
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await agrees()).toMatchObject({ meetingsAttended: 1, noShows: 1 });
    expect(await correctAttendance(db, workspaceId, eventId, 'meeting_no_show')).toBe(false);

    // Cut short after the counts moved, before the event was retyped: the retry retypes it and moves nothing again.
    await db.outcomeEvents.updateOne({ workspaceId, eventId }, { $set: { type: 'meeting_attended', revision: 0 } });
    expect(await correctAttendance(db, workspaceId, eventId, 'meeting_no_show')).toBe(true);
    expect(counters(await rollup(workspaceId))).toMatchObject({ meetingsAttended: 1, noShows: 1 });
    expect(await agrees()).toMatchObject({ meetingsAttended: 1, noShows: 1 });

    // Back to attended: the second revision moves them back.
    expect(await correctAttendance(db, workspaceId, eventId, 'meeting_attended')).toBe(true);
    expect(await agrees()).toMatchObject({ meetingsAttended: 2, noShows: 0 });
    expect(await db.outcomeEvents.findOne({ workspaceId, eventId }).lean()).toMatchObject({ type: 'meeting_attended', revision: 2 });
    // Nothing else is an attendance to correct: an unknown event, or one of another kind.
    expect(await correctAttendance(db, workspaceId, 'meeting-attendance-none', 'meeting_no_show')).toBe(false);
    await recordOutcome(db, { workspaceId, eventId: 'sent-1', type: 'sent', at });
    expect(await correctAttendance(db, workspaceId, 'sent-1', 'meeting_no_show')).toBe(false);
  });

  it('computes ISO weeks as MongoDB does (%G-W%V), and right at year boundaries', async () => {
    const instants = ['2025-01-06T00:00:00Z', '2025-01-05T23:59:59Z', '2025-06-15T00:00:00Z', '2026-03-02T08:00:00Z'].map(
      (iso) => new Date(iso),
    );
    const [row] = await db.outcomeEvents
      .aggregate<Record<string, string>>([
        { $limit: 1 },
        { $project: Object.fromEntries(instants.map((date, index) => [`d${index}`, { $dateToString: { date, format: '%G-W%V' } }])) },
      ])
      .option(ACROSS_WORKSPACES);
    expect(instants.map(isoWeekOf)).toEqual(instants.map((_, index) => row?.[`d${index}`]));
    // Around New Year the embedded server prints the calendar year for %G; real MongoDB and ISO 8601 give these.
    expect(isoWeekOf(new Date('2021-01-03T12:00:00Z'))).toBe('2020-W53');
    expect(isoWeekOf(new Date('2021-01-04T00:00:00Z'))).toBe('2021-W01');
    expect(isoWeekOf(new Date('2024-12-30T12:00:00Z'))).toBe('2025-W01');
    expect(isoWeekOf(new Date('2026-12-31T08:00:00Z'))).toBe('2026-W53');
  });

  it('finishes counting an event whose rollup update was cut short, never twice', async () => {
    const workspaceId = 'ws-crash';
    const at = new Date('2025-05-06T09:00:00Z');
    // A crash right after the insert: the event is stored but counted nowhere.
    await db.outcomeEvents.create({
      workspaceId,
      eventId: 'crash-1',
      type: 'replied',
      category: 'interested',
      at,
      applied: false,
      learnedIn: null,
    });
    // A crash after the $inc but before the event was marked: counted, but not marked.
    await recordOutcome(db, { workspaceId, eventId: 'crash-2', type: 'sent', at });
    await db.outcomeEvents.updateOne({ workspaceId, eventId: 'crash-2' }, { $set: { applied: false } });
    // A third one: stored unapplied, then retried by its sender.
    await db.outcomeEvents.create({ workspaceId, eventId: 'crash-3', type: 'sent', at, applied: false, learnedIn: null });
    expect(await recordOutcome(db, { workspaceId, eventId: 'crash-3', type: 'sent', at })).toEqual({ recorded: false });

    expect(await reconcileAllRollups(db)).toBe(2); // what start-up runs
    expect(await reconcileRollups(db, workspaceId)).toBe(0);
    const expected = await recompute(workspaceId);
    expect(counters(await rollup(workspaceId))).toEqual(expected.total);
    expect(expected.total).toMatchObject({ sends: 2, replies: 1, positiveReplies: 1 });
    expect(counters(await rollup(workspaceId, isoWeekOf(at)))).toEqual(expected.total);
  });

  it('refuses an invalid event naming each bad field, and keeps workspaces apart', async () => {
    const invalid = await recordOutcome(db, { workspaceId: 'ws-bad', eventId: '', type: 'lead_scored', at: new Date('nope') }).catch(
      (error: unknown) => error,
    );
    const { status, fields } = toHttpError(invalid);
    expect(status).toBe(400);
    expect(Object.keys(fields ?? {}).sort()).toEqual(['at', 'eventId', 'score']);
    expect(await db.outcomeEvents.countDocuments({ workspaceId: 'ws-bad' })).toBe(0);

    const event = { eventId: 'shared-id', type: 'meeting_booked', at: new Date('2025-02-01T00:00:00Z') } as const;
    expect(await recordOutcome(db, { ...event, workspaceId: 'ws-a' })).toEqual({ recorded: true });
    expect(await recordOutcome(db, { ...event, workspaceId: 'ws-b' })).toEqual({ recorded: true }); // same id, other workspace
    expect(await rollup('ws-a')).toMatchObject({ meetingsBooked: 1 });
    expect(await rollup('ws-b')).toMatchObject({ meetingsBooked: 1 });
  });
});
