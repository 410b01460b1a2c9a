import { Schema, type Connection, type Model } from 'mongoose';

/** What a prospect answered to a meeting's invitation from their calendar (an iCalendar REPLY's PARTSTAT). */
export const RSVP_ANSWERS = ['accepted', 'tentative', 'declined'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];

export interface MeetingRsvp {
  workspaceId: string;
  /** The meeting-booking plugin's meeting id (the one the answered invitation stands for now). */
  meetingId: string;
  answer: RsvpAnswer;
  /** The SEQUENCE of the invitation answered: an answer to an older one never replaces it. */
  sequence: number;
  at: Date;
}

const MeetingRsvpSchema = new Schema<MeetingRsvp>(
  {
    workspaceId: { type: String, required: true },
    meetingId: { type: String, required: true },
    answer: { type: String, enum: RSVP_ANSWERS, required: true },
    sequence: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
MeetingRsvpSchema.index({ workspaceId: 1, meetingId: 1 }, { unique: true });

/** The meetings' RSVPs on a connection (once); collection `meeting_rsvps`. */
export function meetingRsvpModel(connection: Connection): Model<MeetingRsvp> {
  return (
    (connection.models.MeetingRsvp as Model<MeetingRsvp> | undefined) ??
    connection.model<MeetingRsvp>('MeetingRsvp', MeetingRsvpSchema, 'meeting_rsvps')
  );
}

/** Each meeting's RSVP (when the prospect answered), as the API shows it. */
export async function withRsvps<M extends { id: string }>(
  connection: Connection,
  workspaceId: string,
  meetings: M[],
): Promise<Array<M & { rsvp?: RsvpAnswer }>> {
  if (meetings.length === 0) return meetings;
  const answers = await meetingRsvpModel(connection)
    .find({ workspaceId, meetingId: { $in: meetings.map((meeting) => meeting.id) } }, { meetingId: 1, answer: 1 })
    .lean<Array<Pick<MeetingRsvp, 'meetingId' | 'answer'>>>();
  const byMeeting = new Map(answers.map((row) => [row.meetingId, row.answer]));
  return meetings.map((meeting) => {
    const rsvp = byMeeting.get(meeting.id);
    return rsvp ? { ...meeting, rsvp } : meeting;
  });
}
