import { useQuery } from '@tanstack/react-query';
import { refusalText } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { formatDate, formatNumber } from '../../../utils/format.ts';
import { heldRepliesQueryOptions, useDecideHeldReply, type HeldReply } from '../api/held-replies-api.ts';

/**
 * Replies to confirm: messages from a prospect's address that answer no email Meetflow sent (a
 * From address is easily forged). None acts until a person confirms it (then it is that
 * prospect's reply: classified, and their sequence stopped or paused) or dismisses it. Shown only
 * while there are some.
 */
export function HeldReplies({ canAct }: { canAct: boolean }) {
  const held = useQuery(heldRepliesQueryOptions()).data;
  if (!held || held.total === 0) return null;
  return (
    <section className="card border border-warning/40 bg-base-100" aria-labelledby="held-replies-title" data-testid="held-replies">
      <div className="card-body gap-3 p-4">
        <h2 id="held-replies-title" className="card-title text-base">
          Replies to confirm ({formatNumber(held.total)})
        </h2>
        <p className="text-sm text-base-content/70">
          These came from a prospect’s address but answer none of the emails sent, so they change nothing until you confirm them.
        </p>
        <ul className="flex flex-col gap-3">
          {held.items.map((reply) => (
            <HeldReplyRow key={reply.id} reply={reply} canAct={canAct} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function HeldReplyRow({ reply, canAct }: { reply: HeldReply; canAct: boolean }) {
  const decide = useDecideHeldReply();
  const toast = useToast();
  const prospect = reply.prospect
    ? `${reply.prospect.firstName} ${reply.prospect.lastName} (${reply.prospect.company})`
    : 'a removed prospect';
  const run = (decision: 'confirm' | 'dismiss') =>
    decide.mutateAsync({ id: reply.id, decision }).then(
      () =>
        toast({
          title: decision === 'confirm' ? 'Confirmed' : 'Dismissed',
          description: decision === 'confirm' ? 'It is read as their reply: their sequence follows it.' : 'It changes nothing.',
          tone: 'success',
        }),
      (error: unknown) => toast({ title: 'Not done', description: refusalText(error), tone: 'error' }),
    );
  return (
    <li className="rounded-box border border-base-300 p-3" data-testid="held-reply">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span className="min-w-0 break-words">
          From <strong>{reply.fromName ? `${reply.fromName} <${reply.from}>` : reply.from}</strong>, the address of {prospect}
        </span>
        <span className="text-base-content/70">{formatDate(reply.receivedAt, { time: true })}</span>
      </div>
      <p className="mt-1 break-words font-medium">{reply.subject || '(no subject)'}</p>
      <p className="mt-1 whitespace-pre-line break-words text-sm" data-testid="held-reply-text">
        {reply.text}
      </p>
      {canAct && (
        <div className="mt-2 flex gap-2">
          <button type="button" className="btn btn-sm btn-primary" disabled={decide.isPending} onClick={() => void run('confirm')}>
            Confirm as their reply
          </button>
          <button type="button" className="btn btn-sm btn-ghost" disabled={decide.isPending} onClick={() => void run('dismiss')}>
            Dismiss
          </button>
        </div>
      )}
    </li>
  );
}
