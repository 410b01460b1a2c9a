import { ApiError } from '../../../lib/api-client.ts';

/** What to tell the user when a call failed: the API's own words (a 409's or 503's reason), else that it could not be reached. */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError) return error.text;
  return 'Meetflow could not be reached. Check your connection and try again.';
}
