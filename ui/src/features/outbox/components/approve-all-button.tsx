import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../lib/toast.ts';
import { useAccount } from '../../auth/index.ts';
import { campaignOptionsQueryOptions, outboxCountQueryOptions, useApproveAll } from '../api/outbox-api.ts';
import { isForbidden, refusalText } from '../../../lib/api-client.ts';
import { emailCount } from '../utils/review-text.ts';
import { formatNumber } from '../../../utils/format.ts';

/** "Approve all (N)": every email waiting for review under the campaign filter, after a confirmation that says how many. */
export function ApproveAllButton({ campaignId }: { campaignId: number | null }) {
  const pending = useQuery(outboxCountQueryOptions('pending_review', campaignId)).data;
  const campaignName = useQuery(campaignOptionsQueryOptions()).data?.find((campaign) => campaign.id === campaignId)?.name;
  const approveAll = useApproveAll();
  const account = useAccount();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const count = pending ?? 0;
  const where = campaignId === null ? '' : ` in ${campaignName ?? `campaign ${campaignId}`}`;

  const run = () => {
    setAsking(false);
    approveAll.mutate(campaignId, {
      onSuccess: ({ approved }) =>
        toast({
          title: `Approved ${emailCount(approved)}`,
          description:
            approved === 0 ? 'Nothing was waiting for review.' : 'They go out in the sending windows, within each mailbox’s daily cap.',
          tone: 'success',
        }),
      onError: (error) => {
        toast({ title: 'Not Approved', description: refusalText(error), tone: 'error' });
        if (isForbidden(error)) void account.refetch();
      },
    });
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={count === 0 || approveAll.isPending}
        onClick={() => setAsking(true)}
        data-testid="approve-all"
      >
        {approveAll.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        Approve all ({formatNumber(count)})
      </button>
      {asking && (
        <ConfirmDialog
          open
          title={`Approve ${emailCount(count)}?`}
          confirmLabel={`Approve ${emailCount(count)}`}
          cancelLabel="Cancel"
          onConfirm={run}
          onCancel={() => setAsking(false)}
        >
          <p>
            {count === 1 ? 'The email' : `All ${emailCount(count)}`} waiting for review{where} {count === 1 ? 'is' : 'are'} approved as
            written, without being read here, and sent in the coming sending windows within each mailbox’s daily cap.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
