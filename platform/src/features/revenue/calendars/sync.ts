import { MEETING_BOOKING } from '@meetflow/plugin-sdk/contracts/agents';
import { calendarChangesSchema, type CalendarEvent } from '@meetflow/plugin-sdk';
import type { CalendarReadBack } from '@meetflow/workflows';
import { systemRunContext } from '../../../core/run-context.ts';
import { listMeetingsWithEmail, markOutcome, moveMeeting, type MeetingDeps } from '../meetings/meetings.ts';
import { calendarDepsOf, cancelLinkedEvent, putMeetingEvent } from './availability.ts';
import { calendarProblem, connectedAccount, openCalendar, type CalendarDeps } from './calendars.ts';
import { calendarModels, type CalendarAccount, type CalendarEventLink } from './model.ts';
import { renewWatching } from './notifications.ts';

/** What one sync of a calendar did. */
export interface SyncReport {
  cancelled: string[];
  moved: string[];
  /** Events created now that the calendar answered again (booked while it did not). */
  created: number;
  error: string | null;
}

/**
 * Reads back what changed in a workspace's connected calendar since the last sync (the plugin's
 * changesSince and its token) and reflects it on the meetings whose events it holds: an event
 * cancelled or deleted there cancels its meeting; an event moved moves its meeting. It first
 * finishes what the calendar could not take when it happened: events of meetings booked while
 * it did not answer, cancellations of meetings called off meanwhile. Idempotent: a second run with
 * nothing changed changes nothing.
 */
export async function syncCalendar(meetings: MeetingDeps, deps: CalendarDeps, account: CalendarAccount): Promise<SyncReport> {
  const { workspaceId, publicId: accountId } = account;
  const report: SyncReport = { cancelled: [], moved: [], created: 0, error: null };
  const run = systemRunContext(workspaceId, 'calendar-sync');
  const setLink = (link: CalendarEventLink, set: Partial<CalendarEventLink>) =>
    deps.db.calendarEvents.updateOne({ workspaceId, meetingId: link.meetingId }, { $set: set });
  try {
    const opened = await openCalendar(deps, account);
    const links = () => deps.db.calendarEvents.find({ workspaceId, accountId }).lean<CalendarEventLink[]>();

    const pending = (await links()).filter((link) => link.state === 'pending');
    if (pending.length > 0) {
      const byId = new Map((await listMeetingsWithEmail(meetings, run)).map((meeting) => [meeting.id, meeting]));
      const organizer = meetingOrganizer(meetings);
      for (const link of pending) {
        const meeting = byId.get(link.meetingId);
        if (!meeting || meeting.status !== 'scheduled') {
          await setLink(link, { state: 'cancelled', error: null });
          continue;
        }
        const outcome = await putMeetingEvent(meetings, workspaceId, { ...meeting, uid: link.uid }, organizer);
        if (outcome.event === 'created') report.created += 1;
      }
    }

    const { changed, removed, syncToken, full } = calendarChangesSchema.parse(
      await opened.call('changesSince', { syncToken: account.sync?.token ?? null }),
    );
    const byUid = new Map<string, CalendarEvent>(changed.map((event) => [event.uid, event]));
    const byEventId = new Map<string, CalendarEvent>(changed.map((event) => [event.eventId, event]));
    const gone = new Set(removed);
    for (const link of await links()) {
      const event = (link.eventId ? byEventId.get(link.eventId) : undefined) ?? byUid.get(link.uid);
      if (event && link.eventId !== event.eventId) await setLink(link, { eventId: event.eventId });
      if (link.state === 'cancel-pending') {
        if (event || link.eventId) await cancelLinkedEvent(deps, account, { ...link, eventId: event?.eventId ?? link.eventId });
        continue;
      }
      if (link.state !== 'created') continue;
      const deleted = (link.eventId !== null && gone.has(link.eventId)) || (full && !event);
      if (deleted || event?.status === 'cancelled') {
        // The link first: cancelling the meeting then finds nothing left to cancel in the calendar.
        await setLink(link, { state: 'cancelled', error: null });
        await markOutcome(meetings, run, link.meetingId, 'cancelled').catch((error: unknown) => {
          if (!(error instanceof Error && /cannot become cancelled/.test(error.message))) throw error;
        });
        report.cancelled.push(link.meetingId);
      } else if (event && Date.parse(event.start) !== link.start.getTime()) {
        await moveMeeting(meetings, run, link.meetingId, event.start).catch((error: unknown) => {
          if (!(error instanceof Error && /cannot be moved/.test(error.message))) throw error;
        });
        await setLink(link, { start: new Date(event.start) });
        report.moved.push(link.meetingId);
      }
    }
    await deps.db.calendarAccounts.updateOne(
      { workspaceId, publicId: accountId },
      { $set: { 'sync.token': syncToken, 'sync.at': new Date(), 'sync.error': null } },
    );
  } catch (error) {
    const problem = calendarProblem(error);
    report.error = problem?.message ?? (error instanceof Error ? error.message : String(error));
    await deps.db.calendarAccounts.updateOne(
      { workspaceId, publicId: accountId },
      { $set: { 'sync.at': new Date(), 'sync.error': report.error } },
    );
  }
  return report;
}

function meetingOrganizer(meetings: MeetingDeps): { name: string; email: string } {
  const config = meetings.host.config(MEETING_BOOKING.plugin) as { organizer?: { name: string; email: string } } | undefined;
  return config?.organizer ?? { name: 'Meetflow', email: 'meetings@meetflow.local' };
}

/**
 * One read-back of a workspace's connected calendar (the `calendarSync` workflow's activity, on the
 * worker): syncCalendar on its account, or `connected: false` when it has none (the workflow ends).
 * Its change-notification channel is renewed first when it is due at `at` (the workflow's time).
 * A worker without the secrets key cannot open the account: that is recorded on it for the screen.
 */
export async function readBackCalendar(meetings: MeetingDeps, workspaceId: string, at: Date = new Date()): Promise<CalendarReadBack> {
  const db = calendarModels(meetings.connection);
  const account = await connectedAccount(db, workspaceId);
  if (!account) return { connected: false, cancelled: 0, moved: 0, created: 0, error: null };
  const deps = calendarDepsOf(meetings);
  if (!deps) {
    const error = 'This worker was started without a secrets key (MEETFLOW_SECRETS_KEY): the calendar is not read back.';
    await db.calendarAccounts.updateOne(
      { workspaceId, publicId: account.publicId },
      { $set: { 'sync.at': new Date(), 'sync.error': error } },
    );
    return { connected: true, cancelled: 0, moved: 0, created: 0, error };
  }
  await renewWatching(deps, account, at);
  const report = await syncCalendar(meetings, deps, account);
  return { connected: true, cancelled: report.cancelled.length, moved: report.moved.length, created: report.created, error: report.error };
}
