import type { ReactNode } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import type { TlsMode } from '../api/mailboxes-api.ts';
import type { MailboxField } from '../utils/mailbox-form.ts';
import { TLS_LABELS } from '../utils/mailbox-view.ts';

/** The id of a field's control, and of the note (hint or problem) under it. */
export const fieldId = (field: MailboxField) => `mailbox-${field}`;

/** What a field's control carries so the label and note name and describe it. */
export function controlProps(field: MailboxField, error: string | undefined) {
  return { id: fieldId(field), 'aria-invalid': Boolean(error), 'aria-describedby': `${fieldId(field)}-note` };
}

interface MailboxFieldProps {
  field: MailboxField;
  label: string;
  optional?: boolean;
  /** Why it was refused, shown instead of the hint. */
  error?: string | undefined;
  hint: ReactNode;
  /** The control, built with {@link controlProps}. */
  children: ReactNode;
  className?: string;
}

/** One labelled control of the mailbox form, with its hint (or refusal) under it. */
export function MailboxFieldRow({ field, className = '', ...rest }: MailboxFieldProps) {
  return <FormField id={fieldId(field)} className={`min-w-0 ${className}`} labelClassName="font-medium" {...rest} />;
}

/** The TLS mode picker of a server (SMTP or IMAP), each mode labelled with its usual port there. */
export function TlsModeSelect(props: {
  field: MailboxField;
  error: string | undefined;
  value: TlsMode;
  ports: Record<TlsMode, number>;
  /** The modes in the order the server's users most often need them. */
  order: readonly TlsMode[];
  onChange: (mode: TlsMode) => void;
}) {
  return (
    <select
      {...controlProps(props.field, props.error)}
      className={`select w-full ${props.error ? 'select-error' : ''}`}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as TlsMode)}
    >
      {props.order.map((mode) => (
        <option key={mode} value={mode}>
          {`${TLS_LABELS[mode]} (usually port ${props.ports[mode]})`}
        </option>
      ))}
    </select>
  );
}
