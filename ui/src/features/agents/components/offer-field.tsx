import { createContext, useContext, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';

/**
 * True while the user may read the offer but not change it: fields stay readable at full
 * contrast (a disabled field greys its value and shows placeholders that read like values),
 * and the rows offer no add or remove.
 */
export const OfferReadOnly = createContext(false);

interface OfferFieldProps extends Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'placeholder' | 'min' | 'max'> {
  /** The API's path of the field (`website`, `valueProps.0.pain`): its id, and where its error comes from. */
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with it, shown under it in place of the hint. */
  error?: string | undefined;
  hint?: string;
  optional?: boolean;
  /** A sentence that may run long: a text area that grows with it (one line still, Enter adds none). */
  sentence?: boolean;
  /** The id of a heading its accessible name starts with ("Value proposition 2"), for fields repeated in rows. */
  within?: string;
  /** What the field's text becomes in an email, shown under it and read with it. */
  example?: ReactNode;
}

/** Enter in a one-line sentence submits nothing and breaks no line. */
const noLineBreak = (event: KeyboardEvent<HTMLTextAreaElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

/** One labelled field of the Company & offer form, its error (or hint) under it and tied to it for screen readers. */
export function OfferField({
  path,
  label,
  value,
  onChange,
  error,
  hint,
  optional = false,
  sentence = false,
  within,
  example,
  ...input
}: OfferFieldProps) {
  const readOnly = useContext(OfferReadOnly);
  const id = `offer-${path.replaceAll('.', '-')}`;
  const note = error ?? hint;
  const describedBy = [note ? `${id}-note` : '', example ? `${id}-example` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    value,
    readOnly,
    placeholder: readOnly ? undefined : input.placeholder,
    'aria-invalid': Boolean(error),
    'aria-describedby': describedBy || undefined,
    'aria-labelledby': within ? `${within} ${id}-label` : undefined,
  };
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium">
        {label}
        {optional && <span className="ml-2 text-xs font-normal text-base-content/60">optional</span>}
      </label>
      {sentence ? (
        <textarea
          {...common}
          rows={1}
          className={`textarea field-sizing-content min-h-10 w-full resize-none ${error ? 'textarea-error' : ''}`}
          onKeyDown={noLineBreak}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          type="text"
          {...input}
          {...common}
          className={`input w-full ${error ? 'input-error' : ''}`}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {note && (
        <span
          id={`${id}-note`}
          className={`text-xs ${error ? 'text-error' : 'text-base-content/60'}`}
          data-testid={error ? `offer-error-${path}` : undefined}
        >
          {note}
        </span>
      )}
      {example && (
        <span id={`${id}-example`} className="text-xs text-base-content/70" data-testid={`offer-example-${path}`}>
          {example}
        </span>
      )}
    </div>
  );
}
