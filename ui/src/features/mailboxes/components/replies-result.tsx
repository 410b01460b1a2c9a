import { formatDate } from '../../../utils/format.ts';
import { refusalText } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { useCheckInbox, type Mailbox } from '../api/mailboxes-api.ts';
import { useNow } from '../hooks/use-now.ts';
import { checkResultText, failureText, repliesStatus, TLS_LABELS } from '../utils/mailbox-view.ts';

interface RepliesResultProps {
  mailbox: Mailbox;
  /** True when the signed-in user may Check replies now (sales ops and up). */
  check: boolean;
}

/** The text with a full stop, unless it ends a sentence already. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

// Darker than the theme's warning colour, which is too light for text on white.
const WARN = 'text-amber-700 dark:text-amber-400';

/**
 * A mailbox card's Replies: the IMAP server and how reading it goes (last checked, how many read,
 * or the last check's error), or that replies are not read over IMAP; with Check replies now,
 * which toasts what it found. Announced to screen readers as it changes.
 */
export function RepliesResult({ mailbox, check }: RepliesResultProps) {
  const checkInbox = useCheckInbox(mailbox.id);
  const toast = useToast();
  const now = useNow();
  const status = repliesStatus(mailbox, now);
  const address = mailbox.fromAddress;
  const checkedAt = mailbox.inbox?.lastCheckAt ?? undefined;

  const checkNow = () =>
    checkInbox.mutate(undefined, {
      onSuccess: (result) =>
        toast(
          result.ok
            ? { title: 'Replies Checked', description: `${checkResultText(result)}.`, tone: 'success' }
            : {
                title: 'Replies Not Checked',
                // A check cut short keeps what it read before.
                description: `${sentence(result.error ? failureText(result.error) : 'The IMAP server could not be read')}${result.read > 0 ? ` Read before that: ${checkResultText(result)}.` : ''}`,
                tone: 'error',
              },
        ),
      onError: (error) => toast({ title: 'Replies Not Checked', description: refusalText(error), tone: 'error' }),
    });

  return (
    <>
      {mailbox.imap && (
        <dd className="font-mono text-[0.8125rem] wrap-anywhere" data-testid="mailbox-imap">
          {mailbox.imap.host}:{mailbox.imap.port} · {TLS_LABELS[mailbox.imap.tls]}
        </dd>
      )}
      <dd aria-live="polite" data-testid="mailbox-replies">
        {checkInbox.isPending ? (
          <span className="flex items-center gap-2 text-base-content/70">
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            Checking replies…
          </span>
        ) : status.kind === 'off' ? (
          <span className="text-base-content/70">Replies not read over IMAP</span>
        ) : status.kind === 'unchecked' ? (
          <span className="text-base-content/70">Replies read over IMAP · not checked yet</span>
        ) : status.kind === 'read' ? (
          <span className="text-base-content/70" title={formatDate(checkedAt, { time: true })}>
            {status.text}
          </span>
        ) : (
          <span className="flex flex-col gap-0.5">
            <span className={`${WARN} wrap-anywhere`} data-testid="mailbox-replies-error">
              <strong>
                <span aria-hidden="true">⚠ </span>Replies not read:
              </strong>{' '}
              {status.error}
            </span>
            {status.checked && (
              <span className="text-base-content/70" title={formatDate(checkedAt, { time: true })}>
                {status.checked.charAt(0).toUpperCase() + status.checked.slice(1)}
              </span>
            )}
          </span>
        )}
      </dd>
      {check && mailbox.imap && (
        <dd className="mt-2">
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-label={`Check replies now for ${address}`}
            disabled={checkInbox.isPending}
            onClick={checkNow}
          >
            {checkInbox.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Check replies now
          </button>
        </dd>
      )}
    </>
  );
}
