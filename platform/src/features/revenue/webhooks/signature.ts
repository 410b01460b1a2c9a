import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: `whsec_` and 32 random bytes (base64url). */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** The hex HMAC-SHA256 of `<t>.<body>` under `secret`: one `v1` of the header. */
export const signatureOf = (secret: string, t: number, body: string): string =>
  createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

/**
 * The `Meetflow-Signature` header: `t=<unix seconds>,v1=<hex>`, with a second `v1` under the
 * previous secret while a rotation's 24 hours run (a receiver accepts a match with any of them).
 */
export function signatureHeader(secrets: readonly string[], t: number, body: string): string {
  return [`t=${t}`, ...secrets.map((secret) => `v1=${signatureOf(secret, t, body)}`)].join(',');
}
