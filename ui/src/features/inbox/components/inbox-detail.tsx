import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useToast } from '../../../lib/toast.ts';
import { formatDateTime, formatLongDateTime } from '../../../utils/format.ts';
import {
  slotsQueryOptions,
  threadQueryOptions,
  useBookFromInbox,
  useCloseMessage,
  useReplyFromInbox,
  type InboxItem,
  type ThreadEntry,
} from '../api/inbox-api.ts';
import { ACTION_TEXT, categoryBadge, classificationText, RESOLUTION_TEXT } from '../utils/inbox-text.ts';

const SENT_STATUS: Record<string, string> = {
  pending_review: 'Waiting for review',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
};

/** One email of the conversation: ours on one side, theirs on the other, each saying what it is. */
function ThreadEntryCard({ entry }: { entry: ThreadEntry }) {
  const ours = entry.kind === 'sent';
  return (
    <li className={`flex ${ours ? 'justify-end' : 'justify-start'}`}>
      <article
        className={`w-full max-w-2xl rounded-box border p-3 sm:p-4 ${ours ? 'border-base-300 bg-base-200' : 'border-primary/40 bg-base-100'}`}
        aria-label={ours ? `${entry.label}, ${SENT_STATUS[entry.status] ?? entry.status}` : 'Their reply'}
      >
        <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-base-content/70">
          <span className="font-medium text-base-content">{ours ? entry.label : 'Their reply'}</span>
          <span>
            {ours && entry.status !== 'sent' ? `${SENT_STATUS[entry.status] ?? entry.status} · ` : ''}
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </span>
        </header>
        <p className="mt-1 text-sm font-medium wrap-anywhere">{entry.subject}</p>
        <p className="mt-2 text-sm whitespace-pre-wrap wrap-anywhere">{entry.text}</p>
        {ours && entry.waitReason && <p className="mt-2 text-xs text-base-content/70">Waiting: {entry.waitReason}</p>}
      </article>
    </li>
  );
}

/** Book one of the times the reply proposes, or a free slot. */
function Booking({ message, disabled }: { message: InboxItem; disabled: boolean }) {
  const book = useBookFromInbox();
  const toast = useToast();
  const slots = useQuery({ ...slotsQueryOptions(), enabled: !message.meetingId });
  const [slot, setSlot] = useState('');
  const slotId = useId();
  if (message.meetingId) return null;
  const bookAt = (scheduledAt: string) =>
    book.mutate(
      { id: message.id, scheduledAt },
      {
        onSuccess: (answer) =>
          toast({
            title: 'Meeting Booked',
            description: `${formatLongDateTime(answer.meeting.scheduledAt)}: the invitation is on its way to ${message.prospect?.name ?? 'the prospect'}`,
            tone: 'success',
          }),
        onError: (error) => toast({ title: 'Not Booked', description: error.message, tone: 'error' }),
      },
    );
  return (
    <section aria-labelledby={`${slotId}-title`} className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <h3 id={`${slotId}-title`} className="font-semibold">
        Book a meeting
      </h3>
      {message.proposedTimes.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Times they proposed">
          {message.proposedTimes.map((time) => (
            <li key={time.start} className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm">
                <span className="font-medium">{formatLongDateTime(time.start)}</span>{' '}
                <span className="text-base-content/70">(they wrote “{time.matched}”)</span>
              </span>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={disabled || book.isPending}
                onClick={() => bookAt(time.start)}
              >
                Book this time
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (slot) bookAt(slot);
        }}
      >
        <label className="form-control flex min-w-0 flex-1 flex-col gap-1" htmlFor={slotId}>
          <span className="text-sm">{message.proposedTimes.length > 0 ? 'Or a free slot' : 'A free slot'}</span>
          <select
            id={slotId}
            className="select select-bordered select-sm w-full"
            value={slot}
            onChange={(event) => setSlot(event.target.value)}
          >
            <option value="">{slots.isPending ? 'Loading free slots…' : 'Choose a slot'}</option>
            {slots.data?.slots.map((free) => (
              <option key={free.start} value={free.start}>
                {formatLongDateTime(free.start)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-outline btn-sm" disabled={disabled || !slot || book.isPending}>
          Book slot
        </button>
      </form>
      <p className="text-xs text-base-content/70">
        Booking stops their sequence and emails them the invitation (.ics) from your mailbox, in the same thread.
      </p>
    </section>
  );
}

/** Write an answer; it goes out through the mailbox within the sending guardrails. */
function ReplyComposer({ message }: { message: InboxItem }) {
  const reply = useReplyFromInbox();
  const toast = useToast();
  const [body, setBody] = useState('');
  const id = useId();
  return (
    <form
      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!body.trim()) return;
        reply.mutate(
          { id: message.id, body },
          {
            onSuccess: () => {
              setBody('');
              toast({
                title: 'Reply Queued',
                description: 'It goes out from your mailbox within the sending window and caps.',
                tone: 'success',
              });
            },
            onError: (error) => toast({ title: 'Reply Not Sent', description: error.message, tone: 'error' }),
          },
        );
      }}
    >
      <label htmlFor={id} className="font-semibold">
        Answer {message.prospect?.name ?? 'them'}
      </label>
      <textarea
        id={id}
        className="textarea textarea-bordered min-h-28 w-full"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        placeholder="Write your answer…"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-base-content/70">Sent from your mailbox in the same thread, within the sending window and caps.</p>
        <button type="submit" className="btn btn-primary btn-sm" disabled={!body.trim() || reply.isPending}>
          Send reply
        </button>
      </div>
    </form>
  );
}

const CLOSE_ACTIONS = [
  { action: 'not-interested', label: 'Not interested', done: 'Marked Not Interested', hint: 'Their sequence stops.' },
  { action: 'suppress', label: 'Suppress', done: 'Address Suppressed', hint: 'Nothing is ever sent to this address again.' },
  { action: 'archive', label: 'Archive', done: 'Archived', hint: 'Done, nothing else happens.' },
] as const;

/** The reply on the right: who, what it means, the conversation, and the one-click actions. */
export function InboxDetail({ id, canAct, onBack }: { id: string; canAct: boolean; onBack: () => void }) {
  const thread = useQuery(threadQueryOptions(id));
  const close = useCloseMessage();
  const toast = useToast();
  const [confirmSuppress, setConfirmSuppress] = useState(false);
  if (thread.isPending) return <span className="loading loading-spinner loading-md" aria-label="Loading the conversation" />;
  if (thread.isError) return <ErrorAlert message={thread.error.message} />;
  const { message } = thread.data;
  const badge = categoryBadge(message.category);
  const closeWith = (action: (typeof CLOSE_ACTIONS)[number]) =>
    close.mutate(
      { id: message.id, action: action.action },
      {
        onSuccess: () => toast({ title: action.done, description: action.hint, tone: 'success' }),
        onError: (error) => toast({ title: 'Not Done', description: error.message, tone: 'error' }),
      },
    );
  return (
    <article className="flex flex-col gap-4" aria-labelledby="inbox-detail-title">
      <button type="button" className="btn btn-ghost btn-sm self-start lg:hidden" onClick={onBack}>
        ← All replies
      </button>
      <header className="flex flex-col gap-2">
        <h2 id="inbox-detail-title" className="text-xl font-semibold wrap-anywhere">
          {message.prospect?.name ?? message.from}
        </h2>
        {message.prospect && (
          <p className="text-sm text-base-content/70 wrap-anywhere">
            {message.prospect.jobTitle ? `${message.prospect.jobTitle} at ${message.prospect.company}` : message.prospect.company} ·{' '}
            {message.prospect.email}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className={`badge ${badge.className}`}>{classificationText(message)}</span>
          <span className="badge badge-outline">{ACTION_TEXT[message.action]}</span>
          {message.resolution && <span className="badge badge-outline">{RESOLUTION_TEXT[message.resolution]}</span>}
          {message.returnDate && <span className="text-base-content/70">Back on {message.returnDate}</span>}
        </div>
      </header>
      {canAct && <Booking message={message} disabled={close.isPending} />}
      {canAct && <ReplyComposer message={message} />}
      {canAct && message.status === 'open' && (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Close this reply">
          {CLOSE_ACTIONS.map((action) => (
            <button
              key={action.action}
              type="button"
              className={`btn btn-sm ${action.action === 'suppress' ? 'btn-error btn-outline' : 'btn-ghost'}`}
              disabled={close.isPending}
              onClick={() => (action.action === 'suppress' ? setConfirmSuppress(true) : closeWith(action))}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
      <section aria-labelledby="inbox-thread-title" className="flex flex-col gap-2">
        <h3 id="inbox-thread-title" className="font-semibold">
          Conversation
        </h3>
        <ol className="flex flex-col gap-3">
          {thread.data.thread.map((entry) => (
            <ThreadEntryCard key={entry.kind === 'sent' ? `sent-${entry.step}` : `received-${entry.id}`} entry={entry} />
          ))}
        </ol>
      </section>
      <ConfirmDialog
        open={confirmSuppress}
        title="Suppress this address?"
        confirmLabel="Suppress"
        cancelLabel="Cancel"
        onCancel={() => setConfirmSuppress(false)}
        onConfirm={() => {
          setConfirmSuppress(false);
          closeWith(CLOSE_ACTIONS[1]);
        }}
      >
        {message.prospect?.email ?? message.from} goes on the suppression list: their sequence ends and nothing is sent to it again.
      </ConfirmDialog>
    </article>
  );
}
