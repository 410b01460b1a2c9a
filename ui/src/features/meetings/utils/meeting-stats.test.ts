import { describe, expect, it } from 'vitest';
import type { Meeting } from '../api/meetings-api.ts';
import { longDateTime, meetingStats, splitMeetings } from './meeting-stats.ts';

const now = new Date('2026-11-24T12:00:00Z');
const meeting = (id: string, scheduledAt: string, status: Meeting['status'], bookedAt = '2026-11-23T09:00:00Z'): Meeting => ({
  id,
  prospectId: 1,
  prospectName: 'Ada Lane',
  scheduledAt,
  durationMinutes: 30,
  status,
  meetingUrl: 'https://meet.example/x',
  bookedAt,
});

describe('meeting stats', () => {
  const meetings = [
    meeting('a', '2026-11-20T10:00:00Z', 'completed', '2026-11-10T09:00:00Z'),
    meeting('b', '2026-11-21T10:00:00Z', 'no-show', '2026-11-12T09:00:00Z'),
    meeting('c', '2026-11-26T10:00:00Z', 'scheduled'),
    meeting('d', '2026-11-25T10:00:00Z', 'scheduled', '2026-11-17T12:00:00Z'), // booked exactly 7 days ago
  ];

  it('counts total, booked this week, completed and the rounded success rate', () => {
    expect(meetingStats(meetings, now)).toEqual({ total: 4, thisWeek: 2, completed: 1, successRate: 25 });
    expect(meetingStats([], now)).toEqual({ total: 0, thisWeek: 0, completed: 0, successRate: 0 });
    expect(meetingStats([meetings[0]!, meetings[0]!, meetings[1]!], now).successRate).toBe(67);
  });

  it('lists upcoming soonest first and past latest first', () => {
    const { upcoming, past } = splitMeetings(meetings, now);
    expect(upcoming.map((entry) => entry.id)).toEqual(['d', 'c']);
    expect(past.map((entry) => entry.id)).toEqual(['b', 'a']);
  });

  it("splits by the meeting's time against now, whatever its status: one two days ahead is upcoming even if marked", () => {
    const ahead = [meeting('e', '2026-11-26T12:00:00Z', 'completed'), meeting('f', '2026-11-25T12:00:00Z', 'cancelled')];
    const started = meeting('g', '2026-11-24T12:00:00Z', 'scheduled'); // starts at this very moment
    const { upcoming, past } = splitMeetings([...ahead, started], now);
    expect(upcoming.map((entry) => entry.id)).toEqual(['f', 'e']);
    expect(past.map((entry) => entry.id)).toEqual(['g']);
  });

  it('writes the long-form date and time in a given time zone', () => {
    expect(longDateTime('2026-11-25T15:30:00Z', 'America/New_York')).toBe('Wednesday, November 25, 2026 at 10:30 AM');
    expect(longDateTime('2026-11-25T15:30:00Z', 'Europe/Berlin')).toBe('Wednesday, November 25, 2026 at 4:30 PM');
  });
});
