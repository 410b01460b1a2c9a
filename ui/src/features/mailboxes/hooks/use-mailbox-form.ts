import { useState } from 'react';
import { ApiError, refusalText } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { useCreateMailbox, useUpdateMailbox, type Mailbox, type SavedMailbox } from '../api/mailboxes-api.ts';
import {
  CONNECTION_FIELDS,
  changeField,
  emptyMailboxForm,
  formOf,
  numberErrors,
  placeApiErrors,
  toNewMailbox,
  toPatch,
  withoutImapErrors,
  type MailboxErrors,
  type MailboxField,
  type MailboxForm,
} from '../utils/mailbox-form.ts';

/**
 * The Add / Edit mailbox form: what is typed, the problems on each field (the API's 400s and a
 * 409 for an address already in use land on their fields; anything else above the buttons), and
 * Save, which calls `onSaved` with the stored mailbox.
 */
export function useMailboxForm(editing: Mailbox | null, onSaved: (mailbox: SavedMailbox) => void) {
  const [form, setForm] = useState<MailboxForm>(() => (editing ? formOf(editing) : emptyMailboxForm()));
  const [errors, setErrors] = useState<MailboxErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  // Counts refused Saves, so the form can take the user to the first problem each time.
  const [refusals, setRefusals] = useState(0);
  const create = useCreateMailbox();
  const update = useUpdateMailbox();
  const toast = useToast();
  const patch = editing ? toPatch(form, editing) : null;
  const unchanged = patch !== null && Object.keys(patch).length === 0;

  const change = <K extends MailboxField>(key: K, value: MailboxForm[K]) => {
    setForm((current) => changeField(current, key, value));
    // A problem goes as soon as its field is touched (the IMAP fields' all go with the IMAP switch, and the
    // password's "enter it again" with a change of the server or login it was about): the next Save judges again.
    setErrors((current) => {
      const rest = key === 'imapOn' ? withoutImapErrors(current) : current;
      const touched: MailboxField[] = CONNECTION_FIELDS.includes(key) ? [key, 'password'] : [key];
      return touched.some((field) => rest[field]) ? { ...rest, ...Object.fromEntries(touched.map((field) => [field, undefined])) } : rest;
    });
    setAlert(null);
  };

  const refused = (error: Error) => {
    setRefusals((count) => count + 1);
    if (error instanceof ApiError && error.status === 409) {
      setErrors({ fromAddress: error.text });
      return;
    }
    const placed = error instanceof ApiError ? placeApiErrors(error.fields) : { errors: {}, unplaced: [] };
    setErrors(placed.errors);
    const anyPlaced = Object.keys(placed.errors).length > 0;
    setAlert(placed.unplaced.length > 0 ? placed.unplaced.join('; ') : anyPlaced ? null : refusalText(error));
  };

  const save = () => {
    const found = numberErrors(form);
    setErrors(found);
    setAlert(null);
    if (Object.keys(found).length > 0) {
      setRefusals((count) => count + 1);
      return;
    }
    if (editing) {
      update.mutate(
        { id: editing.id, patch: toPatch(form, editing) },
        {
          onSuccess: (saved) => {
            toast({
              title: 'Mailbox Saved',
              description: `${saved.fromAddress}: ${form.password ? 'new password stored (encrypted)' : 'changes saved'}.`,
              tone: 'success',
            });
            onSaved(saved);
          },
          onError: refused,
        },
      );
    } else {
      create.mutate(toNewMailbox(form), {
        onSuccess: (saved) => {
          toast({ title: 'Mailbox Added', description: `Test the connection of ${saved.fromAddress} before it sends.`, tone: 'success' });
          onSaved(saved);
        },
        onError: refused,
      });
    }
  };

  return { form, errors, alert, refusals, unchanged, saving: create.isPending || update.isPending, change, save };
}
