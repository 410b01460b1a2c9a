import { formatDate } from '../../../utils/format.ts';
import { useTestMailbox, type Mailbox } from '../api/mailboxes-api.ts';
import { bounceText, pausedText, sendingToday, TLS_LABELS } from '../utils/mailbox-view.ts';
import { ConnectionResult } from './connection-result.tsx';
import { RepliesResult } from './replies-result.tsx';

interface MailboxCardProps {
  mailbox: Mailbox;
  /** True when the signed-in user may test, edit, pause and remove it (admins and owners); else the card is read-only. */
  manage: boolean;
  /** True when the signed-in user may Check replies now (sales ops and up). */
  checkReplies: boolean;
  /** While a change to this mailbox is on its way. */
  busy: boolean;
  onEdit: () => void;
  onTogglePause: () => void;
  onRemove: () => void;
}

const LABEL = 'text-xs font-medium tracking-wide text-base-content/60 uppercase';

/**
 * One sending mailbox: sender, status (a paused one says why, prominently), SMTP server, today's
 * sending and bounces, the last connection test beside Test connection,
 * and how its replies are read (IMAP, with Check replies now for sales ops and up); for admins
 * also Edit, Pause or Resume, and Remove.
 */
export function MailboxCard({ mailbox, manage, checkReplies, busy, onEdit, onTogglePause, onRemove }: MailboxCardProps) {
  const test = useTestMailbox(mailbox.id);
  const paused = mailbox.status === 'paused';
  const today = sendingToday(mailbox);
  const bounces = bounceText(mailbox);
  const address = mailbox.fromAddress;

  return (
    <li className="card bg-base-100 shadow-sm" data-testid="mailbox-row" data-address={address} aria-label={address}>
      <div className="card-body gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
          <div className="min-w-0 flex-1 basis-56">
            <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold">
              <span className="wrap-anywhere">{mailbox.fromName}</span>
              <span className={`badge badge-sm ${paused ? 'badge-warning' : 'badge-success'}`} data-testid="mailbox-status">
                {paused ? 'Paused' : 'Active'}
              </span>
            </h3>
            <p className="text-sm wrap-anywhere text-base-content/70">
              {address} <span className="whitespace-nowrap text-base-content/70">· added {formatDate(mailbox.createdAt)}</span>
            </p>
          </div>
          {manage && (
            <div className="-mx-2 flex flex-wrap items-center gap-1 sm:mx-0">
              <button type="button" className="btn btn-ghost btn-sm" aria-label={`Edit ${address}`} disabled={busy} onClick={onEdit}>
                Edit
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`${paused ? 'Resume' : 'Pause'} ${address}`}
                disabled={busy}
                onClick={onTogglePause}
              >
                {paused ? 'Resume' : 'Pause'}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm text-error"
                aria-label={`Remove ${address}`}
                disabled={busy}
                onClick={onRemove}
              >
                Remove
              </button>
            </div>
          )}
        </div>
        {paused && (
          <div className="alert alert-warning px-4 py-2 text-sm" data-testid="mailbox-paused-reason">
            <span>
              <strong>{pausedText(mailbox)}</strong>
              {mailbox.pausedReason ? ' It sends nothing until resumed.' : ''}
            </span>
          </div>
        )}
        <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2 2xl:grid-cols-[1.2fr_1fr_1.2fr_1.3fr]">
          <div className="min-w-0">
            <dt className={LABEL}>SMTP server</dt>
            <dd className="font-mono text-[0.8125rem] wrap-anywhere" data-testid="mailbox-smtp">
              {mailbox.smtp.host}:{mailbox.smtp.port} · {TLS_LABELS[mailbox.smtp.tls]}
            </dd>
            <dd className="wrap-anywhere text-base-content/70">Login {mailbox.smtp.user}</dd>
            <dd className="text-base-content/70" data-testid="mailbox-password">
              Password stored (encrypted)
            </dd>
          </div>
          <div className="min-w-0">
            <dt className={LABEL}>Sending</dt>
            <dd data-testid="mailbox-sent-today">
              <span className="tabular-nums">{today.text}</span>
              <progress
                className="progress progress-primary mt-1 block h-1.5 w-full max-w-48"
                value={Math.min(mailbox.sentToday, mailbox.capToday)}
                max={Math.max(mailbox.capToday, 1)}
                aria-label={`Sent today, of today's cap of ${mailbox.capToday}`}
              />
            </dd>
            <dd className="text-base-content/70" data-testid="mailbox-daily-cap">
              Daily cap {mailbox.dailyCap}
            </dd>
            <dd className="text-base-content/70" data-testid="mailbox-bounce-rate">
              Bounce rate (last 100 sends): {bounces}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className={LABEL}>Connection</dt>
            <ConnectionResult lastTest={mailbox.lastTest} testing={test.isPending} failure={test.error} />
            {manage && (
              <dd className="mt-2">
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  aria-label={`Test connection of ${address}`}
                  disabled={test.isPending}
                  onClick={() => test.mutate()}
                >
                  {test.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                  Test connection
                </button>
              </dd>
            )}
          </div>
          <div className="min-w-0">
            <dt className={LABEL}>Replies</dt>
            <RepliesResult mailbox={mailbox} check={checkReplies} />
          </div>
        </dl>
      </div>
    </li>
  );
}
