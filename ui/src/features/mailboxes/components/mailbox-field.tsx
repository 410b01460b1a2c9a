import type { ReactNode } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import type { MailboxField } from '../utils/mailbox-form.ts';

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
