import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A secret as stored: AES-256-GCM, every part base64, and the id of the key it was sealed with.
 * `v: 2`: sealed bound to what it belongs to (GCM's associated data, see {@link SecretsBox.seal});
 * without `v`, sealed before that (bound to nothing): {@link isUnbound}.
 */
export interface SealedSecret {
  v?: 2;
  keyId: string;
  iv: string;
  tag: string;
  ciphertext: string;
}

/** Seals secrets a feature must use again later (an SMTP password), unlike the API's own, which are only hashed. */
export interface SecretsBox {
  /** The key's id: the first 16 hex characters of its SHA-256, so a secret sealed under another key is told apart. */
  keyId: string;
  /**
   * Seals `plaintext` bound to `boundTo` (authenticated, not stored: e.g. "mailbox-password:acme/3f…"),
   * so the sealed secret opens only for that same owner: copied onto another record, it does not.
   */
  seal(plaintext: string, boundTo: string): SealedSecret;
  /**
   * The plaintext of a secret sealed for `boundTo` (one sealed before secrets were bound, without
   * `v`, opens without it: {@link isUnbound}); throws {@link SecretKeyMismatch} for another key's
   * secret, and an error for a tampered one or one sealed for another owner.
   */
  open(sealed: SealedSecret, boundTo: string): string;
  /** An HMAC-SHA256 of `data` (base64url) under a key derived for `purpose`, for links that must not be forged. */
  mac(purpose: string, data: string): string;
}

/** The key the secrets are sealed with is 32 bytes (AES-256). */
export const SECRETS_KEY_BYTES = 32;
const IV_BYTES = 12; // GCM's recommended nonce size; random per secret

/** A secret sealed under another key than the one configured now (the key was changed). */
export class SecretKeyMismatch extends Error {
  override name = 'SecretKeyMismatch';
}

/** Why a stored secret does not open, in words a user can act on (the caller says what to do about it). */
export const whyUnopenable = (error: unknown): string =>
  error instanceof SecretKeyMismatch ? 'was saved under another MEETFLOW_SECRETS_KEY than the one set now' : 'cannot be opened here';

/**
 * What a workspace record's secret is sealed bound to, `<kind>:<workspace>/<id>` (a mailbox's
 * password, a calendar's or a CRM connection's fields), so it opens for no other record.
 */
export const boundToRecord = (kind: string, record: { workspaceId: string; publicId: string }): string =>
  `${kind}:${record.workspaceId}/${record.publicId}`;

/**
 * True for a secret sealed before secrets were bound to their owner (no `v`): it still opens, and
 * its owner seals it again bound at its first use, so none stays unbound for long.
 */
export const isUnbound = (sealed: SealedSecret): boolean => sealed.v !== 2;

/** The id of a key, as stored beside what it sealed. */
export const keyIdOf = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 16);

/** A box over a 32-byte key. */
export function secretsBox(key: Buffer): SecretsBox {
  if (key.length !== SECRETS_KEY_BYTES) throw new Error(`A secrets key is ${SECRETS_KEY_BYTES} bytes, not ${key.length}`);
  const keyId = keyIdOf(key);
  return {
    keyId,
    seal(plaintext, boundTo) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag().toString('base64');
      return { v: 2, keyId, iv: iv.toString('base64'), tag, ciphertext: ciphertext.toString('base64') };
    },
    open(sealed, boundTo) {
      if (sealed.keyId !== keyId) throw new SecretKeyMismatch(`sealed under key ${sealed.keyId}, the configured key is ${keyId}`);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
      if (!isUnbound(sealed)) decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8');
    },
    mac(purpose, data) {
      // A key per purpose (HKDF), never the sealing key itself: a MAC for one use is worth nothing for another.
      const derived = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `meetflow:${purpose}`, 32));
      return createHmac('sha256', derived).update(data).digest('base64url');
    },
  };
}
