import { isDuplicateKey } from '@meetflow/plugin-sdk';
import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import { Types } from 'mongoose';
import type { z } from 'zod';
import type { MeetingConfig } from './config.ts';
import { busyIntervals } from './busy.ts';
import { meetingFailure } from './failures.ts';
import { meetingInvite } from './invite.ts';
import type { MeetingDocument, MeetingModel } from './meeting-model.ts';
import { toMeetingView } from './meeting-view.ts';
import type { bookMeetingInput, bookMeetingOutput } from '@meetflow/plugin-sdk/contracts/meeting-booking';
import { busyOfInstants, clashes } from './slots.ts';
import { timeRuleProblem } from './working-time.ts';

/** A booking: the activity's input, in the workspace of its run context. */
type BookingRequest = z.output<typeof bookMeetingInput> & { workspaceId: string };
type Booking = z.input<typeof bookMeetingOutput>;

/** What a booking needs: the meetings model, the configuration and the current time. */
export interface BookingContext {
  meetings: MeetingModel;
  config: MeetingConfig;
  now: DateTime;
}

/** The iCalendar UID of a booking: a hash of workspace and idempotency key at the organizer's domain. */
export function bookingUid(workspaceId: string, idempotencyKey: string, organizerEmail: string): string {
  const hash = createHash('sha256').update(`${workspaceId}\n${idempotencyKey}`).digest('hex').slice(0, 32);
  return `${hash}@${organizerEmail.split('@')[1] ?? 'meetflow.local'}`;
}

/** The answer for a key that was already booked: the same meeting, if the request is the same. */
function replay(meeting: MeetingDocument, request: BookingRequest, start: DateTime, config: MeetingConfig): Booking {
  const view = toMeetingView(meeting);
  const sameRequest = meeting.scheduledAt.getTime() === start.toMillis() && meeting.prospectId === request.prospectId;
  if (!sameRequest || view.status !== 'scheduled') {
    throw meetingFailure(
      'IdempotencyKeyReused',
      `idempotency key "${request.idempotencyKey}" already booked meeting ${view.id} (${view.status}, ${view.scheduledAt}, prospect ${view.prospectId})`,
    );
  }
  return { meeting: { ...view, status: 'scheduled' }, ics: meetingInvite(meeting, config), uid: meeting.icsUid };
}

// The booking's own UID is left out: a concurrent retry of the same key is not a clash.
async function assertFree(context: BookingContext, workspaceId: string, start: DateTime, icsUid: string): Promise<void> {
  const end = start.plus({ minutes: context.config.meetingMinutes });
  const buffer = { minutes: context.config.bufferMinutes };
  const busy = await busyIntervals(context.meetings, workspaceId, start.minus(buffer).toJSDate(), end.plus(buffer).toJSDate(), icsUid);
  if (clashes(start.toMillis(), end.toMillis(), busy, context.config.bufferMinutes)) {
    throw meetingFailure(
      'SlotUnavailable',
      `cannot book ${start.toUTC().toISO()}: it overlaps another meeting or its ${context.config.bufferMinutes}-minute buffer`,
    );
  }
}

/** The time is taken in the rep's calendar (the busy intervals the caller read from it). */
function assertFreeElsewhere(context: BookingContext, start: DateTime, elsewhere: BookingRequest['busy']): void {
  const end = start.plus({ minutes: context.config.meetingMinutes });
  if (clashes(start.toMillis(), end.toMillis(), busyOfInstants(elsewhere), context.config.bufferMinutes)) {
    throw meetingFailure(
      'SlotUnavailable',
      `cannot book ${start.toUTC().toISO()}: it is taken in the calendar (or within its ${context.config.bufferMinutes}-minute buffer)`,
    );
  }
}

/**
 * After writing: whether a meeting written before this one (a smaller id: ids order every two
 * meetings the same way, whoever asks) comes within the buffer of it. Only those count, so of
 * bookings racing for one slot exactly the first written stays and every other withdraws.
 */
async function clashesWithEarlier(context: BookingContext, workspaceId: string, start: DateTime, id: Types.ObjectId): Promise<boolean> {
  const { meetings, config } = context;
  const end = start.plus({ minutes: config.meetingMinutes });
  const buffer = { minutes: config.bufferMinutes };
  const earlier = await meetings
    .find({
      workspaceId,
      status: 'scheduled',
      _id: { $lt: id },
      scheduledAt: { $gt: start.minus(buffer).minus({ days: 1 }).toJSDate(), $lt: end.plus(buffer).toJSDate() },
    })
    .lean<MeetingDocument[]>();
  const busy = earlier.map((meeting) => ({
    start: meeting.scheduledAt.getTime(),
    end: meeting.scheduledAt.getTime() + meeting.durationMinutes * 60_000,
  }));
  return clashes(start.toMillis(), end.toMillis(), busy, config.bufferMinutes);
}

/** The booking under way in this process for each workspace (a chain: each waits for the one before). */
const bookingsUnderWay = new Map<string, Promise<unknown>>();

/** Runs `work` once the workspace's bookings started before it in this process have ended. */
function afterOthersOf<T>(workspaceId: string, work: () => Promise<T>): Promise<T> {
  const running = (bookingsUnderWay.get(workspaceId) ?? Promise.resolve()).then(work, work);
  const ended = running.then(
    () => undefined,
    () => undefined,
  );
  bookingsUnderWay.set(workspaceId, ended);
  void ended.then(() => {
    if (bookingsUnderWay.get(workspaceId) === ended) bookingsUnderWay.delete(workspaceId);
  });
  return running;
}

/**
 * Books a meeting once per idempotency key. The insert is an upsert on the key's UID, so a
 * retried activity finds its own meeting instead of adding a second one. A workspace's bookings
 * in one process go one at a time (check, write, re-check), so of two racing for one slot the
 * second finds the first. Across processes (several workers) both re-check after writing against
 * the meetings written before their own (by id), and the later id withdraws (SlotUnavailable);
 * that re-check alone has a window: a booking whose id is later but whose re-check runs before
 * the earlier one is written keeps the slot too. Ids are made before the write, so their order
 * need not be the writes' (it let three racing bookings in one process keep one slot twice).
 */
export function bookMeeting(context: BookingContext, request: BookingRequest): Promise<Booking> {
  return afterOthersOf(request.workspaceId, () => bookNow(context, request));
}

async function bookNow(context: BookingContext, request: BookingRequest): Promise<Booking> {
  const { meetings, config } = context;
  const { workspaceId } = request;
  const start = DateTime.fromISO(request.start, { setZone: true });
  const icsUid = bookingUid(workspaceId, request.idempotencyKey, config.organizer.email);
  const previous = await meetings.findOne({ workspaceId, icsUid }).lean<MeetingDocument>();
  if (previous) return replay(previous, request, start, config);

  const problem = timeRuleProblem(start, context.now, config);
  if (problem) throw meetingFailure('SlotUnavailable', `cannot book: ${problem}`);
  assertFreeElsewhere(context, start, request.busy);
  await assertFree(context, workspaceId, start, icsUid);

  const id = new Types.ObjectId();
  let stored: MeetingDocument | null;
  try {
    stored = await meetings
      .findOneAndUpdate(
        { workspaceId, icsUid },
        {
          $setOnInsert: {
            _id: id,
            workspaceId,
            icsUid,
            prospectId: request.prospectId,
            prospectName: request.prospect.name,
            prospectEmail: request.prospect.email.toLowerCase(),
            scheduledAt: start.toJSDate(),
            durationMinutes: config.meetingMinutes,
            status: 'scheduled',
            meetingUrl: config.meetingUrlTemplate.replaceAll('{meetingId}', id.toHexString()),
          },
        },
        { upsert: true, returnDocument: 'after' },
      )
      .lean<MeetingDocument>();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    stored = await meetings.findOne({ workspaceId, icsUid }).lean<MeetingDocument>();
  }
  if (!stored) throw new Error(`meeting ${icsUid} vanished right after it was written`);
  if (String(stored._id) !== id.toHexString()) return replay(stored, request, start, config);

  if (await clashesWithEarlier(context, workspaceId, start, id)) {
    await meetings.deleteOne({ _id: id, workspaceId });
    throw meetingFailure(
      'SlotUnavailable',
      `cannot book ${start.toUTC().toISO()}: it overlaps another meeting or its ${config.bufferMinutes}-minute buffer`,
    );
  }
  return { meeting: { ...toMeetingView(stored), status: 'scheduled' }, ics: meetingInvite(stored, config), uid: icsUid };
}
