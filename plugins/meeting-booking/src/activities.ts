import { workspaceOf, type ActivityImplementations, type PluginDeps } from '@meetflow/plugin-sdk';
import { DateTime, IANAZone } from 'luxon';
import { bookMeeting } from './booking.ts';
import { busyIntervals } from './busy.ts';
import type { MeetingConfig } from './config.ts';
import type { manifest } from './manifest.ts';
import type { MeetingDocument } from './meeting-model.ts';
import { toMeetingView } from './meeting-view.ts';
import { meetingFailure } from './failures.ts';
import { meetingInvite } from './invite.ts';
import { markOutcome, moveMeeting, OBJECT_ID } from './outcomes.ts';
import { busyOfInstants, freeSlots } from './slots.ts';

/** What meeting booking receives from the host. */
export type MeetingDeps = PluginDeps<MeetingConfig, NonNullable<(typeof manifest)['collections']>>;

/** The meeting-booking activities over their dependencies. */
export function createMeetingActivities(deps: MeetingDeps): ActivityImplementations<(typeof manifest)['activities']> {
  const { config, clock, logger } = deps;
  const meetings = deps.db.meetings;
  const now = () => DateTime.fromJSDate(clock.now(), { zone: config.timeZone });

  return {
    proposeSlots: async ({ count, after, busy: elsewhere, labelTimeZone }, context) => {
      const workspaceId = workspaceOf(context);
      const current = now();
      const until = current.plus({ days: config.horizonDays + 1 }).toJSDate();
      const busy = [...(await busyIntervals(meetings, workspaceId, current.toJSDate(), until)), ...busyOfInstants(elsewhere)];
      // A zone luxon does not know labels in the configured one rather than failing the proposal.
      const labelZone = labelTimeZone && IANAZone.isValidZone(labelTimeZone) ? labelTimeZone : config.timeZone;
      const afterTime = after ? DateTime.fromISO(after, { setZone: true }) : undefined;
      const slots = freeSlots({ now: current, after: afterTime, busy, count, config, labelZone });
      return { slots, timeZone: labelZone };
    },

    bookMeeting: async (request, context) => {
      const workspaceId = workspaceOf(context);
      const booking = await bookMeeting({ meetings, config, now: now() }, { ...request, workspaceId });
      logger.info({ workspaceId, meetingId: booking.meeting.id, scheduledAt: booking.meeting.scheduledAt }, 'meeting booked');
      return booking;
    },

    moveMeeting: async ({ meetingId, start }, context) => {
      const workspaceId = workspaceOf(context);
      const meeting = await moveMeeting(meetings, workspaceId, meetingId, new Date(start));
      logger.info({ workspaceId, meetingId, scheduledAt: start }, 'meeting moved');
      return { meeting: toMeetingView(meeting) };
    },

    markOutcome: async ({ meetingId, outcome }, context) => {
      const workspaceId = workspaceOf(context);
      const meeting = await markOutcome(meetings, workspaceId, meetingId, outcome);
      logger.info({ workspaceId, meetingId, outcome }, 'meeting outcome recorded');
      return { meeting: toMeetingView(meeting) };
    },

    listMeetings: async ({ from, to }, context) => {
      const workspaceId = workspaceOf(context);
      const range = { ...(from ? { $gte: new Date(from) } : {}), ...(to ? { $lt: new Date(to) } : {}) };
      const found = await meetings
        .find({ workspaceId, ...(from || to ? { scheduledAt: range } : {}) })
        .sort({ scheduledAt: 1, _id: 1 })
        .lean<MeetingDocument[]>();
      return { meetings: found.map(toMeetingView) };
    },

    invitation: async ({ meetingId, method, continues, sequence }, context) => {
      const workspaceId = workspaceOf(context);
      const find = async (id: string) => {
        const found = OBJECT_ID.test(id) ? await meetings.findOne({ _id: id, workspaceId }).lean<MeetingDocument>() : null;
        if (!found) throw meetingFailure('MeetingNotFound', `No meeting ${id} in this workspace`);
        return found;
      };
      const meeting = await find(meetingId);
      // The invitation says CONFIRMED: serving it for a called-off meeting would put it back in calendars.
      if (method === 'REQUEST' && meeting.status === 'cancelled')
        throw meetingFailure('MeetingCancelled', `Meeting ${meetingId} was cancelled; its invitation no longer holds`);
      // A CANCEL of a meeting that still holds would take it out of the attendee's calendar while it stands.
      if (method === 'CANCEL' && meeting.status !== 'cancelled')
        throw meetingFailure('InvalidTransition', `Meeting ${meetingId} is ${meeting.status}: only a cancelled meeting has a cancellation`);
      const uid = continues && continues !== meetingId ? (await find(continues)).icsUid : meeting.icsUid;
      return { ics: meetingInvite(meeting, config, { method, uid, sequence }) };
    },
  };
}
