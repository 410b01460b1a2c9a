import type { ReactNode } from 'react';

interface FormFieldProps {
  /** The control's id; its note is `<id>-note`, which the control names in `aria-describedby`. */
  id: string;
  label: string;
  optional?: boolean;
  /** Why the API refused the field, shown instead of the hint. */
  error?: string | undefined;
  hint: ReactNode;
  /** The control. */
  children: ReactNode;
  /** Extra classes: on the wrapper (its place in a grid), and on the label. */
  className?: string;
  labelClassName?: string;
}

/** One labelled control of a form, with its hint (or the API's refusal) under it. */
export function FormField({ id, label, optional = false, error, hint, children, className = '', labelClassName = '' }: FormFieldProps) {
  return (
    <div className={`flex flex-col gap-1 text-sm ${className}`}>
      <label htmlFor={id} className={labelClassName}>
        {label}
        {optional && <span className="ml-2 text-xs font-normal text-base-content/60">optional</span>}
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
