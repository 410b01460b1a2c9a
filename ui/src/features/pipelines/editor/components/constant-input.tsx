import { useState } from 'react';
import type { MappingField } from '../utils/mapping-fields.ts';

interface ConstantInputProps {
  id: string;
  field: MappingField;
  value: unknown;
  /** Undefined unsets the field. */
  onChange: (value: unknown) => void;
  invalid?: boolean;
  describedBy?: string;
  /** Shown while empty; a JSON example by default. */
  placeholder?: string;
}

/** The control for a constant of the field's type: text, number, checkbox, a select for an enum, JSON for the rest. */
export function ConstantInput({ id, field, value, onChange, invalid, describedBy, placeholder }: ConstantInputProps) {
  const common = { id, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined };
  switch (field.kind) {
    case 'string':
      return (
        <input
          {...common}
          type="text"
          className={`input input-sm w-full ${invalid ? 'input-error' : ''}`}
          placeholder={placeholder}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        />
      );
    case 'number':
    case 'integer':
      return (
        <input
          {...common}
          type="number"
          step={field.kind === 'integer' ? 1 : 'any'}
          className={`input input-sm w-full ${invalid ? 'input-error' : ''}`}
          placeholder={placeholder}
          value={typeof value === 'number' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.valueAsNumber)}
        />
      );
    case 'boolean':
      return (
        <label className="flex items-center gap-2 text-sm">
          <input
            {...common}
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          {value === undefined ? <span className="text-base-content/60">not set</span> : String(value)}
        </label>
      );
    case 'enum':
      return (
        <select
          {...common}
          className={`select select-sm w-full ${invalid ? 'select-error' : ''}`}
          value={value === undefined ? '' : JSON.stringify(value)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : JSON.parse(event.target.value))}
        >
          <option value="">— not set —</option>
          {field.options.map((option) => (
            <option key={JSON.stringify(option)} value={JSON.stringify(option)}>
              {typeof option === 'string' ? option : JSON.stringify(option)}
            </option>
          ))}
        </select>
      );
    default:
      return <JsonInput {...{ id, value, onChange, invalid, describedBy, placeholder }} />;
  }
}

const formatJson = (value: unknown) => (value === undefined ? '' : JSON.stringify(value, null, 2));

/** A value typed as JSON: stored once it parses; until then the text stays as typed, with why it does not. */
export function JsonInput({ id, value, onChange, invalid, describedBy, placeholder }: Omit<ConstantInputProps, 'field'>) {
  const [text, setText] = useState(() => formatJson(value));
  const [shown, setShown] = useState(value);
  const [error, setError] = useState<string | null>(null);
  // Undo, or another control, changed the value: show the new one.
  if (value !== shown) {
    setShown(value);
    setText(formatJson(value));
    setError(null);
  }
  const change = (next: string) => {
    setText(next);
    if (next.trim() === '') {
      setError(null);
      setShown(undefined);
      onChange(undefined);
      return;
    }
    try {
      const parsed: unknown = JSON.parse(next);
      setError(null);
      setShown(parsed);
      onChange(parsed);
    } catch {
      setError('Not valid JSON yet: it is saved once it is.');
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <textarea
        id={id}
        aria-describedby={describedBy}
        aria-invalid={invalid || error !== null || undefined}
        className={`textarea textarea-sm w-full font-mono text-xs ${invalid || error ? 'textarea-error' : ''}`}
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        spellCheck={false}
        placeholder={placeholder ?? 'e.g. ["SaaS"] or {"key": "value"}'}
        value={text}
        onChange={(event) => change(event.target.value)}
      />
      {error && <p className="text-xs text-warning">{error}</p>}
    </div>
  );
}
