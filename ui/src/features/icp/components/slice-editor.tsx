import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import type { IcpSlice } from '../api/types.ts';
import { useEditSlice } from '../api/edit-slice.ts';
import { changesOf, draftProblem, EDITABLE, withAdded, withRemoved, type CriteriaDraft, type EditableKey } from '../utils/slice-edit.ts';

interface SliceEditorProps {
  slice: IcpSlice;
  index: number;
  /** Back to the card (after saving, or cancelled). */
  onDone: () => void;
}

/** The slice's lists to prune and extend before discovery: remove a noise title, add a tool the sites did not show. */
export function SliceEditor({ slice, index, onDone }: SliceEditorProps) {
  const before: CriteriaDraft = {
    industry: slice.criteria.industry,
    jobTitles: slice.criteria.jobTitles,
    techStack: slice.criteria.techStack,
    painPoints: slice.criteria.painPoints,
  };
  const [draft, setDraft] = useState(before);
  const [adding, setAdding] = useState<Record<EditableKey, string>>({ industry: '', jobTitles: '', techStack: '', painPoints: '' });
  const edit = useEditSlice(index);
  const problem = draftProblem(draft);
  const changes = changesOf(before, draft);
  const add = (key: EditableKey) => {
    setDraft((current) => withAdded(current, key, adding[key]));
    setAdding((current) => ({ ...current, [key]: '' }));
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      aria-label={`Edit ${slice.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (problem) return;
        if (Object.keys(changes).length === 0) return onDone();
        edit.mutate(changes, { onSuccess: onDone });
      }}
    >
      {EDITABLE.map(({ key, label, item }) => {
        const inputId = `slice-${index}-${key}-add`;
        return (
          <fieldset key={key} className="flex flex-col gap-1">
            <legend className="text-xs font-semibold uppercase tracking-wide text-base-content/70">{label}</legend>
            {draft[key].length === 0 ? (
              <p className="text-sm text-base-content/70">None</p>
            ) : (
              <ul className="flex flex-wrap gap-1" aria-label={label}>
                {draft[key].map((value) => (
                  <li key={value} className="badge badge-sm badge-outline h-auto gap-1 py-0.5">
                    {value}
                    <button
                      type="button"
                      className="cursor-pointer rounded-full px-1 leading-none hover:bg-base-200"
                      aria-label={`Remove ${value}`}
                      onClick={() => setDraft((current) => withRemoved(current, key, value))}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="join mt-1 w-full">
              <label htmlFor={inputId} className="sr-only">
                Add a {item}
              </label>
              <input
                id={inputId}
                className="input input-sm join-item w-full"
                placeholder={`Add a ${item}`}
                value={adding[key]}
                maxLength={200}
                onChange={(event) => setAdding((current) => ({ ...current, [key]: event.target.value }))}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    add(key);
                  }
                }}
              />
              <button type="button" className="btn btn-sm join-item" onClick={() => add(key)} disabled={adding[key].trim() === ''}>
                Add
              </button>
            </div>
          </fieldset>
        );
      })}
      {problem && (
        <p className="text-sm text-error" role="alert" data-testid="slice-edit-problem">
          {problem}
        </p>
      )}
      {edit.isError && <ErrorAlert message={edit.error.message} />}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone} disabled={edit.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={problem !== null || edit.isPending}>
          {edit.isPending ? 'Saving…' : 'Save criteria'}
        </button>
      </div>
    </form>
  );
}
