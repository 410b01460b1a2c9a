import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { isForbidden, refusalText } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { formatDate } from '../../../utils/format.ts';
import { useAccount } from '../../auth/index.ts';
import { memberNamesQueryOptions, useRemoveSuppression, type Suppression } from '../api/suppressions-api.ts';
import { adderName, entryLabel, reasonLabel, SOURCES } from '../utils/suppression-view.ts';

interface SuppressionsTableProps {
  items: Suppression[];
  /** True when the signed-in user may remove entries (admins and owners). */
  manage: boolean;
  /** While the next page or filter is on its way: the current one stays, dimmed. */
  stale: boolean;
}

// A table from a tablet up; on a phone each row is a block: the entry and Remove, then the reason and source, then when.
const RESPONSIVE =
  'max-md:block max-md:[&_tbody]:block max-md:[&_thead]:hidden max-md:[&_tr]:flex max-md:[&_tr]:flex-wrap max-md:[&_tr]:items-center ' +
  'max-md:[&_tr]:gap-x-3 max-md:[&_tr]:gap-y-1.5 max-md:[&_tr]:py-3 max-md:[&_td]:border-0 max-md:[&_td]:p-0 ' +
  'max-md:[&_tr:not(:last-child)]:border-b max-md:[&_tr]:border-base-content/5';

/** Who put an entry on the list and when: "12 Mar 2025", then "by Ada Lane" for one added by hand. */
function AddedCell({ entry, byName }: { entry: Suppression; byName: string | null }) {
  return (
    <td className="text-sm whitespace-nowrap max-md:order-4 max-md:basis-full max-md:text-xs max-md:text-base-content/60">
      <span data-testid="suppression-added">{formatDate(entry.createdAt)}</span>
      {byName && <span className="text-base-content/60 md:block md:text-xs"> by {byName}</span>}
    </td>
  );
}

/**
 * A page of the suppression list: each address or domain, its reason, how it got here, and when
 * (and by whom, when added by hand); admins remove an entry here, after saying yes.
 */
export function SuppressionsTable({ items, manage, stale }: SuppressionsTableProps) {
  const remove = useRemoveSuppression();
  const toast = useToast();
  const account = useAccount();
  const myUserId = account.data?.user.id ?? null;
  // Who added an entry is recorded as a principal id: named from the members, asked only when a person added one.
  const members = useQuery({ ...memberNamesQueryOptions(), enabled: items.some((item) => item.addedBy?.startsWith('user:')) }).data;
  const [removing, setRemoving] = useState<Suppression | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    const entry = removing;
    const label = entryLabel(entry);
    setRemoving(null);
    remove.mutate(entry.email, {
      onSuccess: () =>
        toast({
          title: 'Removed from Suppression List',
          description: `${entry.kind === 'domain' ? `Addresses at ${label}` : label} may be emailed again.`,
          tone: 'success',
        }),
      onError: (error) => {
        toast({ title: 'Not Removed', description: refusalText(error), tone: 'error' });
        if (isForbidden(error)) void account.refetch();
      },
    });
  };

  return (
    <>
      <div className="overflow-x-auto">
        <table className={`table ${RESPONSIVE} ${stale ? 'opacity-60' : ''}`} aria-label="Suppression list" aria-busy={stale}>
          <thead>
            <tr>
              <th>Address or domain</th>
              <th>Reason</th>
              <th>Source</th>
              <th>Added</th>
              {manage && (
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {items.map((entry) => {
              const label = entryLabel(entry);
              const source = SOURCES[entry.source];
              const busy = remove.isPending && remove.variables === entry.email;
              return (
                <tr key={entry.email} aria-label={label} data-testid="suppression-row">
                  <td
                    className={`min-w-60 md:max-w-md max-md:order-1 max-md:min-w-0 max-md:grow ${manage ? 'max-md:basis-[calc(100%-7rem)]' : 'max-md:basis-full'}`}
                  >
                    <span className="font-medium wrap-anywhere" data-testid="suppression-entry">
                      {label}
                    </span>
                    {entry.kind === 'domain' && (
                      <span
                        className="badge badge-outline badge-xs ml-2 align-middle whitespace-nowrap"
                        title={`Every address at ${label}`}
                      >
                        Whole domain
                      </span>
                    )}
                  </td>
                  <td className="md:max-w-72 max-md:order-3 max-md:max-w-full">
                    <span
                      className={`badge badge-soft badge-sm h-auto min-h-5 py-0.5 text-left wrap-break-word ${source.badge}`}
                      data-testid="suppression-reason"
                    >
                      {reasonLabel(entry.reason)}
                    </span>
                  </td>
                  <td className="text-sm whitespace-nowrap text-base-content/70 max-md:order-3 max-md:text-xs">{source.label}</td>
                  <AddedCell entry={entry} byName={entry.addedBy ? adderName(entry.addedBy, members, myUserId) : null} />
                  {manage && (
                    <td className="text-right max-md:order-2 max-md:ml-auto">
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm text-error"
                        aria-label={`Remove ${label}`}
                        disabled={busy}
                        onClick={() => setRemoving(entry)}
                      >
                        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                        Remove
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing ? entryLabel(removing) : ''}?`}
        confirmLabel="Remove"
        cancelLabel="Keep"
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        {removing && (
          <p>
            {removing.kind === 'domain' ? `Addresses at ${entryLabel(removing)}` : entryLabel(removing)} may be emailed again from now on.
            Sequences it stopped stay stopped: removing it restarts nothing.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
