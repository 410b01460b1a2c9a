import { formatDate } from '../../../utils/format.ts';

/** The expiries a new token may be given, in days (null: never); the API takes 1–365 or null. */
export const TOKEN_EXPIRIES: ReadonlyArray<{ days: number | null; label: string }> = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
  { days: null, label: 'Never' },
];

/** What the create form starts with (the API's default too). */
export const DEFAULT_TOKEN_EXPIRY = 90;

/** A token's expiry as its row says it: "Expires 27 Feb 2027", "Expired" once past, or "Never expires". */
export function expiryText(expiresAt: string | null, now: Date = new Date()): string {
  if (!expiresAt) return 'Never expires';
  return isExpired(expiresAt, now) ? 'Expired' : `Expires ${formatDate(expiresAt)}`;
}

/** True once the token's expiry has passed: the API then refuses it (401). */
export const isExpired = (expiresAt: string | null, now: Date = new Date()): boolean =>
  expiresAt !== null && Date.parse(expiresAt) <= now.getTime();
