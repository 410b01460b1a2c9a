import { DEFAULT_PORTS, type MailboxErrors, type MailboxField, type MailboxForm } from '../utils/mailbox-form.ts';
import { controlProps, MailboxFieldRow, TlsModeSelect } from './mailbox-field.tsx';

interface SmtpFieldsProps {
  form: MailboxForm;
  errors: MailboxErrors;
  /** Editing a stored mailbox: the password may stay empty (the stored one is kept)… */
  editing: boolean;
  /** …unless the server or login changed: then it is asked for again. */
  passwordRequired: boolean;
  disabled: boolean;
  onChange: <K extends MailboxField>(key: K, value: MailboxForm[K]) => void;
}

/** The mailbox form's SMTP server: host, TLS mode and the port it implies, login and password (never shown back). */
export function SmtpFields({ form, errors, editing, passwordRequired, disabled, onChange }: SmtpFieldsProps) {
  const keepable = editing && !passwordRequired;
  const input = (field: 'host' | 'port' | 'user' | 'password') => ({
    ...controlProps(field, errors[field]),
    value: form[field],
    className: `input w-full ${errors[field] ? 'input-error' : ''}`,
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="mb-2 text-sm font-semibold">SMTP server</legend>
      <div className="flex flex-col gap-4">
        <MailboxFieldRow field="host" label="Host" error={errors.host} hint="From your email provider, e.g. smtp.gmail.com.">
          <input {...input('host')} autoComplete="off" spellCheck={false} placeholder="smtp.acme.com" />
        </MailboxFieldRow>
        <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
          <MailboxFieldRow field="tls" label="TLS mode" error={errors.tls} hint="Ask your provider: most use STARTTLS on port 587.">
            <TlsModeSelect
              field="tls"
              error={errors.tls}
              value={form.tls}
              ports={DEFAULT_PORTS}
              order={['starttls', 'tls', 'none']}
              onChange={(mode) => onChange('tls', mode)}
            />
          </MailboxFieldRow>
          <MailboxFieldRow field="port" label="Port" error={errors.port} hint="Follows the TLS mode.">
            <input {...input('port')} type="number" inputMode="numeric" min={1} max={65_535} />
          </MailboxFieldRow>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <MailboxFieldRow field="user" label="Username" error={errors.user} hint="The SMTP login; usually the from address.">
            <input {...input('user')} autoComplete="off" spellCheck={false} placeholder={form.fromAddress || 'ada@acme.com'} />
          </MailboxFieldRow>
          <MailboxFieldRow
            field="password"
            label={editing ? 'New password' : 'Password'}
            optional={keepable}
            error={errors.password}
            hint={
              keepable
                ? 'Password stored (encrypted). Leave empty to keep it.'
                : editing
                  ? 'Required: the server, login or TLS protection changed, so enter the password again.'
                  : 'Stored encrypted, never shown again. Google and Microsoft 365 need an app password.'
            }
          >
            <input
              {...input('password')}
              type="password"
              autoComplete="new-password"
              aria-required={!keepable}
              placeholder={keepable ? 'Unchanged' : undefined}
            />
          </MailboxFieldRow>
        </div>
      </div>
    </fieldset>
  );
}
