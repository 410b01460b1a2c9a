import type { InputHTMLAttributes } from 'react';

interface TextFieldProps extends Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'autoFocus' | 'placeholder'> {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Why the API refused this field, shown under it. */
  error?: string | undefined;
  /** Guidance under the field while there is no error. */
  hint?: string;
  optional?: boolean;
}

/** One labelled field of a sign-in form, its refusal (or hint) under it and tied to it for screen readers. */
export function TextField({ name, label, value, onChange, error, hint, optional = false, type = 'text', ...input }: TextFieldProps) {
  const id = `auth-${name}`;
  const note = error ?? hint;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {optional && <span className="ml-2 text-xs font-normal text-base-content/60">optional</span>}
      </label>
      <input
        {...input}
        id={id}
        name={name}
        type={type}
        value={value}
        className={`input w-full ${error ? 'input-error' : ''}`}
        aria-invalid={Boolean(error)}
        aria-describedby={note ? `${id}-note` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {note && (
        <span
          id={`${id}-note`}
          className={`text-xs ${error ? 'text-error' : 'text-base-content/60'}`}
          data-testid={error ? `error-${name}` : undefined}
        >
          {note}
        </span>
      )}
    </div>
  );
}
