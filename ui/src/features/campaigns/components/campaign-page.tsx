import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { StageBars } from '../../../components/ui/stage-bars.tsx';
import { useToast } from '../../../lib/toast.ts';
import { formatDateTime, formatNumber } from '../../../utils/format.ts';
import { STATUS_BADGE } from '../utils/outreach.ts';
import { campaignQueryOptions, usePatchCampaign, useRunCampaign, type CampaignDetail } from '../api/campaigns-api.ts';
import { AddProspectsDialog } from './add-prospects-dialog.tsx';
import { CampaignProspects } from './campaign-prospects.tsx';
import { SendingMailboxes } from './sending-mailboxes.tsx';

const BATCH_KIND = { start: 'First run', retry: 'Retry of failed prospects', added: 'Added prospects' } as const;

function ResultCards({ results }: { results: CampaignDetail['results'] }) {
  const cards: Array<[string, number, string]> = [
    ['Prospects', results.prospects, 'results-prospects'],
    ['Qualified', results.qualified, 'results-qualified'],
    ['With sequences', results.enrolled, 'results-enrolled'],
    ['Not qualified', results.notQualified, 'results-not-qualified'],
    ['Failed', results.failed, 'results-failed'],
  ];
  return (
    <div className="stats stats-vertical w-full bg-base-100 shadow-sm sm:stats-horizontal">
      {cards.map(([title, value, testId]) => (
        <div key={title} className="stat py-3">
          <div className="stat-title">{title}</div>
          <div className="stat-value text-2xl tabular-nums" data-testid={testId}>
            {formatNumber(value)}
          </div>
        </div>
      ))}
    </div>
  );
}

/** A campaign (Outreach Management → Manage): its batch's live progress, what its prospects came to, and its controls. */
export function CampaignPage({ campaignId }: { campaignId: number }) {
  const campaign = useQuery(campaignQueryOptions(campaignId));
  const patch = usePatchCampaign(campaignId);
  const run = useRunCampaign(campaignId);
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [pausing, setPausing] = useState(false);
  const wasRunning = useRef(false);
  const queryClient = useQueryClient();
  const data = campaign.data;
  const running = data?.batch?.running ?? false;

  // When a batch the user watched finishes: the prospect list is read again and the outcome said.
  useEffect(() => {
    if (!data) return;
    if (wasRunning.current && !running) {
      void queryClient.invalidateQueries({ queryKey: ['campaigns', campaignId, 'prospects'] });
      toast({
        title: 'Batch Complete',
        tone: 'success',
        description: `${formatNumber(data.results.enrolled)} with sequences, ${formatNumber(data.results.notQualified)} not qualified, ${formatNumber(data.results.failed)} failed.`,
      });
    }
    wasRunning.current = running;
  }, [data, running, toast, queryClient, campaignId]);

  if (campaign.isError) return <ErrorAlert message={campaign.error.message} />;
  if (!data) return <span className="loading loading-spinner loading-lg" aria-label="Loading campaign" />;

  const start = (prospects: 'new' | 'failed') =>
    run.mutate(prospects, {
      onSuccess: (batch) =>
        toast({
          title: prospects === 'failed' ? 'Retrying Failed' : 'Campaign Started',
          tone: 'success',
          description: `Researching, scoring and writing to ${formatNumber(batch.total)} prospects.`,
        }),
      onError: (error) => toast({ title: 'Error', description: error.message, tone: 'error' }),
    });
  const setStatus = (status: 'active' | 'paused') =>
    patch.mutate(
      { status },
      {
        onSuccess: ({ sequences }) =>
          toast({
            title: status === 'paused' ? 'Campaign Paused' : 'Campaign Resumed',
            tone: 'success',
            description: `${formatNumber(sequences.signalled)} sequences ${status === 'paused' ? 'held' : 'resumed'}.`,
          }),
        onError: (error) => toast({ title: 'Error', description: error.message, tone: 'error' }),
        onSettled: () => setPausing(false),
      },
    );

  const actions = (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setAdding(true)}>
        Add prospects
      </button>
      {data.status === 'paused' && (
        <button type="button" className="btn btn-primary btn-sm" disabled={patch.isPending} onClick={() => setStatus('active')}>
          Resume campaign
        </button>
      )}
      {data.status === 'active' && (
        <button type="button" className="btn btn-outline btn-sm" disabled={patch.isPending} onClick={() => setPausing(true)}>
          Pause campaign
        </button>
      )}
      {!running && data.results.notRunByCampaign > 0 && (
        <button type="button" className="btn btn-primary btn-sm" disabled={run.isPending} onClick={() => start('new')}>
          {data.batch ? `Run ${formatNumber(data.results.notRunByCampaign)} new` : 'Start campaign'}
        </button>
      )}
    </div>
  );

  return (
    <div className="flex flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Outreach Management', to: '/outreach' }, { label: data.name }]} />
      <PageHeader
        title={data.name}
        subtitle={`${formatNumber(data.prospectIds.length)} prospects · created ${formatDateTime(data.createdAt)}${data.sliceNames.length ? ` · scored against ${data.sliceNames.join(', ')}` : ''}`}
        actions={actions}
      />
      <p>
        <span className={`badge ${STATUS_BADGE[data.status]}`} data-testid="campaign-status">
          {data.status}
        </span>
        {data.status === 'paused' && (
          <span className="ml-2 text-sm text-base-content/70">Every sequence is held; nothing is sent until you resume.</span>
        )}
      </p>

      {data.batch ? (
        <section aria-labelledby="batch-title" className="flex flex-col gap-3">
          <h2 id="batch-title" className="text-lg font-semibold">
            {BATCH_KIND[data.batch.kind]}: {formatNumber(data.batch.total)} prospects
            <span className={`badge badge-sm ml-2 ${running ? 'badge-info' : 'badge-success'}`} data-testid="batch-state">
              {running ? 'running' : 'finished'}
            </span>
          </h2>
          <p className="text-xs text-base-content/60">
            Started {formatDateTime(data.batch.startedAt)}: research → score → copy (qualified only) → enrolment in the sequence.{' '}
            <Link className="link" to={`/batches/${data.batch.batchId}`} data-testid="batch-link">
              Open batch
            </Link>
          </p>
          <StageBars stages={data.batch.stages} />
        </section>
      ) : (
        <p className="rounded-box border border-dashed border-base-300 bg-base-100 p-4 text-sm" data-testid="not-started">
          Not started: <strong>Start campaign</strong> researches, scores and writes to its {formatNumber(data.prospectIds.length)}{' '}
          prospects as one batch.
        </p>
      )}

      <ResultCards results={data.results} />

      {data.skipped.length > 0 && (
        <section aria-labelledby="skipped-title" className="card bg-base-100 shadow-sm">
          <div className="card-body gap-2 p-4">
            <h2 id="skipped-title" className="card-title text-base">
              Why some got no sequence
            </h2>
            <ul className="flex flex-col gap-1 text-sm" data-testid="skipped">
              {data.skipped.map((skip) => (
                <li key={skip.reason} className="flex gap-3">
                  <span className="tabular-nums font-semibold">{formatNumber(skip.count)}</span>
                  <span className="wrap-anywhere">{skip.reason}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      {data.failures.length > 0 && (
        <section aria-labelledby="failures-title" className="card bg-base-100 shadow-sm">
          <div className="card-body gap-2 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="failures-title" className="card-title text-base">
                Failed ({formatNumber(data.results.failed)})
              </h2>
              <button type="button" className="btn btn-warning btn-sm" disabled={running || run.isPending} onClick={() => start('failed')}>
                Retry failed
              </button>
            </div>
            <ul className="flex flex-col divide-y divide-base-200 text-sm" data-testid="failures">
              {data.failures.map((failure) => (
                <li key={failure.prospectId} className="flex flex-wrap gap-x-3 py-1">
                  <Link className="link link-hover font-medium" to={`/prospects?prospect=${failure.prospectId}`}>
                    {failure.name}
                  </Link>
                  <span className="flex-1 text-base-content/70 wrap-anywhere">{failure.error}</span>
                  <Link className="link text-xs" to={`/pipelines/runs/${failure.runId}`}>
                    Open run
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <SendingMailboxes campaignId={campaignId} saved={data.mailboxIds} />
      <CampaignProspects campaignId={campaignId} running={running} />
      {adding && <AddProspectsDialog campaignId={campaignId} inCampaign={data.prospectIds} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={pausing}
        title="Pause this campaign?"
        confirmLabel="Pause campaign"
        cancelLabel="Keep sending"
        onConfirm={() => setStatus('paused')}
        onCancel={() => setPausing(false)}
      >
        <p>
          Every sequence of the campaign is held: no email goes out until you resume. On resume, each later email moves by the time held.
        </p>
      </ConfirmDialog>
    </div>
  );
}
