import { MeetingScheduler } from '../../features/meeting-scheduler/components/meeting-scheduler.tsx';

/** /meetings: the Meeting Scheduler (spec section 2). */
export function MeetingsRoute() {
  return <MeetingScheduler />;
}
