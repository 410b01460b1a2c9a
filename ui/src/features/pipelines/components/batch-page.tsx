import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { StageBars } from '../../../components/ui/stage-bars.tsx';
import { refusalText } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { useCurrentRole } from '../../auth/index.ts';
import { batchQueryOptions, useCancelBatch, useRetryFailed } from '../api/batches-api.ts';
import { BATCH_NEEDS_ROLE, canControlBatches, runsText } from '../utils/batch.ts';
import { BatchFailures } from './batch-failures.tsx';
import { BatchHeader } from './batch-header.tsx';
import { BatchLineage } from './batch-lineage.tsx';
import { formatNumber } from '../../../utils/format.ts';

/**
 * /batches/:id: a batch of pipeline runs, live while it runs (polled, stopping once it has
 * ended): a bar per stage, pace and time left, the failed runs with their errors, Retry failed
 * (a new batch of those, linked) and Cancel, for sales ops and up; viewers read it.
 */
export function BatchPage({ batchId }: { batchId: string }) {
  const batch = useQuery(batchQueryOptions(batchId));
  const retry = useRetryFailed(batchId);
  const cancel = useCancelBatch(batchId);
  const allowed = canControlBatches(useCurrentRole());
  const navigate = useNavigate();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const wasRunning = useRef(false);
  const data = batch.data;

  // When a batch the user watched ends on its own, say how it went.
  useEffect(() => {
    if (!data) return;
    if (wasRunning.current && data.status === 'completed') {
      toast({ title: 'Batch Complete', tone: data.runs.failed > 0 ? 'info' : 'success', description: `${runsText(data.runs)}.` });
    }
    wasRunning.current = data.status === 'running';
  }, [data, toast]);

  if (batch.isError) return <ErrorAlert message={batch.error.message} />;
  if (!data) return <span className="loading loading-spinner loading-lg" aria-label="Loading batch" />;

  const running = data.status === 'running';
  const startRetry = () =>
    retry.mutate(undefined, {
      onSuccess: (started) => {
        toast({
          title: 'Retrying Failed',
          tone: 'success',
          description: `A new batch runs the ${formatNumber(started.total)} failed runs again.`,
        });
        navigate(`/batches/${started.batchId}`);
      },
      onError: (error) => toast({ title: 'Retry failed', description: refusalText(error), tone: 'error' }),
    });
  const confirmCancel = () => {
    setConfirming(false);
    cancel.mutate(undefined, {
      onSuccess: (cancelled) =>
        toast({
          title: 'Batch Cancelled',
          tone: 'success',
          description: `${formatNumber(cancelled.runs.cancelled)} runs will not run.`,
        }),
      onError: (error) => toast({ title: 'Cancel failed', description: refusalText(error), tone: 'error' }),
    });
  };
  const denied = allowed ? undefined : BATCH_NEEDS_ROLE;

  const retryButton = data.runs.failed > 0 && (
    <button
      type="button"
      className="btn btn-warning btn-sm"
      disabled={!allowed || running || retry.isPending}
      title={denied ?? (running ? 'Retry once the batch has ended' : undefined)}
      onClick={startRetry}
    >
      {retry.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      Retry failed ({formatNumber(data.runs.failed)})
    </button>
  );
  const actions = running && (
    <button
      type="button"
      className="btn btn-outline btn-error btn-sm"
      disabled={!allowed || cancel.isPending}
      title={denied}
      onClick={() => setConfirming(true)}
    >
      {cancel.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      Cancel batch
    </button>
  );

  return (
    <div className="flex flex-col gap-6">
      <BatchHeader batch={data} actions={actions} />
      <BatchLineage batch={data} />
      <section aria-labelledby="stages-title" className="flex flex-col gap-3">
        <h2 id="stages-title" className="text-lg font-semibold">
          Stages
        </h2>
        <StageBars stages={data.stages} />
      </section>
      {data.runs.failed > 0 ? (
        <BatchFailures batch={data} action={retryButton} />
      ) : (
        !running && (
          <p className="text-sm text-base-content/70" data-testid="no-failures">
            No run failed.
          </p>
        )
      )}
      <ConfirmDialog
        open={confirming}
        title="Cancel this batch?"
        confirmLabel="Cancel batch"
        cancelLabel="Keep running"
        onConfirm={confirmCancel}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Runs not finished yet stop and end cancelled; runs already done stay done (a step under way may still finish). This cannot be
          undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
