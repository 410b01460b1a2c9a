import type { SecretsBox } from '../../core/secrets-box.ts';
import { readSignedToken, signedToken } from './signed-token.ts';

/** Who an unsubscribe link is for: the workspace, the prospect and the address the email went to. */
export interface UnsubscribeSubject {
  workspaceId: string;
  prospectId: number;
  email: string;
}

const PURPOSE = 'unsubscribe';

/**
 * A token for the link in every email: the subject, signed. Anyone may present it (the link is
 * public, RFC 8058), nobody can make one for another address.
 */
export function unsubscribeToken(box: SecretsBox, subject: UnsubscribeSubject): string {
  return signedToken(box, PURPOSE, [subject.workspaceId, subject.prospectId, subject.email.toLowerCase()]);
}

/** The token's subject when its signature holds; null for anything else (forged, cut, garbage). */
export function readUnsubscribeToken(box: SecretsBox, token: string): UnsubscribeSubject | null {
  const [workspaceId, prospectId, email] = readSignedToken(box, PURPOSE, token) ?? [];
  if (typeof workspaceId !== 'string' || !Number.isInteger(prospectId) || typeof email !== 'string') return null;
  return { workspaceId, prospectId: prospectId as number, email };
}
