import { useState } from 'react';
import { typesFit, typeText, type JsonType } from '../utils/json-schema.ts';
import { referenceTo, type ReferenceSource } from '../utils/reference-sources.ts';

// The select's value for "a path of the run input" (step ids cannot contain `:`).
const RUN_INPUT = ':input';

interface ReferencePickerProps {
  /** The control's id (its label points at it). */
  id: string;
  /** The reference chosen (`score.totalScore`, `input.prospect`), or undefined. */
  reference: string | undefined;
  onChange: (reference: string | undefined) => void;
  sources: readonly ReferenceSource[];
  /** What the field takes; paths of another type are marked. Null: anything. */
  wanted: readonly JsonType[] | null;
  /** Offers the run input too (a condition reads steps only). */
  allowInput?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Picks what a field reads: a path of the run input (typed after `input.`), or a path of an
 * upstream step's output, listed from its output schema with its type.
 */
export function ReferencePicker({
  id,
  reference,
  onChange,
  sources,
  wanted,
  allowInput = true,
  invalid,
  describedBy,
}: ReferencePickerProps) {
  // Chosen "run input" with no path typed yet: nothing to store, but the path field must show.
  const [inputChosen, setInputChosen] = useState(false);
  const readsInput = reference !== undefined ? reference === 'input' || reference.startsWith('input.') : inputChosen && allowInput;
  const options = sources.flatMap((source) => source.paths.map((path) => referenceTo(source.nodeId, path.path)));
  const selected = readsInput ? RUN_INPUT : (reference ?? '');
  const inputPath = readsInput && reference ? reference.replace(/^input\.?/, '') : '';

  const choose = (value: string) => {
    setInputChosen(value === RUN_INPUT);
    if (value === RUN_INPUT) onChange(undefined);
    else onChange(value || undefined);
  };

  return (
    <div className="flex flex-col gap-1">
      <select
        id={id}
        className={`select select-sm w-full font-mono ${invalid ? 'select-error' : ''}`}
        value={selected}
        onChange={(event) => choose(event.target.value)}
        aria-describedby={describedBy}
      >
        <option value="">Choose what to read…</option>
        {allowInput && (
          <optgroup label="Run input">
            <option value={RUN_INPUT}>input.… (type the path)</option>
          </optgroup>
        )}
        {reference && !readsInput && !options.includes(reference) && (
          <optgroup label="Not a step before this one">
            <option value={reference}>{reference}</option>
          </optgroup>
        )}
        {sources.map((source) => (
          <optgroup key={source.nodeId} label={`${source.name} · ${source.activity}`}>
            {source.paths.map((path) => {
              const value = referenceTo(source.nodeId, path.path);
              const fits = typesFit(path.types, wanted);
              return (
                <option key={value} value={value}>
                  {value} · {path.path ? path.typeText : `whole output (${path.typeText})`}
                  {fits ? '' : ` ⚠ not ${typeText(wanted)}`}
                </option>
              );
            })}
          </optgroup>
        ))}
      </select>
      {readsInput && (
        <label className="input input-sm w-full font-mono">
          <span className="text-base-content/60">input.</span>
          <input
            type="text"
            aria-label="Path in the run input"
            placeholder="prospect.company"
            value={inputPath}
            onChange={(event) => {
              const path = event.target.value.trim();
              setInputChosen(true);
              onChange(path ? `input.${path}` : undefined);
            }}
          />
        </label>
      )}
      {sources.length === 0 && <p className="text-xs text-base-content/60">Connect a step above this one to read its output.</p>}
    </div>
  );
}
