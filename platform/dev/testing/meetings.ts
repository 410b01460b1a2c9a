import { MEETING_BOOKING } from '@meetflow/plugin-sdk/contracts/agents';
import mongoose from 'mongoose';
import { collectionName } from '../../src/features/runs/plugins/host.ts';

/**
 * Moves a booked meeting's start `agoMs` into the past (an hour by default), as if its time had
 * come: meetings are booked in the future only, and whether one took place is marked once it has
 * started. Answers its new start. Throws when no meeting has that id.
 */
export async function meetingTookPlace(connection: mongoose.Connection, meetingId: string, agoMs = 3_600_000): Promise<string> {
  const scheduledAt = new Date(Date.now() - agoMs);
  const { matchedCount } = await connection
    .collection(collectionName(MEETING_BOOKING.plugin, 'meetings'))
    .updateOne({ _id: new mongoose.Types.ObjectId(meetingId) }, { $set: { scheduledAt } });
  if (matchedCount !== 1) throw new Error(`no meeting ${meetingId} to move into the past`);
  return scheduledAt.toISOString();
}

/** The same over the database at `mongoUri` (an end-to-end run's, MEETFLOW_E2E_MONGO_URI), connected for the one update. */
export async function meetingTookPlaceAt(mongoUri: string, meetingId: string, agoMs?: number): Promise<string> {
  const connection = await mongoose.createConnection(mongoUri).asPromise();
  try {
    return await meetingTookPlace(connection, meetingId, agoMs);
  } finally {
    await connection.close();
  }
}
