import type { FormErrors } from '../utils/form-errors.ts';
import { retryAtText } from '../utils/form-errors.ts';

/** The refusal that belongs to no one field, in the API's words, and when to try again after too many attempts. */
export function FormAlert({ errors }: { errors: FormErrors }) {
  if (!errors.alert) return null;
  return (
    <div role="alert" className="alert alert-error text-sm" data-testid="auth-error">
      <div>
        <p>{errors.alert}</p>
        {errors.retryAfterSeconds !== null && <p className="mt-1 font-medium">{retryAtText(errors.retryAfterSeconds, new Date())}</p>}
      </div>
    </div>
  );
}
