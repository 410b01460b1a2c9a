import { useId, useState } from 'react';
import type { MappingField as Field } from '../utils/mapping-fields.ts';
import type { ReferenceSource } from '../utils/reference-sources.ts';
import { referenceOf, templateOf, valueAt } from '../utils/template.ts';
import { ConstantInput } from './constant-input.tsx';
import { ReferencePicker } from './reference-picker.tsx';

type Mode = 'constant' | 'reference';

/** The mode a stored value is in; null while unset (the mode then is the one last chosen). */
function modeOf(value: unknown): Mode | null {
  if (value === undefined) return null;
  return typeof value === 'string' && value.includes('{{') ? 'reference' : 'constant';
}

interface MappingFieldProps {
  field: Field;
  /** The node's whole input template; the field reads its own path of it. */
  input: unknown;
  onChange: (path: string, value: unknown) => void;
  sources: readonly ReferenceSource[];
  /** The problems at a path of the input, worded for showing under the field. */
  messagesAt: (path: string) => string[];
}

/**
 * One field of the input mapping: Constant (a control of the field's type; an object's own
 * fields, one level down) or Reference (a path picked from the run input or an upstream step's
 * output, or typed by hand), with the field's problems under it.
 */
export function MappingField({ field, input, onChange, sources, messagesAt }: MappingFieldProps) {
  const value = valueAt(input, field.path);
  // Objects and lists are mostly passed along from earlier steps; scalars are mostly typed in.
  const [chosenMode, setChosenMode] = useState<Mode>(field.kind === 'object' || field.kind === 'json' ? 'reference' : 'constant');
  const [typing, setTyping] = useState(false);
  const mode = modeOf(value) ?? chosenMode;
  const reference = referenceOf(value);
  // A template that is not one whole reference can only be edited as text.
  const raw = mode === 'reference' && (typing || (value !== undefined && reference === undefined));
  const messages = messagesAt(field.path);
  const id = useId();
  const noteId = `${id}-note`;

  const switchTo = (next: Mode) => {
    if (next === mode) return;
    setChosenMode(next);
    onChange(field.path, undefined);
  };

  return (
    <div className="flex flex-col gap-1 text-sm" data-testid={`mapping-${field.path}`}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <label htmlFor={id} className="font-medium">
          {field.key}
          {field.required && (
            <span className="text-error" title="Required">
              {' '}
              *
            </span>
          )}
        </label>
        <span className="font-mono text-xs text-base-content/60">{field.typeText}</span>
        <div role="group" aria-label={`How ${field.path} is set`} className="join ml-auto">
          {(['constant', 'reference'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={mode === option}
              className={`btn join-item btn-xs ${mode === option ? 'btn-neutral' : 'btn-ghost'}`}
              onClick={() => switchTo(option)}
            >
              {option === 'constant' ? 'Constant' : 'Reference'}
            </button>
          ))}
        </div>
      </div>
      {mode === 'reference' ? (
        <div className="flex items-start gap-1">
          <div className="min-w-0 flex-1">
            {raw ? (
              <input
                id={id}
                type="text"
                className={`input input-sm w-full font-mono ${messages.length ? 'input-error' : ''}`}
                placeholder="{{ input.prospect }}"
                value={typeof value === 'string' ? value : ''}
                aria-describedby={noteId}
                onChange={(event) => onChange(field.path, event.target.value === '' ? undefined : event.target.value)}
              />
            ) : (
              <ReferencePicker
                id={id}
                reference={reference}
                onChange={(next) => onChange(field.path, next === undefined ? undefined : templateOf(next))}
                sources={sources}
                wanted={field.types}
                invalid={messages.length > 0}
                describedBy={noteId}
              />
            )}
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-xs mt-1"
            aria-pressed={raw}
            title={raw ? 'Pick from the list' : 'Type the {{ }} template by hand'}
            onClick={() => setTyping(!raw)}
            disabled={raw && value !== undefined && reference === undefined}
          >
            {'{{ }}'}
          </button>
        </div>
      ) : field.kind === 'object' ? (
        <fieldset id={id} className="flex flex-col gap-3 border-l-2 border-base-300 pl-3" aria-describedby={noteId}>
          <legend className="sr-only">Fields of {field.path}</legend>
          {field.fields.map((child) => (
            <MappingField key={child.path} field={child} input={input} onChange={onChange} sources={sources} messagesAt={messagesAt} />
          ))}
        </fieldset>
      ) : (
        <ConstantInput
          id={id}
          field={field}
          value={value}
          onChange={(next) => onChange(field.path, next)}
          invalid={messages.length > 0}
          describedBy={noteId}
        />
      )}
      <div id={noteId} className="text-xs">
        {messages.map((message) => (
          <p key={message} className="text-error" data-testid={`field-problem-${field.path}`}>
            {message}
          </p>
        ))}
        {messages.length === 0 && field.description && <p className="text-base-content/60">{field.description}</p>}
      </div>
    </div>
  );
}
