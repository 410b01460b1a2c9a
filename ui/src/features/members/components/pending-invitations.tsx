import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useToast } from '../../../lib/toast.ts';
import { formatDate } from '../../../utils/format.ts';
import { roleLabel } from '../../auth/index.ts';
import { invitationsQueryOptions, useWithdrawInvitation, type Invitation } from '../api/invitations-api.ts';
import { refusalText } from '../../../lib/api-client.ts';

/** The invitations not yet used, withdrawn or expired, each withdrawable (its link then stops working). */
export function PendingInvitations() {
  const invitations = useQuery(invitationsQueryOptions());
  const withdraw = useWithdrawInvitation();
  const toast = useToast();
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const who = (invitation: Invitation) => invitation.email ?? 'Anyone with the link';

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="invitations-title">
      <div className="card-body gap-4 p-5">
        <h2 id="invitations-title" className="card-title text-base">
          Pending invitations
        </h2>
        {invitations.isPending ? (
          <span className="loading loading-spinner loading-md" aria-label="Loading invitations" />
        ) : invitations.isError ? (
          <ErrorAlert message={invitations.error.message} />
        ) : invitations.data.length === 0 ? (
          <p className="text-sm text-base-content/70" data-testid="invitations-empty">
            No pending invitations. A link stays here until it is used, withdrawn or expires.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-base-200" aria-label="Pending invitations">
            {invitations.data.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-testid="invitation-row">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-medium wrap-anywhere">{who(invitation)}</p>
                  <p className="text-sm text-base-content/70">
                    Sent {formatDate(invitation.createdAt, { time: true })} · expires {formatDate(invitation.expiresAt)}
                  </p>
                </div>
                <div className="flex items-center gap-4">
                  <span className="badge badge-outline whitespace-nowrap">{roleLabel(invitation.role)}</span>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm text-error"
                    aria-label={`Withdraw the invitation for ${who(invitation)}`}
                    disabled={withdraw.isPending}
                    onClick={() => setWithdrawing(invitation)}
                  >
                    Withdraw
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw this invitation?"
        confirmLabel="Withdraw"
        cancelLabel="Keep"
        onConfirm={() => {
          if (!withdrawing) return;
          setWithdrawing(null);
          withdraw.mutate(withdrawing.id, {
            onSuccess: () => toast({ title: 'Invitation Withdrawn', description: 'Its link no longer works.', tone: 'success' }),
            onError: (error) => toast({ title: 'Invitation Not Withdrawn', description: refusalText(error), tone: 'error' }),
          });
        }}
        onCancel={() => setWithdrawing(null)}
      >
        {withdrawing && (
          <p>
            The link for {withdrawing.email ?? 'anyone who has it'} ({roleLabel(withdrawing.role)}) stops working at once. You can invite
            again with a new link.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
