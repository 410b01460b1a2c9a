import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { refusalText } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { formatDate } from '../../../utils/format.ts';
import { useDisconnectCalendar, useTestCalendar, type CalendarProvider, type ConnectedCalendar } from '../api/calendars-api.ts';

// Darker than the theme's success and error colours, which are too light for text on white.
const GOOD = 'text-green-700 dark:text-green-400';
const BAD = 'text-red-700 dark:text-red-400';

interface CalendarCardProps {
  calendar: ConnectedCalendar;
  provider: CalendarProvider | undefined;
  manage: boolean;
}

/** The connected calendar: its account (never its password), the last check and sync, and Test and Disconnect for admins. */
export function CalendarCard({ calendar, provider, manage }: CalendarCardProps) {
  const test = useTestCalendar();
  const disconnect = useDisconnectCalendar();
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();
  const oauth = calendar.auth === 'oauth';
  const labelOf = (key: string) => provider?.fields.find((field) => field.key === key)?.label ?? key;
  const check = calendar.lastCheck;

  return (
    <article className="card bg-base-100 shadow-sm" aria-labelledby={`calendar-${calendar.id}`} data-testid="connected-calendar">
      <div className="card-body gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={`calendar-${calendar.id}`} className="font-semibold wrap-anywhere">
              {calendar.provider}
            </h3>
            <p className="text-sm text-base-content/70">Connected {formatDate(calendar.createdAt, { time: true })}</p>
          </div>
          {manage && (
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-sm" disabled={test.isPending} onClick={() => test.mutate(calendar.id)}>
                {test.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}Test
              </button>
              <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => setConfirming(true)}>
                Disconnect
              </button>
            </div>
          )}
        </div>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {Object.entries(calendar.fields).map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-base-content/70">{labelOf(key)}</dt>
              <dd className="min-w-0 wrap-anywhere">{value}</dd>
            </div>
          ))}
          {oauth ? (
            <>
              <dt className="text-base-content/70">Sign-in</dt>
              <dd>Through {calendar.provider}’s own sign-in; its access tokens are stored encrypted</dd>
            </>
          ) : (
            <>
              <dt className="text-base-content/70">Password</dt>
              <dd>Stored encrypted</dd>
            </>
          )}
          <dt className="text-base-content/70">Last check</dt>
          <dd aria-live="polite" data-testid="calendar-check">
            {test.isPending ? (
              <span className="text-base-content/70">Testing…</span>
            ) : test.isError ? (
              <span className={`${BAD} wrap-anywhere`}>
                <strong>Not tested:</strong> {refusalText(test.error)}
              </span>
            ) : check === null ? (
              <span className="text-base-content/70">Not checked yet</span>
            ) : check.ok ? (
              <span>
                <strong className={GOOD}>
                  <span aria-hidden="true">✓ </span>Connected
                </strong>
                <span className="text-base-content/70"> · {formatDate(check.at, { time: true })}</span>
              </span>
            ) : (
              <span className={`${BAD} wrap-anywhere`}>
                <strong>
                  <span aria-hidden="true">✕ </span>Failed:
                </strong>{' '}
                {check.error} <span className="text-base-content/70">({formatDate(check.at, { time: true })})</span>
              </span>
            )}
          </dd>
          <dt className="text-base-content/70">Changes read back</dt>
          <dd data-testid="calendar-sync">
            {calendar.sync.error ? (
              <span className={`${BAD} wrap-anywhere`}>{calendar.sync.error}</span>
            ) : calendar.sync.at ? (
              <span>Last read {formatDate(calendar.sync.at, { time: true })}: meetings cancelled or moved there follow.</span>
            ) : (
              <span className="text-base-content/70">Every minute: meetings cancelled or moved there follow.</span>
            )}
          </dd>
        </dl>
        {disconnect.isError && (
          <p role="alert" className={`text-sm ${BAD}`}>
            {refusalText(disconnect.error)}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Disconnect this calendar?"
        confirmLabel="Disconnect"
        cancelLabel="Cancel"
        onConfirm={() => {
          setConfirming(false);
          disconnect.mutate(calendar.id, {
            onSuccess: (answer) =>
              toast(
                answer.warning
                  ? { title: 'Calendar disconnected', description: answer.warning, tone: 'info' }
                  : { title: 'Calendar disconnected', tone: 'success' },
              ),
          });
        }}
        onCancel={() => setConfirming(false)}
      >
        {oauth
          ? `Meetflow’s access is revoked at ${calendar.provider} and its stored tokens are deleted.`
          : 'Its stored password is deleted.'}{' '}
        Meetings already in it stay there; new slots then avoid only the meetings booked in Meetflow.
      </ConfirmDialog>
    </article>
  );
}
