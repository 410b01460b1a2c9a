import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { refusalText } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { formatDate } from '../../../utils/format.ts';
import { useDisconnectCrm, useSyncCrm, useTestCrm, type CrmConnection } from '../api/crm-api.ts';

// Darker than the theme's success and error colours, which are too light for text on white.
const GOOD = 'text-green-700 dark:text-green-400';
const BAD = 'text-red-700 dark:text-red-400';

/** The connected CRM: its account (never its token), the last check and sync, and Test, Sync now and Disconnect for admins. */
export function CrmCard({ connection, manage }: { connection: CrmConnection; manage: boolean }) {
  const test = useTestCrm();
  const sync = useSyncCrm();
  const disconnect = useDisconnectCrm();
  const [confirming, setConfirming] = useState(false);
  const toast = useToast();
  const { counts, exclusions } = connection.sync;
  const check = connection.lastCheck;

  return (
    <article className="card bg-base-100 shadow-sm" aria-labelledby={`crm-${connection.id}`} data-testid="connected-crm">
      <div className="card-body gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={`crm-${connection.id}`} className="font-semibold wrap-anywhere">
              {connection.provider}
            </h3>
            <p className="text-sm text-base-content/70">Connected {formatDate(connection.createdAt, { time: true })}</p>
          </div>
          {manage && (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={sync.isPending || connection.sync.running}
                onClick={() => sync.mutate(connection.id)}
              >
                {(sync.isPending || connection.sync.running) && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                Sync now
              </button>
              <button type="button" className="btn btn-sm" disabled={test.isPending} onClick={() => test.mutate(connection.id)}>
                {test.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}Test
              </button>
              <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => setConfirming(true)}>
                Disconnect
              </button>
            </div>
          )}
        </div>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {Object.entries(connection.fields).map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-base-content/70">{key}</dt>
              <dd className="min-w-0 wrap-anywhere">{value}</dd>
            </div>
          ))}
          <dt className="text-base-content/70">Token</dt>
          <dd>Stored encrypted</dd>
          <dt className="text-base-content/70">Last check</dt>
          <dd aria-live="polite" data-testid="crm-check">
            {test.isError ? (
              <span className={`${BAD} wrap-anywhere`}>
                <strong>Not tested:</strong> {refusalText(test.error)}
              </span>
            ) : check === null ? (
              <span className="text-base-content/70">Not checked yet</span>
            ) : check.ok ? (
              <span>
                <strong className={GOOD}>
                  <span aria-hidden="true">✓ </span>Connected
                </strong>
                <span className="text-base-content/70"> · {formatDate(check.at, { time: true })}</span>
              </span>
            ) : (
              <span className={`${BAD} wrap-anywhere`}>
                <strong>
                  <span aria-hidden="true">✕ </span>Failed:
                </strong>{' '}
                {check.error}
              </span>
            )}
          </dd>
          <dt className="text-base-content/70">Last sync</dt>
          <dd aria-live="polite" data-testid="crm-sync">
            {connection.sync.running ? (
              <span>Syncing…</span>
            ) : connection.sync.at ? (
              <span>{formatDate(connection.sync.at, { time: true })}</span>
            ) : (
              <span className="text-base-content/70">Not yet</span>
            )}
            {(connection.sync.running || connection.sync.at) && (
              <span className="text-base-content/70">
                {' '}
                · {counts.created} created, {counts.updated} updated, {counts.skipped} already there, {counts.failed} failed
              </span>
            )}
            {connection.sync.error && <span className={`block ${BAD} wrap-anywhere`}>{connection.sync.error}</span>}
            {sync.isError && <span className={`block ${BAD} wrap-anywhere`}>{refusalText(sync.error)}</span>}
            <span className="block text-base-content/70">Every {connection.sync.intervalMinutes} minutes, and on Sync now.</span>
          </dd>
          <dt className="text-base-content/70">Left out of discovery</dt>
          <dd data-testid="crm-exclusions">
            {exclusions.count} {exclusions.count === 1 ? 'customer or open deal' : 'customers and open deals'}
            {exclusions.at && <span className="text-base-content/70"> · read {formatDate(exclusions.at, { time: true })}</span>}
          </dd>
        </dl>
        {disconnect.isError && (
          <p role="alert" className={`text-sm ${BAD}`}>
            {refusalText(disconnect.error)}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Disconnect this CRM?"
        confirmLabel="Disconnect"
        cancelLabel="Cancel"
        onConfirm={() => {
          setConfirming(false);
          disconnect.mutate(connection.id, {
            // A typed token is the user's to revoke, and a provider may not confirm a revocation: the warning says what to do.
            onSuccess: (answer) =>
              toast(
                answer.warning
                  ? { title: 'CRM disconnected', description: answer.warning, tone: 'info' }
                  : { title: 'CRM disconnected', tone: 'success' },
              ),
          });
        }}
        onCancel={() => setConfirming(false)}
      >
        {connection.auth === 'oauth'
          ? `Meetflow’s access is revoked at ${connection.provider}; its stored tokens, its sync log and the customers it kept out of discovery are deleted here.`
          : `Its stored token, its sync log and the customers it kept out of discovery are deleted here; revoke the token in ${connection.provider} yourself if nothing else uses it.`}{' '}
        What was written to the CRM stays there.
      </ConfirmDialog>
    </article>
  );
}
