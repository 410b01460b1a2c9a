import type { ReactNode } from 'react';

interface FormFieldProps {
  /** The control's id; its note is `<id>-note`, which the control names in `aria-describedby`. */
  id: string;
  label: string;
  optional?: boolean;
  /** Why the API refused the field, shown instead of the hint. */
  error?: string | undefined;
  hint: string;
  /** The control. */
  children: ReactNode;
}

/** One labelled control of a settings form, with its hint (or refusal) under it. */
export function FormField({ id, label, optional = false, error, hint, children }: FormFieldProps) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id}>
        {label}
        {optional && <span className="ml-2 text-xs text-base-content/60">optional</span>}
      </label>
      {children}
      <span
        id={`${id}-note`}
        className={`text-xs ${error ? 'text-error' : 'text-base-content/60'}`}
        data-testid={error ? `error-${id}` : undefined}
      >
        {error ?? hint}
      </span>
    </div>
  );
}
