import { formatLongDateTime } from '../../../utils/format.ts';
import type { Meeting } from '../api/meetings-api.ts';

const WEEK_MS = 7 * 86_400_000;

/** The four stat cards (spec section 9): This Week = booked in the last 7 days; Success Rate = completed ÷ total, rounded. */
export function meetingStats(meetings: readonly Meeting[], now: Date) {
  const total = meetings.length;
  const completed = meetings.filter((meeting) => meeting.status === 'completed').length;
  const thisWeek = meetings.filter((meeting) => now.getTime() - Date.parse(meeting.bookedAt) <= WEEK_MS).length;
  return { total, thisWeek, completed, successRate: total === 0 ? 0 : Math.round((100 * completed) / total) };
}

/**
 * Upcoming (starting after `now`, soonest first) and past (started by `now`, latest first): by the
 * meeting's time alone, whatever its status, so a meeting days ahead is never under Past.
 */
export function splitMeetings(meetings: readonly Meeting[], now: Date): { upcoming: Meeting[]; past: Meeting[] } {
  const ahead = (meeting: Meeting) => Date.parse(meeting.scheduledAt) > now.getTime();
  return {
    upcoming: meetings.filter(ahead).sort((a, b) => Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt)),
    past: meetings.filter((meeting) => !ahead(meeting)).sort((a, b) => Date.parse(b.scheduledAt) - Date.parse(a.scheduledAt)),
  };
}

/** "Wednesday, November 25, 2026 at 10:00 AM" in the reader's own time zone (or the one given). */
export function longDateTime(iso: string, timeZone?: string): string {
  return formatLongDateTime(iso, timeZone);
}
