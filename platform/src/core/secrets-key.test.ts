import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isUnbound, SecretKeyMismatch, secretsBox, type SealedSecret, type SecretsBox } from './secrets-box.ts';
import { DEV_KEY_FILE, openSecrets } from './secrets-key.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-secrets-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const settings = (overrides: { secretsKey?: Buffer | null; production?: boolean; dataDir?: string } = {}) => ({
  secretsKey: overrides.secretsKey ?? null,
  production: overrides.production ?? false,
  devstack: { dataDir: overrides.dataDir ?? dataDir, mongoPort: 1, temporalPort: 1 },
});
const boxOf = (secrets: ReturnType<typeof openSecrets>): SecretsBox => {
  if ('unavailable' in secrets) throw new Error(secrets.unavailable);
  return secrets;
};

const OWNER = 'mailbox-password:acme/0123456789abcdef';

describe('secretsBox (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const box = secretsBox(key);

  it('opens what it sealed; the same secret seals differently each time', () => {
    const [first, second] = [box.seal('smtp password', OWNER), box.seal('smtp password', OWNER)];
    expect(box.open(first, OWNER)).toBe('smtp password');
    expect(first).toMatchObject({ v: 2 });
    expect(first.iv).not.toBe(second.iv);
    expect(first.ciphertext).not.toBe(second.ciphertext);
    expect(JSON.stringify(first)).not.toContain('smtp password');
    expect(JSON.stringify(first)).not.toContain(OWNER); // bound to it, not stored with it
  });

  it('refuses a tampered secret, and names another key’s', () => {
    const sealed = box.seal('smtp password', OWNER);
    const flipped = Buffer.from(sealed.ciphertext, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open({ ...sealed, ciphertext: flipped.toString('base64') }, OWNER)).toThrow();
    expect(() => secretsBox(randomBytes(32)).open(sealed, OWNER)).toThrow(SecretKeyMismatch);
    expect(() => secretsBox(randomBytes(16))).toThrow(/32 bytes/);
  });

  it('opens a secret only for the owner it was sealed for, even with its version mark taken off', () => {
    const sealed = box.seal('smtp password', OWNER);
    expect(() => box.open(sealed, 'mailbox-password:acme/fedcba9876543210')).toThrow(/authenticate/);
    expect(() => box.open(sealed, 'mailbox-password:rival/0123456789abcdef')).toThrow(/authenticate/);
    const { v: _bound, ...unmarked } = sealed; // passed off as one sealed before secrets were bound
    expect(() => box.open(unmarked, 'anything')).toThrow(/authenticate/);
  });

  it('still opens a secret sealed before secrets were bound (no v), for whoever asks: its owner seals it again', () => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const ciphertext = Buffer.concat([cipher.update('old password', 'utf8'), cipher.final()]);
    const legacy: SealedSecret = {
      keyId: box.keyId,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      ciphertext: ciphertext.toString('base64'),
    };
    expect(isUnbound(legacy)).toBe(true);
    expect(box.open(legacy, OWNER)).toBe('old password');
    expect(isUnbound(box.seal('old password', OWNER))).toBe(false);
  });
});

describe('openSecrets', () => {
  it('uses MEETFLOW_SECRETS_KEY when it is set', () => {
    const key = randomBytes(32);
    const sealed = secretsBox(key).seal('x', OWNER);
    expect(boxOf(openSecrets(settings({ secretsKey: key, production: true }))).open(sealed, OWNER)).toBe('x');
  });

  it('in production without it, is off and says which variable to set', () => {
    expect(openSecrets(settings({ production: true }))).toEqual({ unavailable: expect.stringContaining('set MEETFLOW_SECRETS_KEY') });
  });

  it('in development without it, makes a key in the data folder once (readable by its owner only) and keeps using it', () => {
    const folder = join(dataDir, 'fresh', '.data');
    const first = boxOf(openSecrets(settings({ dataDir: folder })));
    const file = join(folder, DEV_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    const again = boxOf(openSecrets(settings({ dataDir: folder })));
    expect(again.keyId).toBe(first.keyId);
    expect(again.open(first.seal('kept across restarts', OWNER), OWNER)).toBe('kept across restarts');
  });

  it('turns a broken development key into a reason, not a crash', () => {
    const broken = mkdtempSync(join(tmpdir(), 'meetflow-secrets-broken-'));
    try {
      rmSync(broken, { recursive: true });
      // A file where the data folder should be: the key can be neither read nor made.
      writeFileSync(broken, 'not a folder');
      expect(openSecrets(settings({ dataDir: broken }))).toEqual({ unavailable: expect.stringContaining('MEETFLOW_SECRETS_KEY') });
    } finally {
      rmSync(broken, { force: true });
    }
  });
});
