import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { campaignProspectsQueryOptions, type Campaign } from '../api/outreach-api.ts';

const SHOWN = 50;

/** "Manage": the campaign's prospects, each linking to its detail panel (starting and pausing campaigns come next). */
export function ManageDialog({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const prospects = useQuery(campaignProspectsQueryOptions(campaign, SHOWN));
  useEffect(() => dialog.current?.showModal(), []);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="manage-title" onCancel={onClose}>
      <div className="modal-box flex flex-col gap-3">
        <h3 id="manage-title" className="text-lg font-bold">{campaign.name}</h3>
        <p className="text-sm text-base-content/70">{campaign.prospectIds.length} prospects · {campaign.status}{campaign.prospectIds.length > SHOWN ? ` · the first ${SHOWN} shown` : ''}</p>
        {prospects.isError && <ErrorAlert message={prospects.error.message} />}
        {prospects.isPending ? <span className="loading loading-spinner loading-md" aria-label="Loading prospects" /> : (
          <ul className="flex max-h-80 flex-col divide-y divide-base-200 overflow-y-auto" aria-label="Campaign prospects">
            {prospects.data?.map((prospect) => (
              <li key={prospect.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <Link className="link link-hover" to={`/prospects?prospect=${prospect.id}`}>{prospect.firstName} {prospect.lastName}, {prospect.company}</Link>
                <span className="badge badge-sm badge-outline">{prospect.score === null ? 'N/A' : `Score: ${prospect.score}`}</span>
              </li>
            ))}
          </ul>
        )}
        <div className="modal-action mt-0"><button type="button" className="btn" onClick={onClose}>Close</button></div>
      </div>
    </dialog>
  );
}
