import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useToast } from '../../../lib/toast.ts';
import { formatCount } from '../../../utils/format.ts';
import { campaignChoicesQueryOptions, useAddToCampaign, type SelectionBody } from '../api/prospects-api.ts';

/** "Add to campaign": choose one of the workspace's campaigns; the selection is added on the server (an active campaign runs the new ones). */
export function AddToCampaignDialog({
  selection,
  count,
  onDone,
  onClose,
}: {
  selection: SelectionBody;
  count: number;
  onDone: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModalDialog(dialog);
  const campaigns = useQuery(campaignChoicesQueryOptions());
  const [chosen, setChosen] = useState('');
  const add = useAddToCampaign();
  const toast = useToast();
  const campaign = campaigns.data?.find((entry) => String(entry.id) === chosen);

  const submit = () => {
    if (!campaign) return;
    add.mutate(
      { campaignId: campaign.id, selection },
      {
        onSuccess: (result) => {
          toast({
            title: 'Added to Campaign',
            description: `${formatCount(result.added, 'prospect')} added to ${campaign.name}${
              result.alreadyIn > 0 ? `; ${formatCount(result.alreadyIn, 'was', 'were')} in it already` : ''
            }${result.batchId ? '; they are being processed' : ''}.`,
            tone: 'success',
          });
          onDone();
        },
      },
    );
  };

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form
        className="modal-box flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h3 id={titleId} className="text-lg font-bold">
          Add {formatCount(count, 'prospect')} to a campaign
        </h3>
        {campaigns.isError && <ErrorAlert message={campaigns.error.message} />}
        {campaigns.isSuccess && campaigns.data.length === 0 ? (
          <p className="text-sm text-base-content/70">This workspace has no campaign yet: start one under Outreach Management.</p>
        ) : (
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor={`${titleId}-campaign`}>Campaign</label>
            <select
              id={`${titleId}-campaign`}
              className="select select-bordered w-full"
              value={chosen}
              required
              onChange={(event) => setChosen(event.target.value)}
              disabled={!campaigns.isSuccess}
            >
              <option value="">Choose a campaign</option>
              {(campaigns.data ?? []).map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name} ({entry.status})
                </option>
              ))}
            </select>
          </div>
        )}
        <p className="text-sm text-base-content/70">
          Prospects already in it stay once. An active campaign that has run starts processing the new ones at once.
        </p>
        {add.isError && <ErrorAlert message={add.error.message} />}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!campaign || add.isPending}>
            Add to campaign
          </button>
        </div>
      </form>
    </dialog>
  );
}
