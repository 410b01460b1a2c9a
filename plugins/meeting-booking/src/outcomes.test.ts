import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import { fixedClock, runActivity, testDeps } from '@meetflow/plugin-sdk/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { meetingBookingPlugin } from './index.ts';
import { openMeetingsDatabase, type MeetingsDatabase } from './test-database.ts';

let db: MeetingsDatabase;
beforeAll(async () => {
  db = await openMeetingsDatabase();
});
afterAll(async () => {
  await db.drop();
});
beforeEach(async () => {
  await db.meetings.deleteMany({}, ACROSS_WORKSPACES);
});

const deps = () =>
  testDeps(meetingBookingPlugin, { db: { meetings: db.meetings } as never, clock: fixedClock('2026-10-22T09:00:00Z') }) as never;
const book = async (workspaceId: string, start: string) =>
  (
    await runActivity(
      meetingBookingPlugin,
      'bookMeeting',
      {
        workspaceId,
        prospectId: 9,
        prospect: { name: 'Mark Chen', email: 'mark@acme.com' },
        start,
        idempotencyKey: `${workspaceId}-${start}`,
      },
      deps(),
    )
  ).meeting;
const mark = (workspaceId: string, meetingId: string, outcome: 'completed' | 'no-show' | 'cancelled') =>
  runActivity(meetingBookingPlugin, 'markOutcome', { workspaceId, meetingId, outcome }, deps());
const list = (workspaceId: string, range: { from?: string; to?: string } = {}) =>
  runActivity(meetingBookingPlugin, 'listMeetings', { workspaceId, ...range }, deps());

describe('markOutcome', () => {
  it('marks a meeting completed, idempotently; a completed meeting is never cancelled, but may be corrected to a no-show', async () => {
    const meeting = await book('ws-a', '2026-10-26T10:00:00Z');
    await expect(mark('ws-a', meeting.id, 'completed')).resolves.toMatchObject({ meeting: { id: meeting.id, status: 'completed' } });
    await expect(mark('ws-a', meeting.id, 'completed')).resolves.toMatchObject({ meeting: { status: 'completed' } });
    await expect(mark('ws-a', meeting.id, 'cancelled')).rejects.toMatchObject({ type: 'InvalidTransition', nonRetryable: true });
    expect((await list('ws-a')).meetings[0]?.status).toBe('completed');
    await expect(mark('ws-a', meeting.id, 'no-show')).resolves.toMatchObject({ meeting: { status: 'no-show' } });
    await expect(mark('ws-a', meeting.id, 'cancelled')).rejects.toMatchObject({ type: 'InvalidTransition' });
  });

  it('lets attendance evidence correct a no-show, but a cancelled meeting stays cancelled', async () => {
    const missed = await book('ws-a', '2026-10-26T10:00:00Z');
    await mark('ws-a', missed.id, 'no-show');
    await expect(mark('ws-a', missed.id, 'completed')).resolves.toMatchObject({ meeting: { status: 'completed' } });
    const dropped = await book('ws-a', '2026-10-26T14:00:00Z');
    await mark('ws-a', dropped.id, 'cancelled');
    await expect(mark('ws-a', dropped.id, 'completed')).rejects.toMatchObject({ type: 'InvalidTransition' });
  });

  it('frees the slot of a cancelled meeting', async () => {
    const meeting = await book('ws-a', '2026-10-26T10:00:00Z');
    await mark('ws-a', meeting.id, 'cancelled');
    await expect(book('ws-a', '2026-10-26T10:15:00Z')).resolves.toMatchObject({ status: 'scheduled' });
  });

  it('answers MeetingNotFound for an unknown or malformed id', async () => {
    await expect(mark('ws-a', '0123456789abcdef01234567', 'completed')).rejects.toMatchObject({
      type: 'MeetingNotFound',
      nonRetryable: true,
    });
    await expect(mark('ws-a', 'not-an-id', 'completed')).rejects.toMatchObject({ type: 'MeetingNotFound' });
  });
});

describe('workspace isolation', () => {
  it('hides a meeting of workspace B from listMeetings and markOutcome of workspace A', async () => {
    const theirs = await book('ws-b', '2026-10-26T10:00:00Z');
    expect((await list('ws-a')).meetings).toEqual([]);
    await expect(mark('ws-a', theirs.id, 'cancelled')).rejects.toMatchObject({ type: 'MeetingNotFound' });
    expect((await list('ws-b')).meetings).toEqual([expect.objectContaining({ id: theirs.id, status: 'scheduled' })]);
  });
});

describe('listMeetings', () => {
  it('lists meetings earliest first within an optional [from, to) range', async () => {
    const late = await book('ws-a', '2026-10-28T10:00:00Z');
    const early = await book('ws-a', '2026-10-26T10:00:00Z');
    const middle = await book('ws-a', '2026-10-27T10:00:00Z');
    expect((await list('ws-a')).meetings.map((meeting) => meeting.id)).toEqual([early.id, middle.id, late.id]);
    const range = await list('ws-a', { from: '2026-10-27T10:00:00Z', to: '2026-10-28T10:00:00Z' });
    expect(range.meetings).toEqual([
      expect.objectContaining({
        id: middle.id,
        scheduledAt: '2026-10-27T10:00:00.000Z',
        prospectId: 9,
        prospectName: 'Mark Chen',
        meetingUrl: middle.meetingUrl,
      }),
    ]);
  });
});
