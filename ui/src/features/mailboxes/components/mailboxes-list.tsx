import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useToast } from '../../../lib/toast.ts';
import { useRemoveMailbox, useUpdateMailbox, type Mailbox } from '../api/mailboxes-api.ts';
import { refusalText } from '../../../lib/api-client.ts';
import { MailboxCard } from './mailbox-card.tsx';

interface MailboxesListProps {
  mailboxes: Mailbox[];
  manage: boolean;
  /** True when the signed-in user may Check replies now (sales ops and up). */
  checkReplies: boolean;
  onEdit: (mailbox: Mailbox) => void;
}

/** The workspace's mailboxes, oldest first; admins pause, resume and remove them here (removing asks first). */
export function MailboxesList({ mailboxes, manage, checkReplies, onEdit }: MailboxesListProps) {
  const update = useUpdateMailbox();
  const remove = useRemoveMailbox();
  const toast = useToast();
  const [removing, setRemoving] = useState<Mailbox | null>(null);

  const togglePause = ({ id, fromAddress, status }: Mailbox) => {
    const next = status === 'paused' ? 'active' : 'paused';
    update.mutate(
      { id, patch: { status: next } },
      {
        onSuccess: () =>
          toast(
            next === 'paused'
              ? { title: 'Mailbox Paused', description: `${fromAddress} sends nothing until you resume it.`, tone: 'success' }
              : { title: 'Mailbox Resumed', description: `${fromAddress} sends again, within its daily cap.`, tone: 'success' },
          ),
        onError: (error) =>
          toast({ title: next === 'paused' ? 'Not Paused' : 'Not Resumed', description: refusalText(error), tone: 'error' }),
      },
    );
  };

  return (
    <section className="flex flex-col gap-3" aria-labelledby="mailboxes-title">
      <h2 id="mailboxes-title" className="text-lg font-semibold">
        Sending mailboxes <span className="font-normal text-base-content/60">({mailboxes.length})</span>
      </h2>
      <ul className="flex flex-col gap-4" aria-labelledby="mailboxes-title" data-testid="mailboxes-list">
        {mailboxes.map((mailbox) => (
          <MailboxCard
            key={mailbox.id}
            mailbox={mailbox}
            manage={manage}
            checkReplies={checkReplies}
            busy={(update.isPending && update.variables.id === mailbox.id) || (remove.isPending && remove.variables === mailbox.id)}
            onEdit={() => onEdit(mailbox)}
            onTogglePause={() => togglePause(mailbox)}
            onRemove={() => setRemoving(mailbox)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.fromAddress ?? ''}?`}
        confirmLabel="Remove"
        cancelLabel="Keep"
        onConfirm={() => {
          if (!removing) return;
          const { id, fromAddress } = removing;
          setRemoving(null);
          remove.mutate(id, {
            onSuccess: () =>
              toast({ title: 'Mailbox Removed', description: `${fromAddress} and its stored password are deleted.`, tone: 'success' }),
            onError: (error) => toast({ title: 'Mailbox Not Removed', description: refusalText(error), tone: 'error' }),
          });
        }}
        onCancel={() => setRemoving(null)}
      >
        {removing && (
          <p>
            Meetflow sends nothing more from {removing.fromAddress}, and deletes its settings and stored password. To send from it again,
            add it again. To stop it for a while instead, pause it.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
