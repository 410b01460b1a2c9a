import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { useNavigate } from 'react-router-dom';
import { matchingProspectIds, prospectPipelineVersionQueryOptions, useCreateCampaign } from '../api/outreach-api.ts';
import { campaignFilterQuery } from '../utils/outreach.ts';
import { formatNumber } from '../../../utils/format.ts';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';

/** "New Campaign": a name, the prospects chosen by the Prospect Pipeline's filters and the pipeline version; created as a draft, or started at once. */
export function NewCampaignDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState('');
  const [filters, setFilters] = useState({ minScore: '70', industry: '', source: '' });
  const query = campaignFilterQuery(filters);
  const matching = useQuery({ queryKey: ['outreach', 'matching', query], queryFn: () => matchingProspectIds(query) });
  const create = useCreateCampaign();
  const latest = useQuery(prospectPipelineVersionQueryOptions());
  const [version, setVersion] = useState('');
  const [startNow, setStartNow] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  useModalDialog(dialog);
  const nameError = create.error instanceof ApiError ? create.error.fields.name : undefined;

  const submit = () =>
    create.mutate(
      { name, prospectIds: matching.data?.ids ?? [], pipelineVersion: version ? Number(version) : null, start: startNow },
      {
        onSuccess: (campaign) => {
          toast({
            title: 'Campaign Created',
            tone: campaign.startError ? 'error' : 'success',
            description: `${campaign.name}: ${formatNumber(campaign.prospectIds.length)} prospects, ${
              campaign.started
                ? 'started'
                : campaign.startError
                  ? `saved as a draft; it could not start: ${campaign.startError}`
                  : 'saved as a draft'
            }`,
          });
          onClose();
          if (campaign.started) navigate(`/outreach/campaigns/${campaign.id}`);
        },
      },
    );
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="campaign-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form
        noValidate
        className="modal-box flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h3 id="campaign-title" className="text-lg font-bold">
          New Campaign
        </h3>
        <label className="flex flex-col gap-1 text-sm">
          Name
          <input
            className={`input input-bordered w-full ${nameError ? 'input-error' : ''}`}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          {nameError && (
            <span className="text-xs text-error" data-testid="error-name">
              {nameError}
            </span>
          )}
        </label>
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1 text-sm">Prospects (the Prospect Pipeline's filters)</legend>
          <label className="flex flex-col gap-1 text-sm">
            Minimum score
            <input
              type="number"
              min={0}
              max={100}
              className="input input-bordered input-sm"
              value={filters.minScore}
              onChange={(event) => setFilters({ ...filters, minScore: event.target.value })}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Industry
            <input
              className="input input-bordered input-sm"
              value={filters.industry}
              onChange={(event) => setFilters({ ...filters, industry: event.target.value })}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Source
            <input
              className="input input-bordered input-sm"
              value={filters.source}
              onChange={(event) => setFilters({ ...filters, source: event.target.value })}
            />
          </label>
        </fieldset>
        <label className="flex flex-col gap-1 text-sm">
          Pipeline
          <select className="select select-bordered select-sm w-full" value={version} onChange={(event) => setVersion(event.target.value)}>
            <option value="">Built-in: research → score → copy → enrol</option>
            {Array.from({ length: latest.data ?? 0 }, (_, index) => (latest.data ?? 0) - index).map((saved) => (
              <option key={saved} value={saved}>
                Saved prospect pipeline, version {saved}
              </option>
            ))}
          </select>
        </label>
        <label className="label cursor-pointer items-start justify-start gap-2 text-sm whitespace-normal text-base-content">
          <input
            type="checkbox"
            className="checkbox checkbox-sm mt-0.5 shrink-0"
            checked={startNow}
            onChange={(event) => setStartNow(event.target.checked)}
          />
          Start it now (research, score and write to its prospects as one batch)
        </label>
        <p className="text-sm" data-testid="matching">
          {matching.isPending
            ? 'Counting prospects…'
            : matching.isError
              ? matching.error.message
              : `${formatNumber(matching.data.ids.length)} prospects match${matching.data.total > matching.data.ids.length ? ` (the first ${formatNumber(matching.data.ids.length)} of ${formatNumber(matching.data.total)})` : ''}.`}
        </p>
        {create.isError && !nameError && (
          <p role="alert" className="text-sm text-error">
            {create.error.message}
          </p>
        )}
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={create.isPending || matching.isPending}>
            Create Campaign
          </button>
        </div>
      </form>
    </dialog>
  );
}
