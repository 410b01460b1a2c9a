import { MeetingScheduler } from '../../features/meetings/components/meeting-scheduler.tsx';

/** /meetings: the Meeting Scheduler (spec section 2). */
export function MeetingsRoute() {
  return <MeetingScheduler />;
}
