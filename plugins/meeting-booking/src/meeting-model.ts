import { MEETING_STATUSES, type MeetingStatus } from '@meetflow/plugin-sdk/contracts/meeting-booking';
import { Schema, type InferSchemaType, type Model } from 'mongoose';

/** The lifecycle of a meeting (the contract's statuses): booked, then attended, missed or called off. */
export { MEETING_STATUSES, type MeetingStatus };

/** A booked meeting with a prospect, in the `meetings` collection of one workspace. */
export const meetingSchema = new Schema(
  {
    workspaceId: { type: String, required: true },
    prospectId: { type: Number, required: true },
    prospectEmail: { type: String, required: true },
    prospectName: { type: String, required: true },
    scheduledAt: { type: Date, required: true },
    durationMinutes: { type: Number, required: true },
    status: { type: String, enum: MEETING_STATUSES, required: true, default: 'scheduled' },
    meetingUrl: { type: String, required: true },
    /** iCalendar UID, derived from the booking's idempotency key: one key, one meeting. */
    icsUid: { type: String, required: true },
  },
  { timestamps: true },
);

meetingSchema.index({ workspaceId: 1, icsUid: 1 }, { unique: true });
meetingSchema.index({ workspaceId: 1, scheduledAt: 1 });

/** A meeting document as stored. */
export type MeetingDocument = InferSchemaType<typeof meetingSchema> & { _id: unknown };

/** The model the host builds from meetingSchema. */
export type MeetingModel = Model<InferSchemaType<typeof meetingSchema>>;
