import { ACROSS_WORKSPACES, duplicateKeyIndexes, isDuplicateKey } from '@meetflow/plugin-sdk';
import type { dashboardRollupModels, RollupCounter } from './rollup-model.ts';
import { TOTAL_PERIOD } from './rollup-model.ts';
import type { outcomeEventModels } from './event-model.ts';
import { dayOf, isoWeekOf } from './iso-week.ts';
import { OutcomeEventInput, POSITIVE_REPLY_CATEGORIES, type ParsedOutcomeEvent } from './schemas.ts';

/** The models outcome recording needs. */
export type OutcomesDb = ReturnType<typeof outcomeEventModels> & ReturnType<typeof dashboardRollupModels>;

/**
 * How many of the latest event ids each rollup keeps. Re-applying an event is a no-op while its
 * id is among them: that covers every retry and concurrent duplicate, and a crash between a
 * rollup's `$inc` and the event's `applied` mark as long as `reconcileRollups` runs before this
 * many further events reach the same rollup (it runs at start-up and before each learning
 * cycle). Kept small because every update rewrites the array on the embedded database.
 */
export const APPLIED_WINDOW = 200;

type Countable = Pick<ParsedOutcomeEvent, 'type'> & Partial<Pick<ParsedOutcomeEvent, 'category' | 'score'>>;

/** The rollup counters one event adds to. */
export function countersOf(event: Countable): Partial<Record<RollupCounter, number>> {
  switch (event.type) {
    case 'sent':
      return { sends: 1 };
    case 'replied':
      return { replies: 1, ...(event.category && POSITIVE_REPLY_CATEGORIES.has(event.category) ? { positiveReplies: 1 } : {}) };
    case 'meeting_booked':
      return { meetingsBooked: 1 };
    case 'meeting_attended':
      return { meetingsAttended: 1 };
    case 'meeting_no_show':
      return { noShows: 1 };
    case 'lead_scored':
      return { leadsScored: 1, scoreSum: event.score ?? 0 };
    case 'bounced':
    case 'unsubscribed':
    case 'opened': // approximate: mail clients block tracking pixels or fetch them unread
      return {}; // kept as events (the feed, learning); no dashboard figure counts them yet
  }
}

/**
 * Adds an event to one rollup unless that rollup already counted it: the `$inc` and the record
 * of the event id are one atomic update of one document (the embedded database has no
 * transactions). An upsert whose filter misses because the id is there hits the unique key.
 * The all-time rollup also lists the event's `week` in that update, before the weekly rollup is
 * written, so every weekly rollup's week is listed (the trend chart reads weeks by that list);
 * one it creates starts with a complete list.
 */
async function applyToRollup(
  db: OutcomesDb,
  workspaceId: string,
  period: string,
  eventId: string,
  inc: Partial<Record<RollupCounter, number>>,
  week: string,
) {
  const listWeek = period === TOTAL_PERIOD ? { $addToSet: { weeks: week }, $setOnInsert: { weeksListed: true } } : {};
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await db.dashboardRollups.updateOne(
        { workspaceId, period, appliedEventIds: { $ne: eventId } },
        { $inc: inc, $push: { appliedEventIds: { $each: [eventId], $slice: -APPLIED_WINDOW } }, ...listWeek },
        { upsert: true },
      );
      return;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Either this rollup already counted the event, or another event created the document first: look, then retry.
      if (await db.dashboardRollups.exists({ workspaceId, period, appliedEventIds: eventId })) return;
    }
  }
  throw new Error(`rollup ${workspaceId}/${period} could not be updated for event ${eventId}`);
}

/** Adds `inc` to the all-time, ISO-week and daily rollups of `at`, in that order, each once for `eventId`. */
async function applyToRollups(db: OutcomesDb, workspaceId: string, at: Date, eventId: string, inc: Partial<Record<RollupCounter, number>>) {
  const week = isoWeekOf(at);
  for (const period of [TOTAL_PERIOD, week, dayOf(at)]) await applyToRollup(db, workspaceId, period, eventId, inc, week);
}

async function applyEvent(db: OutcomesDb, event: Pick<ParsedOutcomeEvent, 'workspaceId' | 'eventId' | 'at'> & Countable) {
  await applyToRollups(db, event.workspaceId, event.at, event.eventId, countersOf(event));
  await db.outcomeEvents.updateOne({ workspaceId: event.workspaceId, eventId: event.eventId }, { $set: { applied: true } });
}

/**
 * Records an outcome event once per (workspace, eventId) and counts it in the workspace's
 * all-time, ISO-week and daily rollups. A duplicate of a counted event is a no-op; a duplicate of one
 * whose counting was cut short (a crash after the insert) finishes counting it, never twice.
 */
export async function recordOutcome(db: OutcomesDb, input: OutcomeEventInput): Promise<{ recorded: boolean }> {
  return (await recordOutcomes(db, [input]))[0]!;
}

/** A meeting's attendance, as its outcome event's type says it. */
type Attendance = 'meeting_attended' | 'meeting_no_show';

/**
 * Corrects a recorded attendance event (`eventId`) to `to`: an attended meeting marked a no-show,
 * or back. The rollups of the day, week and total it was counted in move by one from the old
 * counter to the new (keyed `<eventId>#<revision>`, so a retry moves them once), then the event
 * itself takes the new type (a compare-and-set on its revision), which learning reads from then on.
 * In that order, so a crash between the two leaves the event to be corrected by the retry, whose
 * rollup step is then a no-op. Nothing to correct (no such event, or already `to`): false.
 */
export async function correctAttendance(db: OutcomesDb, workspaceId: string, eventId: string, to: Attendance): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const stored = await db.outcomeEvents.findOne({ workspaceId, eventId }).lean();
    if (!stored || stored.type === to || (stored.type !== 'meeting_attended' && stored.type !== 'meeting_no_show')) return false;
    // Counted first: a correction of an event whose own counting was cut short finishes that first.
    if (!stored.applied) await applyEvent(db, stored);
    const revision = stored.revision ?? 0;
    const moved = { ...negated(countersOf({ type: stored.type })), ...countersOf({ type: to }) };
    await applyToRollups(db, workspaceId, stored.at, `${eventId}#${revision + 1}`, moved);
    const { modifiedCount } = await db.outcomeEvents.updateOne(
      { workspaceId, eventId, type: stored.type, revision: stored.revision ?? { $in: [0, null] } },
      { $set: { type: to, revision: revision + 1 } },
    );
    if (modifiedCount === 1) return true;
  }
  throw new Error(`the attendance event ${workspaceId}/${eventId} kept changing while it was corrected`);
}

const negated = (counters: Partial<Record<RollupCounter, number>>) =>
  Object.fromEntries(Object.entries(counters).map(([name, value]) => [name, -value])) as Partial<Record<RollupCounter, number>>;

/** Counts the workspace's events whose rollup update never finished (a crash); returns how many it found. */
export async function reconcileRollups(db: OutcomesDb, workspaceId: string): Promise<number> {
  const pending = await db.outcomeEvents.find({ workspaceId, applied: false }).sort({ createdAt: 1 }).lean();
  for (const event of pending) await applyEvent(db, event);
  return pending.length;
}

/** `reconcileRollups` for every workspace with unfinished events: for start-up, after a crash. */
export async function reconcileAllRollups(db: OutcomesDb): Promise<number> {
  const workspaces = await db.outcomeEvents.distinct('workspaceId', { applied: false }, ACROSS_WORKSPACES);
  let repaired = 0;
  for (const workspaceId of workspaces) repaired += await reconcileRollups(db, workspaceId);
  return repaired;
}

/**
 * recordOutcome for several events at once (a batch chunk's): inserted with one write, counted in
 * each rollup they share (the all-time, ISO-week and daily ones of one workspace) with one update
 * per rollup, and marked counted with one more. An event recorded before is handled as recordOutcome
 * handles it, alone; a rollup that already counted one of the events (a retry after a crash between
 * the two writes) is counted event by event, each guarded by its id as before. Answers, in order,
 * whether each call recorded its event.
 */
export async function recordOutcomes(db: OutcomesDb, inputs: readonly OutcomeEventInput[]): Promise<Array<{ recorded: boolean }>> {
  const events = inputs.map((input) => OutcomeEventInput.parse(input));
  if (events.length === 0) return [];
  let duplicates = new Set<number>();
  try {
    await db.outcomeEvents.insertMany(
      events.map((event) => ({ ...event, applied: false, learnedIn: null })),
      // Every document valid or none sent: unordered, mongoose would otherwise drop an invalid one unsaid.
      { ordered: false, throwOnValidationError: true },
    );
  } catch (error) {
    const refused = duplicateKeyIndexes(error);
    if (!refused) throw error;
    duplicates = refused;
  }
  const fresh = events.filter((_, index) => !duplicates.has(index));
  // Each rollup the fresh events share, with what they add to it (the all-time one: their weeks too).
  type Rollup = { workspaceId: string; period: string; eventIds: string[]; inc: Record<string, number>; weeks: Set<string> };
  const rollups = new Map<string, Rollup>();
  for (const event of fresh) {
    const week = isoWeekOf(event.at);
    for (const period of [TOTAL_PERIOD, week, dayOf(event.at)]) {
      const key = `${event.workspaceId}\u0000${period}`;
      const rollup = rollups.get(key) ?? { workspaceId: event.workspaceId, period, eventIds: [], inc: {}, weeks: new Set() };
      rollup.eventIds.push(event.eventId);
      for (const [name, value] of Object.entries(countersOf(event))) rollup.inc[name] = (rollup.inc[name] ?? 0) + value;
      if (period === TOTAL_PERIOD) rollup.weeks.add(week);
      rollups.set(key, rollup);
    }
  }
  for (const rollup of rollups.values()) {
    const weeks = [...rollup.weeks];
    try {
      await db.dashboardRollups.updateOne(
        { workspaceId: rollup.workspaceId, period: rollup.period, appliedEventIds: { $nin: rollup.eventIds } },
        {
          $inc: rollup.inc,
          $push: { appliedEventIds: { $each: rollup.eventIds, $slice: -APPLIED_WINDOW } },
          ...(weeks.length > 0 ? { $addToSet: { weeks: { $each: weeks } }, $setOnInsert: { weeksListed: true } } : {}),
        },
        { upsert: true },
      );
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Created by another writer at once, or one of these events counted here already: one by one, each guarded.
      const byId = new Map(fresh.map((event) => [event.eventId, event]));
      for (const eventId of rollup.eventIds) {
        const event = byId.get(eventId)!;
        await applyToRollup(db, rollup.workspaceId, rollup.period, eventId, countersOf(event), isoWeekOf(event.at));
      }
    }
  }
  if (fresh.length > 0)
    await db.outcomeEvents.bulkWrite(
      fresh.map((event) => ({
        updateOne: { filter: { workspaceId: event.workspaceId, eventId: event.eventId }, update: { $set: { applied: true } } },
      })),
      { ordered: false },
    );
  const results: Array<{ recorded: boolean }> = [];
  for (const [index, event] of events.entries()) {
    if (!duplicates.has(index)) {
      results.push({ recorded: true });
      continue;
    }
    // Recorded before: finish counting it if that was cut short, as recordOutcome does.
    const stored = await db.outcomeEvents.findOne({ workspaceId: event.workspaceId, eventId: event.eventId }).lean();
    if (stored && !stored.applied) await applyEvent(db, stored);
    results.push({ recorded: false });
  }
  return results;
}
