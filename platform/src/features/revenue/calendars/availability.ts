import { MEETING_BOOKING } from '@meetflow/plugin-sdk/contracts/agents';
import { CALENDAR_FAILURES, freeBusySchema, isCalendarFailure, savedEventSchema, type BusyInterval } from '@meetflow/plugin-sdk';
import type { Connection } from 'mongoose';
import type { Secrets } from '../../../core/secrets-key.ts';
import type { PluginHost } from '../../runs/services.ts';
import { calendarProblem, connectedAccount, openCalendar, recordCheck, type CalendarDeps, type OpenedCalendar } from './calendars.ts';
import { calendarModels, type CalendarAccount, type CalendarEventLink } from './model.ts';

/**
 * What the meetings reach the connected calendar with: built from what every plugin caller has
 * (the host, the connection) plus the secrets box and the address policy's exceptions
 * (viaPlugins carries both). Without secrets no calendar is used: slots and bookings are as before.
 */
export interface CalendarReach {
  host: PluginHost;
  connection: Connection;
  secrets?: Secrets | undefined;
  httpAllowHosts?: readonly string[] | undefined;
}

export function calendarDepsOf(reach: CalendarReach): CalendarDeps | null {
  if (!reach.secrets || 'unavailable' in reach.secrets) return null;
  return { db: calendarModels(reach.connection), host: reach.host, secrets: reach.secrets, allowHosts: reach.httpAllowHosts ?? [] };
}

/** Where offered slots come from: the calendar they were checked against, and why it could not be read. */
export interface SlotSource {
  /** The connected calendar (its provider's name and id), or null: the workspace's own meetings only. */
  calendar: { id: string; provider: string } | null;
  /** Set when the calendar could not be read: the slots avoid only the workspace's own meetings. */
  warning: string | null;
}

/** The busy intervals of the workspace's connected calendar over [from, to), or why there are none. */
export async function calendarBusy(
  reach: CalendarReach,
  workspaceId: string,
  from: Date,
  to: Date,
): Promise<{ busy: BusyInterval[]; source: SlotSource }> {
  const deps = calendarDepsOf(reach);
  const account = deps ? await connectedAccount(deps.db, workspaceId) : null;
  if (!deps || !account) return { busy: [], source: { calendar: null, warning: null } };
  const calendar = { id: account.publicId, provider: deps.host.calendar(account.pluginId)?.displayName ?? account.pluginId };
  try {
    const opened = await openCalendar(deps, account);
    const { busy } = freeBusySchema.parse(await opened.call('freeBusy', { range: { from: from.toISOString(), to: to.toISOString() } }));
    if (account.lastCheck?.ok !== true) await recordCheck(deps.db, account, null);
    return { busy, source: { calendar, warning: null } };
  } catch (error) {
    const message = calendarProblem(error)?.message ?? (error instanceof Error ? error.message : String(error));
    await recordCheck(deps.db, account, message);
    return {
      busy: [],
      source: { calendar, warning: `${message} These slots avoid only the meetings booked here, not the rest of the calendar.` },
    };
  }
}

/** The booked meeting as the calendar event is made from it. */
export interface BookedMeeting {
  id: string;
  uid: string;
  scheduledAt: string;
  durationMinutes: number;
  meetingUrl: string;
  prospectName: string;
  prospectEmail: string;
}

/** What putting a meeting in the calendar came to: created (or found there already), pending (retried by the sync), or no calendar. */
export type EventOutcome = { event: 'created' | 'none' } | { event: 'pending'; warning: string };

async function createEvent(opened: OpenedCalendar, meeting: BookedMeeting, organizer: { name: string; email: string }) {
  const start = new Date(meeting.scheduledAt);
  const event = {
    uid: meeting.uid,
    start: start.toISOString(),
    end: new Date(start.getTime() + meeting.durationMinutes * 60_000).toISOString(),
    summary: `${organizer.name} × ${meeting.prospectName}`,
    description: `Booked by Meetflow. Video call: ${meeting.meetingUrl}`,
    conferencingUrl: /^https?:\/\//.test(meeting.meetingUrl) ? meeting.meetingUrl : null,
    organizer,
    attendees: [{ email: meeting.prospectEmail, name: meeting.prospectName }],
  };
  try {
    return savedEventSchema.parse(await opened.call('createEvent', { event })).eventId;
  } catch (error) {
    // Created by an earlier attempt of this booking (the uid is the meeting's): it is there, once; the sync finds its id by the uid.
    if (isCalendarFailure(error) && error.type === CALENDAR_FAILURES.conflict) return null;
    throw error;
  }
}

/**
 * Puts a booked meeting in the workspace's connected calendar, once: the event's UID is the
 * meeting's iCalendar UID, so a retry (or a second request of the same booking) finds it instead
 * of making a second. A calendar that does not answer leaves it pending, for the sync to create.
 */
export async function putMeetingEvent(
  reach: CalendarReach,
  workspaceId: string,
  meeting: BookedMeeting,
  organizer: { name: string; email: string },
): Promise<EventOutcome> {
  const deps = calendarDepsOf(reach);
  const account = deps ? await connectedAccount(deps.db, workspaceId) : null;
  if (!deps || !account) return { event: 'none' };
  const link = await deps.db.calendarEvents.findOne({ workspaceId, meetingId: meeting.id }).lean<CalendarEventLink>();
  if (link?.state === 'created') return { event: 'created' };
  await deps.db.calendarEvents.updateOne(
    { workspaceId, meetingId: meeting.id },
    {
      $setOnInsert: {
        workspaceId,
        meetingId: meeting.id,
        accountId: account.publicId,
        uid: meeting.uid,
        eventId: null,
        start: new Date(meeting.scheduledAt),
        state: 'pending',
        error: null,
      },
    },
    { upsert: true },
  );
  try {
    const eventId = await createEvent(await openCalendar(deps, account), meeting, organizer);
    await deps.db.calendarEvents.updateOne({ workspaceId, meetingId: meeting.id }, { $set: { eventId, state: 'created', error: null } });
    return { event: 'created' };
  } catch (error) {
    const problem = calendarProblem(error);
    const message = problem?.message ?? (error instanceof Error ? error.message : String(error));
    await deps.db.calendarEvents.updateOne({ workspaceId, meetingId: meeting.id }, { $set: { error: message } });
    await recordCheck(deps.db, account, message);
    return { event: 'pending', warning: `${message} The meeting is booked; its event is added to the calendar at the next sync.` };
  }
}

/**
 * Cancels a meeting's event in the calendar it was made in (STATUS:CANCELLED, kept visible). A
 * calendar that does not answer leaves it cancel-pending, for the sync to finish; a meeting with
 * no event (none connected, or booked before) has nothing to cancel.
 */
export async function cancelMeetingEvent(reach: CalendarReach, workspaceId: string, meetingId: string): Promise<void> {
  const deps = calendarDepsOf(reach);
  if (!deps) return;
  const link = await deps.db.calendarEvents.findOne({ workspaceId, meetingId }).lean<CalendarEventLink>();
  if (!link || link.state === 'cancelled') return;
  if (link.state === 'pending') {
    await deps.db.calendarEvents.updateOne({ workspaceId, meetingId }, { $set: { state: 'cancelled', error: null } });
    return;
  }
  await deps.db.calendarEvents.updateOne({ workspaceId, meetingId }, { $set: { state: 'cancel-pending' } });
  const account = await deps.db.calendarAccounts.findOne({ workspaceId, publicId: link.accountId }).lean<CalendarAccount>();
  // An event whose id is not known yet (found by its uid at the next sync) is cancelled then.
  if (!account || !link.eventId) return;
  await cancelLinkedEvent(deps, account, link);
}

/** Cancels a linked event now; a failure stays on the link (cancel-pending) for the next sync. */
export async function cancelLinkedEvent(deps: CalendarDeps, account: CalendarAccount, link: CalendarEventLink): Promise<void> {
  const where = { workspaceId: link.workspaceId, meetingId: link.meetingId };
  try {
    await (await openCalendar(deps, account)).call('cancelEvent', { eventId: link.eventId });
    await deps.db.calendarEvents.updateOne(where, { $set: { state: 'cancelled', error: null } });
  } catch (error) {
    // Gone from the calendar already: nothing is left to cancel.
    if (isCalendarFailure(error) && error.type === CALENDAR_FAILURES.refused && /not found/.test(error.message)) {
      await deps.db.calendarEvents.updateOne(where, { $set: { state: 'cancelled', error: null } });
      return;
    }
    const problem = calendarProblem(error);
    await deps.db.calendarEvents.updateOne(where, { $set: { error: problem?.message ?? String(error) } });
  }
}

/**
 * The connected calendar's busy times from now over the meeting-booking horizon, for the slots an
 * email offers (the worker composes it into the sequences' activities): none without a calendar,
 * and none (its lastCheck saying why) when it does not answer.
 */
export function calendarBusyOverHorizon(reach: CalendarReach): (workspaceId: string) => Promise<BusyInterval[]> {
  return async (workspaceId) => {
    const config = reach.host.config(MEETING_BOOKING.plugin) as { horizonDays?: number } | undefined;
    const now = new Date();
    const to = new Date(now.getTime() + ((config?.horizonDays ?? 14) + 1) * 24 * 3_600_000);
    return (await calendarBusy(reach, workspaceId, now, to)).busy;
  };
}
