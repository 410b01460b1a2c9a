import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';

/**
 * A prospect's public booking link (`/book/<token>`): one per prospect and sequence. The token is
 * never stored: it is an HMAC of `nonce` under the secrets key (so the platform can put the same
 * link in every email), and only its SHA-256 is kept to find the link by (a copy of the database
 * books nothing). A key change makes a new token; the old one's hash stays, so links already sent
 * keep working.
 */
const BookingLinkSchema = new Schema(
  {
    workspaceId: { type: String, required: true },
    prospectId: { type: Number, required: true },
    /** The prospect's sequence (its workflow id): one link per sequence. */
    sequenceId: { type: String, required: true },
    /** 16 random bytes, hex: what the token is derived from. */
    nonce: { type: String, required: true },
    /** SHA-256 (hex) of each token derived so far (one per secrets key). */
    tokenHashes: { type: [String], required: true },
    createdAt: { type: Date, required: true },
    /** After this, a link with no meeting booked opens the "expired" page (see links.ts for how it is set and extended). */
    expiresAt: { type: Date, required: true },
    /** A member withdrew it: it opens nothing any more. */
    revokedAt: { type: Date, default: null },
    /** The meeting it booked (the meeting-booking plugin's id); null until then. */
    meetingId: { type: String, default: null },
    /** When that meeting starts: once started, the link is used up. */
    meetingStart: { type: Date, default: null },
    /** Bookings made through it (the first, then each reschedule): keys the next booking, so a repeated request books once. */
    generation: { type: Number, required: true, default: 0 },
    /** How often the prospect moved the meeting. */
    reschedules: { type: Number, required: true, default: 0 },
    /**
     * The meeting whose event the prospect's calendar has: the first one booked. A move books a new
     * meeting, and its invitation continues this one's event (same UID, higher SEQUENCE); null until
     * booked (and on links booked before it was kept: their current meeting stands in).
     */
    eventMeetingId: { type: String, default: null },
    /** The prospect cancelled the meeting through the link: it is used up. */
    cancelledAt: { type: Date, default: null },
  },
  { versionKey: false },
);
BookingLinkSchema.index({ workspaceId: 1, sequenceId: 1 }, { unique: true });
BookingLinkSchema.index({ workspaceId: 1, prospectId: 1 });
BookingLinkSchema.index({ tokenHashes: 1 }, { unique: true });

export type BookingLink = InferSchemaType<typeof BookingLinkSchema>;

/** Registers the booking-links model on a connection (once); collection `booking_links`. */
export function bookingLinkModels(connection: Connection) {
  return {
    bookingLinks:
      (connection.models.BookingLink as Model<BookingLink> | undefined) ??
      connection.model<BookingLink>('BookingLink', BookingLinkSchema, 'booking_links'),
  };
}
export type BookingLinksDb = ReturnType<typeof bookingLinkModels>;
