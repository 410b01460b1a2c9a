import { useId, useState } from 'react';
import type { Condition } from '../../api/types.ts';
import { CONDITION_OPS, conditionValueText, parseConditionValue } from '../utils/condition-value.ts';
import { referenceTo, type ReferenceSource } from '../utils/reference-sources.ts';
import { ReferencePicker } from './reference-picker.tsx';

interface ConditionBuilderProps {
  when: Condition | undefined;
  onChange: (when: Condition | undefined) => void;
  sources: readonly ReferenceSource[];
  messages: string[];
}

/** The types of the path a condition reads, from the upstream step's output schema; null when unknown. */
function typesAt(sources: readonly ReferenceSource[], reference: string | undefined) {
  for (const source of sources) for (const path of source.paths) if (referenceTo(source.nodeId, path.path) === reference) return path.types;
  return null;
}

/**
 * When the step runs: always (once its parents complete), or only when a path of an upstream
 * step's output compares as chosen (eq, ne, gt, gte, lt, lte, exists, in) with a value.
 */
export function ConditionBuilder({ when, onChange, sources, messages }: ConditionBuilderProps) {
  // Switched on with no path picked yet: there is no condition to store until there is one.
  const [switchedOn, setSwitchedOn] = useState(false);
  const [op, setOp] = useState<Condition['op']>(when?.op ?? 'eq');
  const [text, setText] = useState(conditionValueText(when?.value));
  const [shown, setShown] = useState(when);
  const id = useId();
  // Undo, or a renamed step, changed the condition: show the new one.
  if (when !== shown) {
    setShown(when);
    if (when) {
      setOp(when.op);
      setText(conditionValueText(when.value));
    }
  }
  const on = when !== undefined || switchedOn;
  const types = typesAt(sources, when?.path);
  const parsed = op === 'exists' ? { value: undefined } : parseConditionValue(text, op, types);

  /** Stores the condition with `path`, `op` and `text` as they now stand (the value only when it parses). */
  const store = (path: string | undefined, nextOp: Condition['op'], nextText: string) => {
    if (!path) {
      setSwitchedOn(true);
      return onChange(undefined);
    }
    const value = nextOp === 'exists' ? { value: undefined } : parseConditionValue(nextText, nextOp, typesAt(sources, path));
    const next: Condition = { path, op: nextOp };
    if ('value' in value && value.value !== undefined) next.value = value.value;
    setShown(next);
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="condition-builder">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="toggle toggle-sm"
          checked={on}
          disabled={!on && sources.length === 0}
          onChange={(event) => {
            setSwitchedOn(event.target.checked);
            if (!event.target.checked) onChange(undefined);
          }}
        />
        {on ? 'Runs only when:' : 'Runs whenever the steps before it complete'}
      </label>
      {!on && sources.length === 0 && (
        <p className="text-xs text-base-content/60">A condition reads the output of a step before this one: connect one first.</p>
      )}
      {on && (
        <div className="flex flex-col gap-2 border-l-2 border-base-300 pl-3">
          <label htmlFor={`${id}-path`} className="sr-only">
            Output the condition reads
          </label>
          <ReferencePicker
            id={`${id}-path`}
            reference={when?.path}
            onChange={(path) => store(path, op, text)}
            sources={sources}
            wanted={null}
            allowInput={false}
            invalid={messages.length > 0}
          />
          <div className="flex gap-2">
            <select
              aria-label="Comparison"
              className="select select-sm w-40 shrink-0"
              value={op}
              onChange={(event) => {
                const next = event.target.value as Condition['op'];
                setOp(next);
                store(when?.path, next, text);
              }}
            >
              {CONDITION_OPS.map((option) => (
                <option key={option.op} value={option.op}>
                  {option.label}
                </option>
              ))}
            </select>
            {op !== 'exists' &&
              (types?.length === 1 && types[0] === 'boolean' && op !== 'in' ? (
                <select
                  aria-label="Value"
                  className="select select-sm min-w-0 flex-1"
                  value={text}
                  onChange={(event) => {
                    setText(event.target.value);
                    store(when?.path, op, event.target.value);
                  }}
                >
                  <option value="">—</option>
                  <option value="true">true</option>
                  <option value="false">false</option>
                </select>
              ) : (
                <input
                  type="text"
                  aria-label="Value"
                  className={`input input-sm min-w-0 flex-1 font-mono ${'error' in parsed && text !== '' ? 'input-warning' : ''}`}
                  placeholder={op === 'in' ? '["High", "Medium"]' : 'value'}
                  value={text}
                  onChange={(event) => {
                    setText(event.target.value);
                    store(when?.path, op, event.target.value);
                  }}
                />
              ))}
          </div>
          {'error' in parsed && text !== '' && <p className="text-xs text-warning">{parsed.error}</p>}
        </div>
      )}
      {messages.map((message) => (
        <p key={message} className="text-xs text-error" data-testid="field-problem-when">
          {message}
        </p>
      ))}
    </div>
  );
}
