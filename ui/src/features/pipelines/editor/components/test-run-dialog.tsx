import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useDebounced } from '../../../../lib/use-debounced.ts';
import { prospectChoicesQueryOptions, type ProspectChoice } from '../api/test-run.ts';
import type { TestRunChoice } from '../hooks/use-test-run.ts';
import { parseRunInput, testRunRefusal } from '../utils/test-run.ts';
import { useModalDialog } from '../../../../components/ui/use-modal-dialog.ts';

interface TestRunDialogProps {
  open: boolean;
  /** The draft's id, for the title. */
  pipelineId: string;
  starting: boolean;
  /** Why the last start was refused, if it was. */
  error: unknown;
  onRun: (choice: TestRunChoice) => void;
  onCancel: () => void;
}

type Source = 'prospect' | 'input';

/** What a test run can start from, as the dialog's switch names it. */
const SOURCES: ReadonlyArray<readonly [Source, string]> = [
  ['prospect', 'A prospect'],
  ['input', 'A pasted input'],
];

/**
 * Test run: choose a prospect of the workspace (the run input is built as the prospect
 * pipeline's) or paste a run input, then run the draft. Invalid JSON is named before anything is
 * sent; a refusal (the draft's problems, an unknown prospect, no ICP or offer) is shown here.
 */
export function TestRunDialog({ open, pipelineId, starting, error, onRun, onCancel }: TestRunDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [source, setSource] = useState<Source>('prospect');
  const [prospectId, setProspectId] = useState<number | null>(null);
  const [text, setText] = useState('');
  // The JSON's problem shows once the field is left or Run is pressed, then follows each keystroke.
  const [checked, setChecked] = useState(false);
  useModalDialog(dialog, open);
  const parsed = parseRunInput(text);
  const inputProblem = checked && 'error' in parsed ? parsed.error : null;
  const refusal = error ? testRunRefusal(error) : null;

  const submit = () => {
    if (source === 'prospect') {
      if (prospectId !== null) onRun({ prospectId });
      return;
    }
    setChecked(true);
    if ('input' in parsed) onRun({ input: parsed.input });
  };

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={`${ids}-title`}
      data-testid="test-run-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!starting) onCancel();
      }}
    >
      <form
        method="dialog"
        className="modal-box flex flex-col gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h3 id={`${ids}-title`} className="text-lg font-bold">
          Test run {pipelineId || 'the draft'}
        </h3>
        <p className="text-sm text-base-content/80">
          Runs the draft as it is now, without saving it. Every step runs for real: an enrolment step enrols the prospect (in review mode
          its emails wait for approval).
        </p>
        <div role="radiogroup" aria-label="Run it on" className="join self-start">
          {SOURCES.map(([value, label]) => (
            <input
              key={value}
              type="radio"
              name={`${ids}-source`}
              className="btn join-item btn-sm"
              aria-label={label}
              checked={source === value}
              onChange={() => setSource(value)}
            />
          ))}
        </div>
        {source === 'prospect' ? (
          <ProspectPicker id={`${ids}-prospect`} enabled={open} chosen={prospectId} onChoose={setProspectId} />
        ) : (
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor={`${ids}-input`}>Run input (JSON)</label>
            <textarea
              id={`${ids}-input`}
              className={`textarea w-full font-mono text-xs ${inputProblem ? 'textarea-error' : ''}`}
              rows={8}
              spellCheck={false}
              placeholder={'{\n  "prospect": { "company": "Acme", "jobTitle": "VP of Sales" },\n  "icp": { "industry": ["SaaS"] }\n}'}
              value={text}
              aria-invalid={inputProblem ? true : undefined}
              aria-describedby={`${ids}-input-note`}
              onChange={(event) => setText(event.target.value)}
              onBlur={() => setChecked(text.trim() !== '')}
            />
            <span
              id={`${ids}-input-note`}
              className={`text-xs ${inputProblem ? 'text-error' : 'text-base-content/60'}`}
              data-testid="input-note"
            >
              {inputProblem ?? 'The fields the steps read as {{ input.… }}.'}
            </span>
          </div>
        )}
        {refusal && (
          <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-1 text-sm" data-testid="test-run-error">
            <p className="font-semibold">{refusal.title}</p>
            <p className="wrap-anywhere">{refusal.text}</p>
            {refusal.fields.length > 0 && (
              <ul className="list-inside list-disc">
                {refusal.fields.map(([at, message]) => (
                  <li key={at}>
                    <span className="font-mono text-xs">{at}</span>: {message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={starting}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={starting || (source === 'prospect' && prospectId === null)}>
            {starting && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Run test
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** How the picker names a prospect: `#3 · Ada Lovelace, Acme`. */
const prospectLabel = ({ id, firstName, lastName, company }: ProspectChoice) => `#${id} · ${firstName} ${lastName}, ${company}`;

interface ProspectPickerProps {
  id: string;
  enabled: boolean;
  chosen: number | null;
  /** Null when the chosen prospect is no longer among those listed. */
  onChoose: (prospectId: number | null) => void;
}

/** Searches the workspace's prospects and lists the first 50 matches to choose one from. */
function ProspectPicker({ id, enabled, chosen, onChoose }: ProspectPickerProps) {
  const [typed, setTyped] = useState('');
  const search = useDebounced(typed.trim(), 300);
  const found = useQuery({ ...prospectChoicesQueryOptions(search), enabled });
  const prospects = found.data ?? [];
  const chosenOne = prospects.find((prospect) => prospect.id === chosen);
  const listed = chosenOne !== undefined;
  const chosenLabel = chosenOne && prospectLabel(chosenOne);
  // A search that leaves the chosen prospect out un-chooses it: Run never starts one that is not on screen.
  useEffect(() => {
    if (found.data && chosen !== null && !listed) onChoose(null);
  }, [found.data, chosen, listed, onChoose]);
  return (
    <div className="flex flex-col gap-2 text-sm">
      <label htmlFor={id}>Prospect</label>
      <input
        type="search"
        className="input input-sm w-full"
        placeholder="Search by name, company or email"
        aria-label="Search prospects"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      {found.isError ? (
        <p role="alert" className="text-error">
          The prospects could not be loaded: {found.error.message}
        </p>
      ) : found.isPending ? (
        <span className="loading loading-spinner loading-sm" aria-label="Loading prospects" />
      ) : prospects.length === 0 ? (
        <p className="text-base-content/70" data-testid="no-prospects">
          {search ? 'No prospect matches.' : 'This workspace has no prospects yet: add one, or paste a run input.'}
        </p>
      ) : (
        <>
          <select
            id={id}
            className="w-full rounded-field border border-base-300 bg-base-100 p-1 text-sm"
            size={Math.min(Math.max(prospects.length, 2), 6)}
            value={chosen ?? ''}
            onChange={(event) => onChoose(Number(event.target.value))}
          >
            {prospects.map((prospect) => (
              <option key={prospect.id} value={prospect.id}>
                {prospectLabel(prospect)}
              </option>
            ))}
          </select>
          <p className="text-xs text-base-content/70" data-testid="chosen-prospect">
            {chosenLabel ? `Runs on ${chosenLabel}.` : 'Choose the prospect to run the draft on.'}
          </p>
        </>
      )}
    </div>
  );
}
