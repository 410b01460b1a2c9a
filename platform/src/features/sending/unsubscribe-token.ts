import { timingSafeEqual } from 'node:crypto';
import type { SecretsBox } from '../../core/secrets-box.ts';

/** Who an unsubscribe link is for: the workspace, the prospect and the address the email went to. */
export interface UnsubscribeSubject {
  workspaceId: string;
  prospectId: number;
  email: string;
}

const PURPOSE = 'unsubscribe';

/**
 * A token for the link in every email: the subject in base64url, a dot, and its HMAC. Anyone may
 * present it (the link is public, RFC 8058), nobody can make one for another address.
 */
export function unsubscribeToken(box: SecretsBox, subject: UnsubscribeSubject): string {
  const payload = Buffer.from(JSON.stringify([subject.workspaceId, subject.prospectId, subject.email.toLowerCase()])).toString('base64url');
  return `${payload}.${box.mac(PURPOSE, payload)}`;
}

/** The token's subject when its signature holds; null for anything else (forged, cut, garbage). */
export function readUnsubscribeToken(box: SecretsBox, token: string): UnsubscribeSubject | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(box.mac(PURPOSE, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [workspaceId, prospectId, email] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown[];
    if (typeof workspaceId !== 'string' || !Number.isInteger(prospectId) || typeof email !== 'string') return null;
    return { workspaceId, prospectId: prospectId as number, email };
  } catch {
    return null;
  }
}
