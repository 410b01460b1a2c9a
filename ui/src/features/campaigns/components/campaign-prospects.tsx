import { useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useToast } from '../../../lib/toast.ts';
import { campaignProspectsQueryOptions, usePatchCampaign, type CampaignProspectRow } from '../api/campaigns-api.ts';
import { OUTCOMES } from '../utils/campaign.ts';
import { formatNumber } from '../../../utils/format.ts';

const PAGE = 25;

/** Below Tailwind's `sm`: a phone, where the rows are cards (a table's five columns do not fit 390 px). */
const PHONE = '(max-width: 639.98px)';

function usePhone(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(PHONE);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(PHONE).matches,
  );
}

/** The campaign's prospects a page at a time: what their run came to, their sequence, and removing one. */
export function CampaignProspects({ campaignId, running }: { campaignId: number; running: boolean }) {
  const [offset, setOffset] = useState(0);
  const page = useQuery(campaignProspectsQueryOptions(campaignId, offset, PAGE, running));
  const patch = usePatchCampaign(campaignId);
  const toast = useToast();
  const [removing, setRemoving] = useState<CampaignProspectRow | null>(null);
  const total = page.data?.total ?? 0;

  const remove = (row: CampaignProspectRow) =>
    patch.mutate(
      { removeProspectIds: [row.id] },
      {
        onSuccess: () =>
          toast({
            title: 'Prospect Removed',
            description: `${row.firstName} ${row.lastName} left the campaign${row.sequence ? '; their sequence is stopped' : ''}.`,
            tone: 'success',
          }),
        onError: (error) => toast({ title: 'Error', description: error.message, tone: 'error' }),
        onSettled: () => setRemoving(null),
      },
    );

  return (
    <section aria-labelledby="campaign-prospects-title" className="flex flex-col gap-3">
      <h2 id="campaign-prospects-title" className="text-lg font-semibold">
        Prospects
      </h2>
      {page.isError && <ErrorAlert message={page.error.message} />}
      {total === 0 && page.isSuccess ? (
        <p className="text-sm text-base-content/70">This campaign has no prospects yet: add some.</p>
      ) : (
        <ProspectRows rows={page.data?.items ?? []} onRemove={setRemoving} />
      )}
      {total > PAGE && (
        <div className="flex items-center justify-between gap-2 text-sm">
          <span className="text-base-content/70">
            {formatNumber(offset + 1)}–{formatNumber(Math.min(offset + PAGE, total))} of {formatNumber(total)}
          </span>
          <div className="join">
            <button
              type="button"
              className="btn btn-sm join-item"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - PAGE))}
            >
              Previous
            </button>
            <button
              type="button"
              className="btn btn-sm join-item"
              disabled={offset + PAGE >= total}
              onClick={() => setOffset(offset + PAGE)}
            >
              Next
            </button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the campaign?"
        confirmLabel="Remove"
        cancelLabel="Keep"
        onConfirm={() => removing && remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        {removing && (
          <p>
            {removing.firstName} {removing.lastName} leaves the campaign.
            {removing.sequence ? ' Their sequence is stopped for good: no further email goes to them.' : ''} They stay in your prospects.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

type RowsProps = { rows: readonly CampaignProspectRow[]; onRemove: (row: CampaignProspectRow) => void };

/** The page's prospects: a table, or on a phone one card each with the same figures and action. */
function ProspectRows({ rows, onRemove }: RowsProps) {
  const phone = usePhone();
  if (phone)
    return (
      <ul className="flex flex-col gap-2" aria-label="Campaign prospects">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-col gap-2 rounded-box bg-base-100 p-3 text-sm shadow-sm" data-testid="campaign-prospect">
            <div className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <Who row={row} />
              </div>
              <RemoveButton row={row} onRemove={onRemove} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-xs text-base-content/60">Score</dt>
              <dd className="tabular-nums">{row.score ?? 'N/A'}</dd>
              <dt className="text-xs text-base-content/60">Outcome</dt>
              <dd>
                <Outcome row={row} />
              </dd>
              <dt className="text-xs text-base-content/60">Sequence</dt>
              <dd className="text-xs" data-testid="sequence-state">
                {sequenceText(row)}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    );
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow-sm">
      <table className="table table-sm" aria-label="Campaign prospects">
        <thead>
          <tr>
            <th>Prospect</th>
            <th>Score</th>
            <th>Outcome</th>
            <th>Sequence</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="campaign-prospect">
              <td className="min-w-48">
                <Who row={row} />
              </td>
              <td className="tabular-nums">{row.score ?? 'N/A'}</td>
              <td>
                <Outcome row={row} />
              </td>
              <td className="text-xs" data-testid="sequence-state">
                {sequenceText(row)}
              </td>
              <td className="text-right">
                <RemoveButton row={row} onRemove={onRemove} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Who the prospect is: their name (opening their panel), sample badge, title and company. */
function Who({ row }: { row: CampaignProspectRow }) {
  return (
    <>
      <Link className="link link-hover font-medium" to={`/prospects?prospect=${row.id}`}>
        {row.firstName} {row.lastName}
      </Link>
      {row.sample && <span className="badge badge-warning badge-xs ml-2">Sample data</span>}
      <p className="text-xs text-base-content/60">
        {row.jobTitle ? `${row.jobTitle} at ` : ''}
        {row.company}
      </p>
    </>
  );
}

/** What the prospect's run came to, with why when it failed. */
function Outcome({ row }: { row: CampaignProspectRow }) {
  return (
    <>
      <span className={`badge badge-sm ${OUTCOMES[row.outcome].badge}`} data-testid="outcome">
        {OUTCOMES[row.outcome].label}
      </span>
      {row.error && <p className="mt-1 max-w-64 text-xs text-error wrap-anywhere">{row.error}</p>}
    </>
  );
}

const sequenceText = (row: CampaignProspectRow) => (row.sequence ? `${row.sequence.status} · ${row.sequence.sentSteps} sent` : '—');

function RemoveButton({ row, onRemove }: { row: CampaignProspectRow; onRemove: RowsProps['onRemove'] }) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-xs"
      onClick={() => onRemove(row)}
      aria-label={`Remove ${row.firstName} ${row.lastName}`}
    >
      Remove
    </button>
  );
}
