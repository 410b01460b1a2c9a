import { useEffect, useRef } from 'react';
import type { Mailbox } from '../api/mailboxes-api.ts';
import { useMailboxForm } from '../hooks/use-mailbox-form.ts';
import { passwordRequired } from '../utils/mailbox-form.ts';
import { SENDING_GUARD } from '../utils/mailbox-view.ts';
import { controlProps, MailboxFieldRow } from './mailbox-field.tsx';
import { ImapFields } from './imap-fields.tsx';
import { SmtpFields } from './smtp-fields.tsx';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';

/**
 * Add mailbox (`editing` null) or Edit mailbox, in a modal: sender, signature, SMTP server and
 * login, password (when editing, empty keeps the stored one, unless the server or login changed:
 * then it is required again), reading replies over IMAP (optional) and daily cap. The API's
 * refusals show under their fields; Escape or Cancel closes without saving.
 */
export function MailboxFormDialog({ editing, onClose }: { editing: Mailbox | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { form, errors, alert, refusals, unchanged, saving, change, save } = useMailboxForm(editing, onClose);
  useModalDialog(dialog);
  // After a refused Save, take the user to the first problem.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const text = (field: 'fromName' | 'fromAddress') => ({
    ...controlProps(field, errors[field]),
    value: form[field],
    className: `input w-full ${errors[field] ? 'input-error' : ''}`,
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
  });

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="mailbox-form-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!saving) onClose();
      }}
    >
      <div className="modal-box max-w-2xl p-5 sm:p-6">
        <h3 id="mailbox-form-title" className="text-lg font-bold">
          {editing ? 'Edit mailbox' : 'Add mailbox'}
        </h3>
        <p className="text-sm text-base-content/70">
          {editing
            ? `${editing.fromAddress}: change what you need. An empty password keeps the stored one, unless the server or login changes.`
            : 'Who your emails are from, and the SMTP server that sends them. Test the connection once it is added.'}
        </p>
        <form
          ref={formRef}
          noValidate
          className="mt-4 flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <fieldset disabled={saving} className="min-w-0">
            <legend className="mb-2 text-sm font-semibold">Sender</legend>
            <div className="flex flex-col gap-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <MailboxFieldRow field="fromName" label="From name" error={errors.fromName} hint="Shown as the sender.">
                  <input {...text('fromName')} autoComplete="off" placeholder="Ada Lane" maxLength={100} />
                </MailboxFieldRow>
                <MailboxFieldRow
                  field="fromAddress"
                  label="From address"
                  error={errors.fromAddress}
                  hint="The address emails are sent from."
                >
                  <input {...text('fromAddress')} type="email" autoComplete="off" inputMode="email" placeholder="ada@acme.com" />
                </MailboxFieldRow>
              </div>
              <MailboxFieldRow
                field="signature"
                label="Signature"
                optional
                error={errors.signature}
                hint="Added below each email; several lines allowed."
              >
                <textarea
                  {...controlProps('signature', errors.signature)}
                  className={`textarea field-sizing-content min-h-20 w-full ${errors.signature ? 'textarea-error' : ''}`}
                  rows={3}
                  maxLength={2_000}
                  placeholder={'Ada Lane\nHead of Sales, Acme'}
                  value={form.signature}
                  onChange={(event) => change('signature', event.target.value)}
                />
              </MailboxFieldRow>
            </div>
          </fieldset>
          <SmtpFields
            form={form}
            errors={errors}
            editing={editing !== null}
            passwordRequired={editing !== null && passwordRequired(form, editing)}
            disabled={saving}
            onChange={change}
          />
          <ImapFields form={form} errors={errors} disabled={saving} onChange={change} />
          <fieldset disabled={saving} className="min-w-0">
            <legend className="mb-2 text-sm font-semibold">Sending</legend>
            <MailboxFieldRow
              field="dailyCap"
              label="Daily cap"
              className="sm:max-w-[calc(50%-0.5rem)]"
              error={errors.dailyCap}
              hint={`The most emails a day once warmed up. A new mailbox sends ${SENDING_GUARD.warmUpStart} on its first day and ${SENDING_GUARD.warmUpStep} more each day after, up to this.`}
            >
              <input
                {...controlProps('dailyCap', errors.dailyCap)}
                className={`input w-full ${errors.dailyCap ? 'input-error' : ''}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={10_000}
                value={form.dailyCap}
                onChange={(event) => change('dailyCap', event.target.value)}
              />
            </MailboxFieldRow>
          </fieldset>
          {alert && (
            <div role="alert" className="alert alert-error text-sm" data-testid="mailbox-form-error">
              <span className="wrap-anywhere">{alert}</span>
            </div>
          )}
          <div className="modal-action mt-0">
            <button type="button" className="btn btn-ghost" onClick={onClose} disabled={saving}>
              Cancel
            </button>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={saving || unchanged}
              title={unchanged ? 'Nothing changed yet' : undefined}
            >
              {saving && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {editing ? 'Save Changes' : 'Add Mailbox'}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
