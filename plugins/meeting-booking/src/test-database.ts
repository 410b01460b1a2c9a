// A real database per test file, on the server the vitest global setup starts.
import { openTestConnection } from '@meetflow/plugin-sdk/testing';
import type { Connection } from 'mongoose';
import { meetingSchema } from './meeting-model.ts';

const meetingsModel = (connection: Connection) => connection.model('m', meetingSchema);

/** A fresh database with the meetings model (indexes built), and a way to drop it. */
export interface MeetingsDatabase {
  meetings: ReturnType<typeof meetingsModel>;
  drop(): Promise<void>;
}

/** Opens a fresh database named test-meeting-<random>. */
export async function openMeetingsDatabase(): Promise<MeetingsDatabase> {
  const connection = await openTestConnection('meeting');
  const meetings = meetingsModel(connection);
  // The unique { workspaceId, icsUid } index must exist before tests rely on it.
  await meetings.init();
  return {
    meetings,
    drop: async () => {
      await connection.dropDatabase();
      await connection.close();
    },
  };
}
