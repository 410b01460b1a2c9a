import type { MeetingDocument, MeetingModel } from './meeting-model.ts';
import type { BusyInterval } from './slots.ts';

// No meeting lasts longer than a day (meetingMinutes is capped at 8 hours), so one that could
// still be running at `from` started at most this long before it.
const LONGEST_MEETING_MS = 24 * 60 * 60_000;

/** The workspace's scheduled meetings that may overlap [from, to), as busy intervals, leaving out one booking's own. */
export async function busyIntervals(
  meetings: MeetingModel,
  workspaceId: string,
  from: Date,
  to: Date,
  exceptIcsUid?: string,
): Promise<BusyInterval[]> {
  const found = await meetings
    .find({
      workspaceId,
      status: 'scheduled',
      scheduledAt: { $gt: new Date(from.getTime() - LONGEST_MEETING_MS), $lt: to },
      ...(exceptIcsUid ? { icsUid: { $ne: exceptIcsUid } } : {}),
    })
    .lean<MeetingDocument[]>();
  return found.map((meeting) => ({
    start: meeting.scheduledAt.getTime(),
    end: meeting.scheduledAt.getTime() + meeting.durationMinutes * 60_000,
  }));
}
