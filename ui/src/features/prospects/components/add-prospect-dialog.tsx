import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.ts';
import { useAddProspect } from '../api/prospects-api.ts';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';

const FIELDS = [
  { name: 'firstName', label: 'First name', required: true },
  { name: 'lastName', label: 'Last name', required: true },
  { name: 'email', label: 'Email', required: true, type: 'email' },
  { name: 'company', label: 'Company', required: true },
  { name: 'jobTitle', label: 'Job title' },
  { name: 'industry', label: 'Industry' },
  { name: 'website', label: 'Website', type: 'url' },
  { name: 'employeeCount', label: 'Employees', type: 'number' },
] as const;

/** "Add Prospect": the API validates; each refusal is shown on its field (a known email on the email field). */
export function AddProspectDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const add = useAddProspect();
  const toast = useToast();
  useModalDialog(dialog);
  const error = add.error instanceof ApiError ? add.error : null;
  const fieldErrors: Record<string, string> = { ...(error?.fields ?? {}), ...(error?.status === 409 ? { email: error.text } : {}) };

  const submit = () => {
    const body = Object.fromEntries(
      Object.entries(values)
        .filter(([, value]) => value.trim() !== '')
        .map(([name, value]) => [name, name === 'employeeCount' ? Number(value) : value.trim()]),
    );
    add.mutate(body, {
      onSuccess: (prospect) => {
        toast({
          title: 'Prospect Added',
          description: `${prospect.firstName} ${prospect.lastName} is prospect ${prospect.id}`,
          tone: 'success',
        });
        onClose();
      },
    });
  };
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby="add-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form
        noValidate
        className="modal-box flex max-w-2xl flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h3 id="add-title" className="text-lg font-bold">
          Add Prospect
        </h3>
        <div className="grid gap-3 sm:grid-cols-2">
          {FIELDS.map((field) => (
            <label key={field.name} className="flex flex-col gap-1 text-sm">
              <span>
                {field.label}
                {'required' in field && <span className="text-error"> *</span>}
              </span>
              <input
                className={`input input-bordered w-full ${fieldErrors[field.name] ? 'input-error' : ''}`}
                name={field.name}
                type={'type' in field ? field.type : 'text'}
                value={values[field.name] ?? ''}
                aria-invalid={Boolean(fieldErrors[field.name])}
                onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
              />
              {fieldErrors[field.name] && (
                <span className="text-xs text-error" data-testid={`error-${field.name}`}>
                  {fieldErrors[field.name]}
                </span>
              )}
            </label>
          ))}
        </div>
        {error && Object.keys(fieldErrors).length === 0 && (
          <p role="alert" className="text-sm text-error">
            {error.message}
          </p>
        )}
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            Add Prospect
          </button>
        </div>
      </form>
    </dialog>
  );
}
