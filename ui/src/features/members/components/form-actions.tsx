import type { ReactNode } from 'react';

/** The end of a settings form: the API's refusal that belongs to no one field, and the submit button, busy while the API answers. */
export function FormActions({ alert, pending, children }: { alert: string | null; pending: boolean; children: ReactNode }) {
  return (
    <>
      {alert && (
        <div role="alert" className="alert alert-error text-sm" data-testid="settings-error">
          <span>{alert}</span>
        </div>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {children}
        </button>
      </div>
    </>
  );
}
