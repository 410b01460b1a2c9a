import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { useToast } from '../../../lib/toast.ts';
import { roleAtLeast, roleLabel, useCurrentRole } from '../../auth/index.ts';
import { mailboxesQueryOptions } from '../../mailboxes/index.ts';
import { usePatchCampaign } from '../api/campaigns-api.ts';
import { mailboxChoices, sameMailboxes, sendingSummary, toggleMailbox } from '../utils/sending-mailboxes.ts';

/**
 * "Sending mailboxes": which of the workspace's mailboxes the campaign's emails go out through, by
 * rotation (none ticked: every active one). Sales ops and up change it (PATCH); the rest read it.
 */
export function SendingMailboxes({ campaignId, saved }: { campaignId: number; saved: readonly string[] }) {
  const mailboxes = useQuery(mailboxesQueryOptions());
  const patch = usePatchCampaign(campaignId);
  const toast = useToast();
  const role = useCurrentRole();
  const canEdit = role !== null && roleAtLeast(role, 'sales-ops');
  // Ticks not saved yet; null while the list shows what the campaign has.
  const [draft, setDraft] = useState<readonly string[] | null>(null);
  const chosen = draft ?? saved;
  const dirty = draft !== null && !sameMailboxes(draft, saved);
  const workspaceMailboxes = mailboxes.data ?? [];
  const choices = mailboxChoices(workspaceMailboxes, chosen);
  const summary = sendingSummary(workspaceMailboxes, chosen);

  const save = () =>
    patch.mutate(
      { mailboxIds: [...chosen] },
      {
        onSuccess: () => {
          setDraft(null);
          toast({ title: 'Sending Mailboxes Saved', tone: 'success', description: summary.text });
        },
        onError: (error) => toast({ title: 'Error', description: error.message, tone: 'error' }),
      },
    );

  return (
    <section aria-labelledby="sending-mailboxes-title" className="card bg-base-100 shadow-sm" data-testid="sending-mailboxes">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="sending-mailboxes-title" className="card-title text-base">
            Sending mailboxes
          </h2>
          <span className="badge badge-outline badge-sm" data-testid="sending-mailboxes-mode">
            {chosen.length === 0 ? 'All active mailboxes' : `${chosen.length} chosen`}
          </span>
          {dirty && <span className="badge badge-outline badge-warning badge-sm">Unsaved changes</span>}
        </div>
        <p className={`text-sm ${summary.warning ? '' : 'text-base-content/70'}`} data-testid="sending-summary">
          {summary.warning && <span className="badge badge-warning badge-sm mr-2">Emails wait</span>}
          {summary.text}
        </p>
        {mailboxes.isPending ? (
          <span className="loading loading-spinner loading-md" aria-label="Loading mailboxes" />
        ) : mailboxes.isError ? (
          <ErrorAlert message={mailboxes.error.message} />
        ) : choices.length === 0 ? (
          <p className="text-sm">
            Connect a mailbox under{' '}
            <Link className="link" to="/settings/mailboxes">
              Settings → Mailboxes
            </Link>
            .
          </p>
        ) : (
          <fieldset disabled={!canEdit || patch.isPending} className="min-w-0">
            <legend className="sr-only">Mailboxes its emails go out through; none ticked sends through every active one</legend>
            <ul className="grid gap-x-6 sm:grid-cols-2" aria-label="Workspace mailboxes">
              {choices.map((choice) => (
                <li key={choice.id} data-testid="sending-mailbox">
                  <label className={`flex items-center gap-3 py-2 text-sm ${canEdit ? 'cursor-pointer' : ''}`}>
                    {/* Dimmed less than daisyUI's disabled look: a viewer still reads which are ticked. */}
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm disabled:opacity-70"
                      checked={choice.checked}
                      onChange={() => setDraft(toggleMailbox(chosen, choice.id))}
                    />
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="font-medium wrap-anywhere">{choice.fromAddress}</span>
                      <span className="text-xs text-base-content/60">{choice.fromName}</span>
                    </span>
                    {choice.paused && <span className="badge badge-warning badge-sm">paused</span>}
                    {choice.removed && <span className="badge badge-ghost badge-sm">removed</span>}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {canEdit && choices.length > 0 && (
          <div className="flex flex-wrap items-center justify-end gap-2">
            {chosen.length > 0 && (
              <button type="button" className="btn btn-ghost btn-sm mr-auto" disabled={patch.isPending} onClick={() => setDraft([])}>
                Untick all
              </button>
            )}
            {dirty && (
              <button type="button" className="btn btn-ghost btn-sm" disabled={patch.isPending} onClick={() => setDraft(null)}>
                Discard
              </button>
            )}
            <button type="button" className="btn btn-primary btn-sm" disabled={!dirty || patch.isPending} onClick={save}>
              Save mailboxes
            </button>
          </div>
        )}
        {!canEdit && role && (
          <p className="text-sm text-base-content/70" data-testid="sending-mailboxes-read-only">
            Sales ops and up choose the sending mailboxes; your role here is {roleLabel(role)}.
          </p>
        )}
      </div>
    </section>
  );
}
