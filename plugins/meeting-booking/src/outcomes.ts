import { meetingFailure } from './failures.ts';
import type { MeetingDocument, MeetingModel, MeetingStatus } from './meeting-model.ts';

/** The outcomes a meeting can be marked with. */
export type MeetingOutcome = Exclude<MeetingStatus, 'scheduled'>;

/**
 * From which statuses each outcome may be reached. Attendance evidence may correct a no-show to
 * completed, and a completed meeting may be corrected to a no-show (the platform lets only an
 * owner or admin do it, with a reason; the pricing ledger credits its charge); a cancelled
 * meeting is final.
 */
export const ALLOWED_FROM: Readonly<Record<MeetingOutcome, readonly MeetingStatus[]>> = {
  completed: ['scheduled', 'no-show'],
  'no-show': ['scheduled', 'completed'],
  cancelled: ['scheduled'],
};

/** A MongoDB ObjectId as text: anything else names no meeting. */
export const OBJECT_ID = /^[a-f\d]{24}$/i;

/**
 * Records a meeting's outcome in one conditional update, so two concurrent marks cannot both
 * apply. Marking the status it already has is a no-op (idempotent).
 */
export async function markOutcome(
  meetings: MeetingModel,
  workspaceId: string,
  meetingId: string,
  outcome: MeetingOutcome,
): Promise<MeetingDocument> {
  const notFound = () => meetingFailure('MeetingNotFound', `no meeting ${meetingId} in workspace ${workspaceId}`);
  if (!OBJECT_ID.test(meetingId)) throw notFound();
  const updated = await meetings
    .findOneAndUpdate(
      { _id: meetingId, workspaceId, status: { $in: ALLOWED_FROM[outcome] } },
      { $set: { status: outcome } },
      { returnDocument: 'after' },
    )
    .lean<MeetingDocument>();
  if (updated) return updated;
  const current = await meetings.findOne({ _id: meetingId, workspaceId }).lean<MeetingDocument>();
  if (!current) throw notFound();
  if (current.status === outcome) return current;
  throw meetingFailure('InvalidTransition', `meeting ${meetingId} is ${current.status} and cannot become ${outcome}`);
}

/**
 * Moves a scheduled meeting to another start, as its event was moved in the rep's calendar: the
 * rep chose the time, so the working-time rules do not apply. Only a scheduled meeting moves
 * (InvalidTransition otherwise); moving it to the time it has is a no-op.
 */
export async function moveMeeting(meetings: MeetingModel, workspaceId: string, meetingId: string, start: Date): Promise<MeetingDocument> {
  const notFound = () => meetingFailure('MeetingNotFound', `no meeting ${meetingId} in workspace ${workspaceId}`);
  if (!OBJECT_ID.test(meetingId)) throw notFound();
  const updated = await meetings
    .findOneAndUpdate({ _id: meetingId, workspaceId, status: 'scheduled' }, { $set: { scheduledAt: start } }, { returnDocument: 'after' })
    .lean<MeetingDocument>();
  if (updated) return updated;
  const current = await meetings.findOne({ _id: meetingId, workspaceId }).lean<MeetingDocument>();
  if (!current) throw notFound();
  throw meetingFailure('InvalidTransition', `meeting ${meetingId} is ${current.status} and cannot be moved`);
}
