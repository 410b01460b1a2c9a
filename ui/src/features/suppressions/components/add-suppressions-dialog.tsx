import { useEffect, useRef, useState } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import { ApiError, isForbidden, refusalText } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { useAccount } from '../../auth/index.ts';
import { useAddSuppressions, type NewSuppressions } from '../api/suppressions-api.ts';
import { addedText, entryCount, entryLines, MAX_ENTRIES, refusedLines } from '../utils/suppression-view.ts';
import { formatNumber } from '../../../utils/format.ts';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';

/** What the last Add was refused for: the textarea's and the reason's problems, each refused line, or anything else. */
interface Refusal {
  entries?: string;
  reason?: string;
  lines: string[];
  alert?: string;
}

const ENTRIES_ID = 'suppression-entries';
const REASON_ID = 'suppression-reason';

/** The refusal an API error stands for: its refused lines under the textarea, a bad reason under its field, or its text. */
function refusalOf(error: unknown, lines: ReadonlyArray<{ line: number }>): Refusal {
  const fields = error instanceof ApiError ? error.fields : {};
  const refused = refusedLines(fields, lines);
  const entries =
    refused.length > 0
      ? `Nothing was added: ${entryCount(refused.length)} ${refused.length === 1 ? 'needs' : 'need'} fixing.`
      : fields.entries;
  const placed = entries !== undefined || fields.reason !== undefined;
  return { entries, reason: fields.reason, lines: refused, ...(placed ? {} : { alert: refusalText(error) }) };
}

/** Refused lines shown at most; the rest are counted. */
const SHOWN_REFUSALS = 10;

/** Each refused line with why (the first ten, then how many more). */
function RefusedLines({ lines }: { lines: string[] }) {
  const more = lines.length - SHOWN_REFUSALS;
  return (
    <ul
      className="-mt-2 flex flex-col gap-1 rounded-box bg-error/5 px-3 py-2 text-sm text-error"
      aria-label="Refused entries"
      data-testid="suppression-refusals"
    >
      {lines.slice(0, SHOWN_REFUSALS).map((line) => (
        <li key={line} className="wrap-anywhere">
          {line}
        </li>
      ))}
      {more > 0 && <li className="text-base-content/70">…and {entryCount(more)} more.</li>}
    </ul>
  );
}

/**
 * Add to suppression list, in a modal: addresses and domains one a line, and an optional reason.
 * The API checks every entry before adding any; its refusals are listed by line, and nothing is
 * added until all are fixed. Escape or Cancel closes without adding.
 */
export function AddSuppressionsDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [refusals, setRefusals] = useState(0);
  const add = useAddSuppressions();
  const account = useAccount();
  const toast = useToast();
  const lines = entryLines(text);
  const saving = add.isPending;
  useModalDialog(dialog);
  // After a refused Add (once the form is enabled again), take the user to the entries to fix.
  useEffect(() => {
    if (refusals > 0 && refusal?.entries) textarea.current?.focus();
  }, [refusals, refusal]);

  const refuse = (next: Refusal) => {
    setRefusal(next);
    setRefusals((count) => count + 1);
  };
  const save = () => {
    const [first, ...rest] = lines.map(({ entry }) => entry);
    if (first === undefined) return refuse({ entries: 'Write at least one address or domain, one a line.', lines: [] });
    if (lines.length > MAX_ENTRIES)
      return refuse({
        entries: `That is ${entryCount(lines.length)}: add at most ${formatNumber(MAX_ENTRIES)} at a time.`,
        lines: [],
      });
    const input: NewSuppressions = { entries: [first, ...rest], ...(reason.trim() ? { reason: reason.trim() } : {}) };
    add.mutate(input, {
      onSuccess: (result) => {
        toast({ title: 'Added to Suppression List', description: addedText(result), tone: 'success' });
        onClose();
      },
      onError: (error) => {
        refuse(refusalOf(error, lines));
        if (isForbidden(error)) void account.refetch();
      },
    });
  };

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="add-suppressions-title"
      onCancel={(event) => {
        event.preventDefault();
        if (!saving) onClose();
      }}
    >
      <div className="modal-box max-w-xl p-5 sm:p-6">
        <h3 id="add-suppressions-title" className="text-lg font-bold">
          Add to suppression list
        </h3>
        <p className="text-sm text-base-content/70">
          Meetflow never emails these from this workspace. An address stops that address; a domain stops everyone at it.
        </p>
        <form
          noValidate
          className="mt-4 flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <fieldset disabled={saving} className="flex min-w-0 flex-col gap-4">
            <FormField
              id={ENTRIES_ID}
              label="Addresses and domains"
              labelClassName="font-medium"
              error={refusal?.entries}
              hint={
                <>
                  One a line, up to {formatNumber(MAX_ENTRIES)}. <span className="font-mono">example.com</span> means everyone at that
                  domain.{lines.length > 0 && <strong className="font-medium"> {entryCount(lines.length)}.</strong>}
                </>
              }
            >
              <textarea
                ref={textarea}
                id={ENTRIES_ID}
                aria-invalid={Boolean(refusal?.entries)}
                aria-describedby={`${ENTRIES_ID}-note`}
                className={`textarea h-40 w-full font-mono text-sm ${refusal?.entries ? 'textarea-error' : ''}`}
                placeholder={'ada@example.com\nexample.com'}
                spellCheck={false}
                autoCapitalize="off"
                autoComplete="off"
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  // Editing answers the summary; the refused lines stay listed until the next Add, to fix one by one.
                  if (refusal?.entries) setRefusal({ ...refusal, entries: undefined });
                }}
              />
            </FormField>
            {refusal && refusal.lines.length > 0 && <RefusedLines lines={refusal.lines} />}
            <FormField
              id={REASON_ID}
              label="Reason"
              optional
              labelClassName="font-medium"
              error={refusal?.reason}
              hint='Shown in the list, e.g. "existing customer"; "manual" when left empty.'
            >
              <input
                id={REASON_ID}
                aria-invalid={Boolean(refusal?.reason)}
                aria-describedby={`${REASON_ID}-note`}
                className={`input w-full ${refusal?.reason ? 'input-error' : ''}`}
                maxLength={200}
                autoComplete="off"
                placeholder="manual"
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  if (refusal?.reason) setRefusal({ ...refusal, reason: undefined });
                }}
              />
            </FormField>
          </fieldset>
          {refusal?.alert && (
            <div role="alert" className="alert alert-error text-sm" data-testid="suppression-form-error">
              <span className="wrap-anywhere">{refusal.alert}</span>
            </div>
          )}
          <div className="modal-action mt-0">
            <button type="button" className="btn btn-ghost" onClick={onClose} disabled={saving}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Add to List
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
