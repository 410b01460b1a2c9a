import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { EmailEdit } from '../api/outbox-api.ts';

interface EmailEditorProps {
  /** The email's id, to name its fields. */
  id: string;
  subject: string;
  body: string;
  /** While the approval is being sent. */
  saving: boolean;
  /** Approves with what changed (nothing changed: an empty edit, a plain approval). */
  onSave: (edit: EmailEdit) => void;
  onCancel: () => void;
}

/** The subject and body as fields (the body grows with its text), then "Save & approve" or Cancel. */
export function EmailEditor({ id, subject: writtenSubject, body: writtenBody, saving, onSave, onCancel }: EmailEditorProps) {
  const [subject, setSubject] = useState(writtenSubject);
  const [body, setBody] = useState(writtenBody);
  const subjectField = useRef<HTMLInputElement>(null);
  useEffect(() => subjectField.current?.focus(), []);
  const missing = !subject.trim() ? 'subject' : !body.trim() ? 'body' : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (missing) return;
    // Only what changed is sent: the API keeps it as the edit (and marks the email edited).
    onSave({
      ...(subject !== writtenSubject ? { subject } : {}),
      ...(body !== writtenBody ? { body } : {}),
    });
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} aria-label="Edit the email" noValidate>
      <fieldset disabled={saving} className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={`subject-${id}`}>Subject</label>
          <input
            id={`subject-${id}`}
            ref={subjectField}
            className={`input w-full ${missing === 'subject' ? 'input-error' : ''}`}
            value={subject}
            aria-invalid={missing === 'subject'}
            onChange={(event) => setSubject(event.target.value)}
            data-testid="edit-subject"
          />
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={`body-${id}`}>Body</label>
          <textarea
            id={`body-${id}`}
            className={`textarea field-sizing-content min-h-40 w-full resize-none leading-relaxed ${missing === 'body' ? 'textarea-error' : ''}`}
            value={body}
            aria-invalid={missing === 'body'}
            onChange={(event) => setBody(event.target.value)}
            data-testid="edit-body"
          />
        </div>
        {missing && (
          <p className="text-xs text-error" role="alert">
            The {missing} cannot be empty.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary btn-sm" disabled={missing !== null} data-testid="save-approve">
            {saving && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Save &amp; approve
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel} data-testid="cancel-edit">
            Cancel
          </button>
        </div>
      </fieldset>
    </form>
  );
}
