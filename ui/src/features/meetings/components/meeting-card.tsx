import { webAddress } from '../../../lib/web-address.ts';
import { withWorkspace } from '../../../lib/workspace.ts';
import type { Meeting } from '../api/meetings-api.ts';
import { longDateTime } from '../utils/meeting-stats.ts';

const STATUS_BADGE = { scheduled: 'badge-info', completed: 'badge-success', 'no-show': 'badge-warning', cancelled: 'badge-ghost' } as const;
/** The prospect's answer to the invitation from their calendar (Accept, Maybe, Decline there). */
const RSVP = {
  accepted: { text: 'Accepted', badge: 'badge-success' },
  tentative: { text: 'Tentative', badge: 'badge-warning' },
  declined: { text: 'Declined', badge: 'badge-error' },
} as const;

/**
 * One meeting: whom with, when (in the reader's time zone), the video link, its status, the
 * prospect's RSVP once their calendar answered the invitation, and the
 * actions that fit it. Attendance (`onOutcome`) is offered only where the list passes it: for
 * meetings that have started; a correction of recorded attendance (`onCorrect`) likewise.
 */
export function MeetingCard({
  meeting,
  onOutcome,
  onCorrect,
}: {
  meeting: Meeting;
  onOutcome?: (outcome: 'completed' | 'no-show') => void;
  /** Offered where the reader may correct a recorded attendance: to the other outcome. */
  onCorrect?: (outcome: 'completed' | 'no-show') => void;
}) {
  // The calendar plugin's address: joined only when it is a web page.
  const joinUrl = webAddress(meeting.meetingUrl);
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-box bg-base-100 p-4 shadow-sm"
      data-testid="meeting"
      data-meeting-id={meeting.id}
    >
      <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">
        <p className="font-medium">Meeting with {meeting.prospectName}</p>
        <p className="text-sm text-base-content/70">
          {longDateTime(meeting.scheduledAt)} · {meeting.durationMinutes} min
        </p>
        {joinUrl && <p className="text-xs text-base-content/60">Video call available</p>}
      </div>
      <span className={`badge ${STATUS_BADGE[meeting.status]}`} data-testid="meeting-status">
        {meeting.status}
      </span>
      {meeting.rsvp && (
        <span
          className={`badge badge-outline ${RSVP[meeting.rsvp].badge}`}
          data-testid="meeting-rsvp"
          title="The prospect's answer to the invitation, from their calendar"
        >
          <span className="sr-only">Invitation: </span>
          {RSVP[meeting.rsvp].text}
        </span>
      )}
      <div className="flex flex-wrap gap-2">
        {meeting.status === 'scheduled' && joinUrl && (
          <a href={joinUrl} target="_blank" rel="noopener noreferrer" className="btn btn-primary btn-sm">
            Join
          </a>
        )}
        {/* A called-off meeting's invitation no longer holds (its route answers 409). */}
        {meeting.status !== 'cancelled' && (
          <a href={withWorkspace(`/api/meetings/${encodeURIComponent(meeting.id)}/invite.ics`)} className="btn btn-ghost btn-sm" download>
            Invite (.ics)
          </a>
        )}
        {onCorrect && meeting.status === 'completed' && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onCorrect('no-show')}>
            Correct to no-show
          </button>
        )}
        {onCorrect && meeting.status === 'no-show' && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onCorrect('completed')}>
            Correct to attended
          </button>
        )}
        {onOutcome && meeting.status === 'scheduled' && (
          <>
            <button type="button" className="btn btn-success btn-sm btn-soft" onClick={() => onOutcome('completed')}>
              Mark attended
            </button>
            <button type="button" className="btn btn-warning btn-sm btn-soft" onClick={() => onOutcome('no-show')}>
              Mark no-show
            </button>
          </>
        )}
      </div>
    </li>
  );
}
