import type { SecretsBox } from '../../../core/secrets-box.ts';
import { readSignedToken, signedToken } from './signed-token.ts';

/** Who an unsubscribe link is for: the workspace, the prospect and the address the email went to. */
export interface UnsubscribeSubject {
  workspaceId: string;
  prospectId: number;
  email: string;
}

const PURPOSE = 'unsubscribe';

/**
 * The links sent before links became opaque (mail-links.ts): the subject as readable JSON, signed.
 * Nothing makes them any more; they are still read, because emails already sent carry them and an
 * unsubscribe link must keep working. Tests make them to check that.
 */
export function unsubscribeToken(box: SecretsBox, subject: UnsubscribeSubject): string {
  return signedToken(box, PURPOSE, [subject.workspaceId, subject.prospectId, subject.email.toLowerCase()]);
}

/** An old link's subject when its signature holds; null for anything else (forged, cut, garbage). */
export function readUnsubscribeToken(box: SecretsBox, token: string): UnsubscribeSubject | null {
  const [workspaceId, prospectId, email] = readSignedToken(box, PURPOSE, token) ?? [];
  if (typeof workspaceId !== 'string' || !Number.isInteger(prospectId) || typeof email !== 'string') return null;
  return { workspaceId, prospectId: prospectId as number, email };
}
