import type { CriteriaForm } from '../utils/criteria.ts';

interface CriteriaFieldProps {
  name: keyof CriteriaForm;
  label: string;
  value: string;
  onChange: (name: keyof CriteriaForm, value: string) => void;
  placeholder: string;
  required?: boolean;
  /** A list typed one item per line. */
  multiline?: boolean;
}

/** One labelled field of the ICP Criteria form; required ones are marked * (spec section 2). */
export function CriteriaField({ name, label, value, onChange, placeholder, required = false, multiline = false }: CriteriaFieldProps) {
  const id = `criteria-${name}`;
  // aria-required, not `required`: the browser's own check would block the spec's "Missing Information" toast.
  const common = { id, name, value, placeholder, 'aria-required': required || undefined };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && (
          <span className="ml-0.5 text-error" aria-hidden="true">
            *
          </span>
        )}
        {multiline && <span className="ml-2 text-xs font-normal text-base-content/60">one per line</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} className="textarea w-full" onChange={(event) => onChange(name, event.target.value)} />
      ) : (
        <input {...common} type="text" className="input w-full" onChange={(event) => onChange(name, event.target.value)} />
      )}
    </div>
  );
}
