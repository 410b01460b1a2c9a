import { ApiError } from '../../../lib/api-client.ts';
import { formatTime } from '../../../utils/format.ts';

/** What a refused sign-in or sign-up shows: each bad field under its field, the rest above the button. */
export interface FormErrors {
  fields: Record<string, string>;
  /** The API's own words when they belong to no one field (a wrong password, too many attempts), else null. */
  alert: string | null;
  /** When to try again, after too many attempts. */
  retryAfterSeconds: number | null;
}

export const NO_ERRORS: FormErrors = { fields: {}, alert: null, retryAfterSeconds: null };

/** Sorts a failed submit's error onto the form's fields (a taken email is the email field's problem). */
export function formErrors(error: unknown, fieldNames: readonly string[]): FormErrors {
  if (!error) return NO_ERRORS;
  if (!(error instanceof ApiError)) {
    return { ...NO_ERRORS, alert: 'Meetflow could not be reached. Check your connection and try again.' };
  }
  const named = Object.entries(error.fields);
  const fields = Object.fromEntries(named.filter(([name]) => fieldNames.includes(name)));
  if (error.status === 409 && fieldNames.includes('email')) fields.email = error.text;
  const unplaced = Object.keys(fields).length === 0 || named.some(([name]) => !fieldNames.includes(name));
  return { fields, alert: unplaced ? error.text : null, retryAfterSeconds: error.retryAfterSeconds };
}

/** "Sign-in opens again at 2:32 PM." for a wait of `seconds` from `now`. */
export function retryAtText(seconds: number, now: Date): string {
  return `Sign-in opens again at ${formatTime(new Date(now.getTime() + seconds * 1_000))}.`;
}
