import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useToast } from '../../../lib/toast.ts';
import { roleAtLeast, useCurrentMembership } from '../../auth/index.ts';
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
  // A correction changes a recorded attendance; to a no-show it credits a charge, so it takes an admin and a reason.
  const [marking, setMarking] = useState<{ meeting: Meeting; outcome: 'completed' | 'no-show'; correction: boolean } | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const role = useCurrentMembership()?.role ?? null;
  const creditsCharge = marking?.correction === true && marking.outcome === 'no-show';
  const mark = useMarkOutcome();
  const toast = useToast();
  const now = new Date();
  const stats = meetingStats(meetings.data ?? [], now);
  const { upcoming, past } = splitMeetings(meetings.data ?? [], now);

  const openMarking = (meeting: Meeting, outcome: 'completed' | 'no-show', correction: boolean) => {
    setReason('');
    setReasonError(null);
    setMarking({ meeting, outcome, correction });
  };
  const confirmOutcome = () => {
    if (!marking) return;
    if (creditsCharge && reason.trim() === '') {
      setReasonError('Say why: the reason is kept in the audit trail with the credit.');
      return;
    }
    mark.mutate(
      { id: marking.meeting.id, outcome: marking.outcome, ...(creditsCharge ? { reason: reason.trim() } : {}) },
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
              <MeetingCard
                key={meeting.id}
                meeting={meeting}
                onOutcome={(outcome) => openMarking(meeting, outcome, false)}
                {...(role !== null && roleAtLeast(role, 'admin') ? { onCorrect: (outcome) => openMarking(meeting, outcome, true) } : {})}
              />
            ))}
          </ul>
        </section>
      )}
      {scheduling && <ScheduleDialog onClose={() => setScheduling(false)} />}
      <ConfirmDialog
        open={marking !== null}
        title={
          marking?.correction
            ? marking.outcome === 'completed'
              ? 'Correct to attended?'
              : 'Correct to no-show?'
            : marking?.outcome === 'completed'
              ? 'Mark as attended?'
              : 'Mark as no-show?'
        }
        confirmLabel="Confirm"
        cancelLabel="Cancel"
        onConfirm={confirmOutcome}
        onCancel={() => setMarking(null)}
      >
        {creditsCharge ? (
          <div className="flex flex-col gap-2">
            <p>The charge for this meeting is credited back in the pricing ledger; the meeting counts as a no-show.</p>
            <label className="flex flex-col gap-1">
              <span className="font-medium">Reason</span>
              <textarea
                className={`textarea w-full ${reasonError ? 'textarea-error' : ''}`}
                rows={2}
                maxLength={500}
                value={reason}
                aria-invalid={reasonError !== null}
                aria-describedby={reasonError ? 'correction-reason-error' : undefined}
                onChange={(event) => {
                  setReason(event.target.value);
                  setReasonError(null);
                }}
              />
            </label>
            {reasonError && (
              <p id="correction-reason-error" className="text-error">
                {reasonError}
              </p>
            )}
          </div>
        ) : marking?.outcome === 'completed' ? (
          "An attended meeting is charged in the pricing ledger at its slice's price."
        ) : (
          "A no-show is never charged; it lowers the slice's show-up estimate."
        )}
      </ConfirmDialog>
    </div>
  );
}
