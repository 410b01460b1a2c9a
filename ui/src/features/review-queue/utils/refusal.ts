import { ApiError } from '../../../lib/api-client.ts';

/** What to tell the user when a call failed: the API's own words (a 403's or 409's reason), else that it could not be reached. */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError) return error.text;
  return 'Meetflow could not be reached. Check your connection and try again.';
}

/** True when the API refused the signed-in user (their role may have changed since the page loaded). */
export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;
