import { timingSafeEqual } from 'node:crypto';
import type { SecretsBox } from '../../../core/secrets-box.ts';

/**
 * A token for a public link in an email: `fields` as JSON in base64url, a dot, and their HMAC
 * under the key for `purpose`. Anyone may present it; nobody without the key can make one, and a
 * token made for one purpose is worth nothing for another.
 */
export function signedToken(box: SecretsBox, purpose: string, fields: readonly unknown[]): string {
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${box.mac(purpose, payload)}`;
}

/** The fields of a token signed for `purpose`; null when its signature does not hold (forged, cut, garbage, another purpose). */
export function readSignedToken(box: SecretsBox, purpose: string, token: string): unknown[] | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(box.mac(purpose, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const fields: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return Array.isArray(fields) ? fields : null;
  } catch {
    return null;
  }
}
