import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../lib/toast.ts';
import { formatDate } from '../../../utils/format.ts';
import { useAccount } from '../../auth/index.ts';
import { reviewersQueryOptions, useApproveEmail, useRejectEmail, type EmailEdit, type OutboxItem } from '../api/outbox-api.ts';
import { isForbidden, refusalText } from '../../../lib/api-client.ts';
import {
  failureLine,
  prospectName,
  prospectRole,
  reviewerName,
  reviewLine,
  sentLine,
  statusBadge,
  stepLabel,
  waitLine,
} from '../utils/review-text.ts';
import { CitedFacts } from './cited-facts.tsx';
import { EmailEditor } from './email-editor.tsx';

/**
 * One email: to whom, which step of which campaign, its subject and body, where it stands, and
 * beside it the facts it cites. A pending email offers Approve, Edit and Reject to those who may
 * review (`canAct`); on a phone they come after the facts, so the facts are read before deciding.
 */
export function ReviewItemCard({ item, canAct }: { item: OutboxItem; canAct: boolean }) {
  const approve = useApproveEmail();
  const reject = useRejectEmail();
  const account = useAccount();
  const toast = useToast();
  // Who reviewed is recorded as a principal id: named from the members (asked only once someone reviewed).
  const members = useQuery({ ...reviewersQueryOptions(), enabled: item.reviewedBy !== null }).data;
  const [editing, setEditing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Back from the editor (Cancel): focus returns to Edit rather than to the page's start.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const name = prospectName(item);
  const busy = approve.isPending || reject.isPending;
  const actionable = canAct && item.status === 'pending_review';
  const refused = (title: string) => (error: unknown) => {
    toast({ title, description: refusalText(error), tone: 'error' });
    // One's role may have changed meanwhile: fetch it again, so the page shows what is still allowed.
    if (isForbidden(error)) void account.refetch();
  };
  // Through the promise rather than mutate's callbacks: a decided email leaves the list at once, and
  // this card with it; mutate's own callbacks would never run for an unmounted card (no toast).
  const runApprove = (edit: EmailEdit = {}) => {
    const changed = edit.subject !== undefined || edit.body !== undefined;
    approve.mutateAsync({ id: item.id, edit }).then(
      () =>
        toast({
          title: 'Approved',
          description: changed
            ? 'Your edited version goes out in the sending window, within the mailbox’s daily cap.'
            : 'It goes out in the sending window, within the mailbox’s daily cap.',
          tone: 'success',
        }),
      refused('Not Approved'),
    );
  };
  const runReject = () => {
    setRejecting(false);
    reject
      .mutateAsync(item.id)
      .then(() => toast({ title: 'Rejected', description: 'The sequence is stopped.', tone: 'success' }), refused('Not Rejected'));
  };

  const badge = statusBadge(item.status);
  const lines = [
    { text: waitLine(item), testId: 'review-wait', className: 'text-base-content/80' },
    { text: sentLine(item), testId: 'review-sent', className: 'text-base-content/80' },
    { text: failureLine(item), testId: 'review-error', className: 'text-error' },
    {
      text: reviewLine(item, item.reviewedBy && reviewerName(item.reviewedBy, members, account.data?.user.id ?? null)),
      testId: 'review-reviewed',
      className: 'text-base-content/60',
    },
  ].filter((line) => line.text !== null);
  const titleId = `review-${item.id}-title`;

  return (
    <li className="card bg-base-100 shadow-sm" data-testid="review-item" data-id={item.id} data-status={item.status}>
      <div className="card-body p-4 sm:p-5">
        <div className="grid gap-x-5 gap-y-4 xl:grid-cols-[minmax(0,1fr)_22rem] xl:grid-rows-[auto_1fr]">
          <article aria-labelledby={titleId} className="flex min-w-0 flex-col gap-3 xl:col-start-1 xl:row-start-1">
            <header className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h2 id={titleId} className="font-semibold">
                  {name}
                </h2>
                {item.prospect && (
                  <p className="text-sm text-base-content/70 wrap-anywhere">
                    <span className="block sm:inline">{prospectRole(item.prospect)}</span>
                    <span className="hidden sm:inline" aria-hidden="true">
                      {' · '}
                    </span>
                    <span className="block sm:inline">{item.prospect.email}</span>
                  </p>
                )}
                <p className="text-xs text-base-content/60">
                  {stepLabel(item.step)} · {item.campaign ? item.campaign.name : 'No campaign'} · written {formatDate(item.createdAt)}
                </p>
              </div>
              <div className="flex flex-wrap gap-1">
                {item.edited && (
                  <span className="badge badge-outline badge-sm" data-testid="edited-badge" title="A reviewer changed this email">
                    Edited
                  </span>
                )}
                <span className={`badge badge-sm ${badge.className}`} data-testid="review-status">
                  {badge.label}
                </span>
              </div>
            </header>
            {editing ? (
              <EmailEditor
                id={item.id}
                subject={item.subject}
                body={item.body}
                saving={approve.isPending}
                onSave={runApprove}
                onCancel={() => setEditing(false)}
              />
            ) : (
              <dl className="rounded-box border border-base-200 p-4 text-sm">
                <dt className="text-xs text-base-content/60">Subject</dt>
                <dd className="font-medium wrap-anywhere" data-testid="review-subject">
                  {item.subject}
                </dd>
                <dt className="sr-only">Body</dt>
                <dd className="mt-3 leading-relaxed whitespace-pre-wrap wrap-anywhere" data-testid="review-body">
                  {item.body}
                </dd>
              </dl>
            )}
            {lines.map((line) => (
              <p key={line.testId} className={`text-sm ${line.className}`} data-testid={line.testId}>
                {line.text}
              </p>
            ))}
          </article>
          <div className="min-w-0 border-t border-base-200 pt-4 xl:col-start-2 xl:row-span-2 xl:row-start-1 xl:border-t-0 xl:border-l xl:pt-0 xl:pl-5">
            <CitedFacts facts={item.facts} labelId={`review-${item.id}-facts`} />
          </div>
          {actionable && !editing && (
            <div className="flex flex-wrap gap-2 self-start xl:col-start-1 xl:row-start-2">
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={busy}
                aria-label={`Approve the email to ${name}`}
                onClick={() => runApprove()}
                data-testid="approve"
              >
                {approve.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                Approve
              </button>
              <button
                ref={editButton}
                type="button"
                className="btn btn-outline btn-sm"
                disabled={busy}
                aria-label={`Edit the email to ${name}`}
                onClick={() => setEditing(true)}
                data-testid="edit"
              >
                Edit
              </button>
              <button
                type="button"
                className="btn btn-outline btn-error btn-sm"
                disabled={busy}
                aria-label={`Reject the email to ${name}`}
                onClick={() => setRejecting(true)}
                data-testid="reject"
              >
                {reject.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                Reject
              </button>
            </div>
          )}
        </div>
      </div>
      {/* Mounted only while asked: one dialog (and one "confirm-title") on the page at a time. */}
      {rejecting && (
        <ConfirmDialog
          open
          title="Reject this email?"
          confirmLabel="Reject"
          cancelLabel="Keep it"
          onConfirm={runReject}
          onCancel={() => setRejecting(false)}
        >
          <p>
            The email to {name} is never sent, and {item.prospect ? `${item.prospect.firstName}'s` : 'the prospect’s'} sequence stops: no
            later email of it is written or sent.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}
