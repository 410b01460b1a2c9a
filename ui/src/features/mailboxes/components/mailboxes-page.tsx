import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { roleLabel, useCurrentMembership } from '../../auth/index.ts';
import { mailboxesQueryOptions, type Mailbox } from '../api/mailboxes-api.ts';
import { canCheckReplies, canManageMailboxes } from '../utils/mailbox-view.ts';
import { MailboxFormDialog } from './mailbox-form-dialog.tsx';
import { MailboxesEmpty } from './mailboxes-empty.tsx';
import { MailboxesList } from './mailboxes-list.tsx';

/** Which form is open: a new mailbox's, or one mailbox's edit. */
type Editing = { mailbox: Mailbox | null } | null;

/** /settings/mailboxes: the addresses the workspace sends from; every member sees them, admins and owners manage them. */
export function MailboxesPage() {
  const membership = useCurrentMembership();
  const role = membership?.role ?? null;
  const manage = canManageMailboxes(role);
  const checkReplies = canCheckReplies(role);
  const mailboxes = useQuery(mailboxesQueryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const hasMailboxes = (mailboxes.data?.length ?? 0) > 0;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Mailboxes"
        subtitle={`The addresses Meetflow sends outreach from in ${membership?.name ?? 'this workspace'}.`}
        actions={
          manage && hasMailboxes ? (
            <button type="button" className="btn btn-primary" onClick={() => setEditing({ mailbox: null })}>
              Add Mailbox
            </button>
          ) : undefined
        }
      />
      {mailboxes.isPending ? (
        <span className="loading loading-spinner loading-md" aria-label="Loading mailboxes" />
      ) : mailboxes.isError ? (
        <ErrorAlert message={mailboxes.error.message} />
      ) : hasMailboxes ? (
        <MailboxesList
          mailboxes={mailboxes.data}
          manage={manage}
          checkReplies={checkReplies}
          onEdit={(mailbox) => setEditing({ mailbox })}
        />
      ) : (
        <MailboxesEmpty manage={manage} onAdd={() => setEditing({ mailbox: null })} />
      )}
      {!manage && role && hasMailboxes && (
        <p className="text-sm text-base-content/70" data-testid="mailboxes-read-only">
          Only admins and owners add, test and change mailboxes; your role here is {roleLabel(role)}.
        </p>
      )}
      {editing && <MailboxFormDialog editing={editing.mailbox} onClose={() => setEditing(null)} />}
    </div>
  );
}
