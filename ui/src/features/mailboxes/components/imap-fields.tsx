import { DEFAULT_IMAP_PORTS, type MailboxErrors, type MailboxField, type MailboxForm } from '../utils/mailbox-form.ts';
import { INBOUND_WEBHOOK_PATH } from '../utils/mailbox-view.ts';
import { controlProps, fieldId, MailboxFieldRow, TlsModeSelect } from './mailbox-field.tsx';

interface ImapFieldsProps {
  form: MailboxForm;
  errors: MailboxErrors;
  disabled: boolean;
  onChange: <K extends MailboxField>(key: K, value: MailboxForm[K]) => void;
}

/**
 * The mailbox form's optional "Read replies over IMAP": a switch that shows the IMAP server's
 * host, TLS mode and the port it implies. It logs in with the SMTP username and password; off,
 * replies reach Meetflow only when posted to the inbound webhook.
 */
export function ImapFields({ form, errors, disabled, onChange }: ImapFieldsProps) {
  const input = (field: 'imapHost' | 'imapPort') => ({
    ...controlProps(field, errors[field]),
    value: form[field],
    className: `input w-full ${errors[field] ? 'input-error' : ''}`,
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  const switchId = fieldId('imapOn');
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="mb-2 text-sm font-semibold">Replies</legend>
      <div className="flex flex-col gap-4">
        <div className="flex items-start gap-3 text-sm">
          <input
            id={switchId}
            type="checkbox"
            className="toggle toggle-primary toggle-sm mt-0.5 shrink-0"
            aria-describedby={`${switchId}-note`}
            checked={form.imapOn}
            onChange={(event) => onChange('imapOn', event.target.checked)}
          />
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={switchId} className="cursor-pointer font-medium">
              Read replies over IMAP
              <span className="ml-2 text-xs font-normal text-base-content/60">optional</span>
            </label>
            <span id={`${switchId}-note`} className="text-xs text-base-content/60">
              Reads new replies and bounces from the inbox on its own (every 30 seconds by default), logging in with the SMTP username and
              password; nothing is marked as read, moved or deleted. Without it, replies must be posted to the workspace&apos;s inbound
              webhook (<span className="font-mono">{INBOUND_WEBHOOK_PATH}</span>).
            </span>
          </div>
        </div>
        {form.imapOn && (
          <div className="flex flex-col gap-4 border-l-2 border-base-300 pl-4 sm:ml-4" data-testid="mailbox-imap-fields">
            <MailboxFieldRow
              field="imapHost"
              label="IMAP host"
              error={errors.imapHost}
              hint="From your email provider, e.g. imap.gmail.com."
            >
              <input {...input('imapHost')} autoComplete="off" spellCheck={false} placeholder="imap.acme.com" />
            </MailboxFieldRow>
            <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
              <MailboxFieldRow field="imapTls" label="IMAP TLS mode" error={errors.imapTls} hint="Most providers use SSL/TLS on port 993.">
                <TlsModeSelect
                  field="imapTls"
                  error={errors.imapTls}
                  value={form.imapTls}
                  ports={DEFAULT_IMAP_PORTS}
                  order={['tls', 'starttls', 'none']}
                  onChange={(mode) => onChange('imapTls', mode)}
                />
              </MailboxFieldRow>
              <MailboxFieldRow field="imapPort" label="IMAP port" error={errors.imapPort} hint="Follows the TLS mode.">
                <input {...input('imapPort')} type="number" inputMode="numeric" min={1} max={65_535} />
              </MailboxFieldRow>
            </div>
          </div>
        )}
      </div>
    </fieldset>
  );
}
