import { useId, useRef, useState } from 'react';
import { ApiError } from '../../../../lib/api-client.ts';
import { useModalDialog } from '../../../../components/ui/use-modal-dialog.ts';

interface SaveDialogProps {
  open: boolean;
  /** `pipeline-id`, and the version this save makes when known. */
  title: string;
  saving: boolean;
  /** Why the last save was refused, if it was. */
  error: unknown;
  onSave: (note: string) => void;
  onCancel: () => void;
}

// The API's limit on a version note.
const NOTE_MAX = 500;

/** Asks what this version changes, then saves; a refusal is shown in the dialog with each field the API named. */
export function SaveDialog({ open, title, saving, error, onSave, onCancel }: SaveDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [note, setNote] = useState('');
  const noteId = useId();
  useModalDialog(dialog, open);
  const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={`${noteId}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!saving) onCancel();
      }}
    >
      <form
        method="dialog"
        className="modal-box flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          onSave(note.trim());
        }}
      >
        <h3 id={`${noteId}-title`} className="text-lg font-bold">
          {title}
        </h3>
        <label htmlFor={noteId} className="text-sm">
          What does this version change? <span className="text-xs text-base-content/60">optional, shown in the version history</span>
        </label>
        <textarea
          id={noteId}
          className="textarea w-full"
          rows={3}
          maxLength={NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder="e.g. Write sequences only for qualified prospects"
        />
        {error !== null && error !== undefined && (
          <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-1 text-sm" data-testid="save-error">
            <p className="wrap-anywhere">{error instanceof ApiError ? error.text : 'Meetflow could not be reached. Try again.'}</p>
            {fields.length > 0 && (
              <ul className="list-inside list-disc">
                {fields.map(([at, message]) => (
                  <li key={at}>
                    <span className="font-mono text-xs">{at}</span>: {message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Save version
          </button>
        </div>
      </form>
    </dialog>
  );
}
