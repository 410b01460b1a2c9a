import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SecretKeyMismatch, secretsBox, type SecretsBox } from './secrets-box.ts';
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

describe('secretsBox (AES-256-GCM)', () => {
  const box = secretsBox(randomBytes(32));

  it('opens what it sealed; the same secret seals differently each time', () => {
    const [first, second] = [box.seal('smtp password'), box.seal('smtp password')];
    expect(box.open(first)).toBe('smtp password');
    expect(first.iv).not.toBe(second.iv);
    expect(first.ciphertext).not.toBe(second.ciphertext);
    expect(JSON.stringify(first)).not.toContain('smtp password');
  });

  it('refuses a tampered secret, and names another key’s', () => {
    const sealed = box.seal('smtp password');
    const flipped = Buffer.from(sealed.ciphertext, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open({ ...sealed, ciphertext: flipped.toString('base64') })).toThrow();
    expect(() => secretsBox(randomBytes(32)).open(sealed)).toThrow(SecretKeyMismatch);
    expect(() => secretsBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('openSecrets', () => {
  it('uses MEETFLOW_SECRETS_KEY when it is set', () => {
    const key = randomBytes(32);
    const sealed = secretsBox(key).seal('x');
    expect(boxOf(openSecrets(settings({ secretsKey: key, production: true }))).open(sealed)).toBe('x');
  });

  it('in production without it, is off and says which variable to set', () => {
    expect(openSecrets(settings({ production: true }))).toEqual({ unavailable: expect.stringContaining('set MEETFLOW_SECRETS_KEY') });
  });

  it('in development without it, makes a key in the data folder once (readable by its owner only) and keeps using it', () => {
    const first = boxOf(openSecrets(settings()));
    const file = join(dataDir, DEV_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    const again = boxOf(openSecrets(settings()));
    expect(again.keyId).toBe(first.keyId);
    expect(again.open(first.seal('kept across restarts'))).toBe('kept across restarts');
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
