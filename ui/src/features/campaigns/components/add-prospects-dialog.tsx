import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiPage } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { usePatchCampaign } from '../api/campaigns-api.ts';
import { formatNumber } from '../../../utils/format.ts';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';

interface Found {
  id: number;
  firstName: string;
  lastName: string;
  company: string;
  score: number | null;
}

/** "Add prospects": search the workspace's prospects, tick some, add them (an active campaign runs them at once). */
export function AddProspectsDialog({
  campaignId,
  inCampaign,
  onClose,
}: {
  campaignId: number;
  inCampaign: readonly number[];
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const patch = usePatchCampaign(campaignId);
  const toast = useToast();
  useModalDialog(dialog);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({
    queryKey: ['prospects', 'campaign-add', search],
    queryFn: ({ signal }) =>
      apiPage<Found>(`/api/prospects?limit=20&sort=score${search ? `&search=${encodeURIComponent(search)}` : ''}`, { signal }),
  });
  const candidates = found.data?.items.filter((prospect) => !inCampaign.includes(prospect.id)) ?? [];
  const toggle = (id: number) =>
    setChosen((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id]));

  const add = () =>
    patch.mutate(
      { addProspectIds: chosen },
      {
        onSuccess: (result) => {
          toast({
            title: 'Prospects Added',
            tone: 'success',
            description: `${formatNumber(chosen.length)} added${result.batchId ? ': researching, scoring and writing to them now' : '; start or run the campaign to process them'}.`,
          });
          onClose();
        },
      },
    );

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="add-prospects-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-box flex flex-col gap-3">
        <h3 id="add-prospects-title" className="text-lg font-bold">
          Add prospects
        </h3>
        <input
          type="search"
          className="input input-bordered w-full"
          placeholder="Search by name, company or email"
          aria-label="Search prospects"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {found.isPending ? (
          <span className="loading loading-spinner loading-md" aria-label="Searching" />
        ) : candidates.length === 0 ? (
          <p className="text-sm text-base-content/70">No prospect outside this campaign matches.</p>
        ) : (
          <ul className="flex max-h-72 flex-col divide-y divide-base-200 overflow-y-auto" aria-label="Prospects to add">
            {candidates.map((prospect) => (
              <li key={prospect.id}>
                <label className="flex cursor-pointer items-center gap-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm"
                    checked={chosen.includes(prospect.id)}
                    onChange={() => toggle(prospect.id)}
                  />
                  <span className="flex-1">
                    {prospect.firstName} {prospect.lastName}, {prospect.company}
                  </span>
                  <span className="badge badge-sm badge-outline">{prospect.score === null ? 'N/A' : `Score: ${prospect.score}`}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {patch.isError && (
          <p role="alert" className="text-sm text-error">
            {patch.error.message}
          </p>
        )}
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={chosen.length === 0 || patch.isPending} onClick={add}>
            Add {chosen.length > 0 ? chosen.length : ''} to campaign
          </button>
        </div>
      </div>
    </dialog>
  );
}
