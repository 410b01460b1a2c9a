import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { crmQueryOptions } from '../api/crm-api.ts';
import { ConnectCrmForm } from './connect-crm-form.tsx';
import { CrmCard } from './crm-card.tsx';
import { SyncLog } from './sync-log.tsx';

/**
 * The CRMs section of Settings → Integrations: the workspace's CRM (one), its last sync and the
 * sync log; admins and owners (`manage`) connect, test, sync and disconnect it.
 */
export function CrmSection({ manage }: { manage: boolean }) {
  const crm = useQuery(crmQueryOptions());
  const connection = crm.data?.connection ?? null;
  return (
    <section aria-labelledby="crms-title" className="flex flex-col gap-3">
      <h2 id="crms-title" className="text-lg font-semibold">
        CRMs
      </h2>
      <p className="max-w-3xl text-sm text-base-content/70">
        One CRM per workspace: prospects become its companies and contacts, emails sent and meetings booked go on their timelines, and its
        customers and open deals are left out of discovery. What your team edits there wins.
      </p>
      {crm.isPending ? (
        <span className="loading loading-spinner loading-md" aria-label="Loading CRMs" />
      ) : crm.isError ? (
        <ErrorAlert message={crm.error.message} />
      ) : connection ? (
        <>
          <CrmCard connection={connection} manage={manage} />
          <h3 className="font-semibold">Sync log</h3>
          <SyncLog rows={crm.data.log} />
        </>
      ) : crm.data.providers.length === 0 ? (
        <p className="text-sm">No CRM plugin is installed on this server.</p>
      ) : manage ? (
        <ConnectCrmForm providers={crm.data.providers} />
      ) : (
        <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-6 text-center" data-testid="crm-empty">
          <p className="font-medium">No CRM connected</p>
          <p className="text-sm text-base-content/70">Admins and owners connect one.</p>
        </div>
      )}
    </section>
  );
}
