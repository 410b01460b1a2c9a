import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useToast } from '../../../lib/toast.ts';
import { meetingsQueryOptions, slotsQueryOptions, useMarkOutcome, type Meeting } from '../api/meetings-api.ts';
import { meetingStats, splitMeetings } from '../utils/meeting-stats.ts';
import { MeetingCard } from './meeting-card.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';
import { SlotSource } from './slot-source.tsx';

/** The Meeting Scheduler (spec section 2): stats, upcoming and past meetings, booking on offered slots, attendance. */
export function MeetingScheduler() {
  const meetings = useQuery(meetingsQueryOptions());
  const slots = useQuery(slotsQueryOptions());
  const [scheduling, setScheduling] = useState(false);
  const [marking, setMarking] = useState<{ meeting: Meeting; outcome: 'completed' | 'no-show' } | null>(null);
  const mark = useMarkOutcome();
  const toast = useToast();
  const now = new Date();
  const stats = meetingStats(meetings.data ?? [], now);
  const { upcoming, past } = splitMeetings(meetings.data ?? [], now);

  const confirmOutcome = () => {
    if (!marking) return;
    mark.mutate(
      { id: marking.meeting.id, outcome: marking.outcome },
      {
        onSuccess: () =>
          toast({
            title: 'Meeting Updated',
            description: `Meeting with ${marking.meeting.prospectName} marked ${marking.outcome === 'completed' ? 'attended' : 'no-show'}`,
            tone: 'success',
          }),
        onError: (error) => toast({ title: 'Update Failed', description: error.message, tone: 'error' }),
      },
    );
    setMarking(null);
  };
  const cards = [
    ['Total Meetings', stats.total],
    ['This Week', stats.thisWeek],
    ['Completed', stats.completed],
    ['Success Rate', `${stats.successRate}%`],
  ] as const;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Meeting Scheduler"
        subtitle="Manage and track scheduled meetings"
        actions={
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setScheduling(true)}>
            Schedule Meeting
          </button>
        }
      />
      <SlotSource source={slots.data?.source} loading={slots.isPending} />
      {meetings.isError && <ErrorAlert message={meetings.error.message} />}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(([label, value]) => (
          <div key={label} className="card bg-base-100 shadow-sm" data-testid={`stat-${label}`}>
            <div className="card-body gap-1 p-4">
              <p className="text-sm text-base-content/70">{label}</p>
              <p className="text-3xl font-bold tabular-nums">{value}</p>
            </div>
          </div>
        ))}
      </div>
      <section aria-labelledby="upcoming-title" className="flex flex-col gap-3">
        <h2 id="upcoming-title" className="text-lg font-semibold">
          Upcoming Meetings
        </h2>
        {meetings.isPending ? (
          <span className="loading loading-spinner loading-md" aria-label="Loading meetings" />
        ) : upcoming.length === 0 ? (
          <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-6 text-center" data-testid="meetings-empty">
            <p className="font-medium">No meetings scheduled</p>
            <p className="text-sm text-base-content/70">Meetings will appear here once prospects book time with you.</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Upcoming meetings">
            {upcoming.map((meeting) => (
              <MeetingCard key={meeting.id} meeting={meeting} />
            ))}
          </ul>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="past-title" className="flex flex-col gap-3">
          <h2 id="past-title" className="text-lg font-semibold">
            Past Meetings
          </h2>
          <p className="text-sm text-base-content/70">
            Mark whether each meeting took place: attended meetings are what the pricing ledger charges.
          </p>
          <ul className="flex flex-col gap-2" aria-label="Past meetings">
            {past.map((meeting) => (
              <MeetingCard key={meeting.id} meeting={meeting} onOutcome={(outcome) => setMarking({ meeting, outcome })} />
            ))}
          </ul>
        </section>
      )}
      {scheduling && <ScheduleDialog onClose={() => setScheduling(false)} />}
      <ConfirmDialog
        open={marking !== null}
        title={marking?.outcome === 'completed' ? 'Mark as attended?' : 'Mark as no-show?'}
        confirmLabel="Confirm"
        cancelLabel="Cancel"
        onConfirm={confirmOutcome}
        onCancel={() => setMarking(null)}
      >
        {marking?.outcome === 'completed'
          ? "An attended meeting is charged in the pricing ledger at its slice's price. The first outcome recorded stands."
          : "A no-show is never charged; it lowers the slice's show-up estimate. The first outcome recorded stands."}
      </ConfirmDialog>
    </div>
  );
}
