import { boundToRecord, whyUnopenable, type SealedSecret, type SecretsBox } from '../../../core/secrets-box.ts';
import type { CalendarAccount } from './model.ts';

type Owner = Pick<CalendarAccount, 'workspaceId' | 'publicId'>;

/** What a calendar's secret is sealed bound to: its workspace and id, so it opens for no other account (as a mailbox's password). */
const boundTo = (account: Owner) => boundToRecord('calendar-secret', account);

/** A stored secret that cannot be used: sealed under another key, for another account, or damaged. */
export class CalendarSecretUnusable extends Error {
  override name = 'CalendarSecretUnusable';
}

/** Seals an account's secret fields (one JSON object: a password, or OAuth tokens) bound to that account. */
export function sealCalendarSecret(box: SecretsBox, account: Owner, secret: Record<string, unknown>): SealedSecret {
  return box.seal(JSON.stringify(secret), boundTo(account));
}

/** Opens an account's secret fields; throws {@link CalendarSecretUnusable}, saying to connect it again, when it cannot. */
export function openCalendarSecret(
  box: SecretsBox,
  account: Pick<CalendarAccount, 'workspaceId' | 'publicId' | 'secret'> & Partial<Pick<CalendarAccount, 'auth'>>,
): Record<string, unknown> {
  try {
    return JSON.parse(box.open(account.secret, boundTo(account))) as Record<string, unknown>;
  } catch (error) {
    const what = 'auth' in account && account.auth === 'oauth' ? 'sign-in' : 'password';
    throw new CalendarSecretUnusable(`The calendar's ${what} ${whyUnopenable(error)}: disconnect it and connect it again.`);
  }
}
