import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Config } from './config.ts';
import { repoRoot } from './paths.ts';
import { PRIVATE_FILE_MODE, privateDir } from './private-files.ts';
import { SECRETS_KEY_BYTES, secretsBox, type SecretsBox } from './secrets-box.ts';

/** Why the features that keep secrets are off: a sentence for the person reading a 503. */
export interface SecretsUnavailable {
  unavailable: string;
}

/** The secrets box, or why there is none. */
export type Secrets = SecretsBox | SecretsUnavailable;

/** The development key's file in the data folder (git-ignored, like the rest of `.data/`). */
export const DEV_KEY_FILE = 'secrets.key';

export const NO_KEY_IN_PRODUCTION =
  'Mailboxes are off: set MEETFLOW_SECRETS_KEY (32 random bytes, base64, e.g. `openssl rand -base64 32`) to store their passwords encrypted.';

/**
 * Where secrets are sealed: with MEETFLOW_SECRETS_KEY when it is set; in production without it,
 * nowhere (the features that need it answer 503 naming the variable; the rest of the app runs);
 * otherwise with a per-install key kept in the data folder, made on first use, so `npm start`
 * needs no setup. Never throws: a key file that cannot be read or written is a reason too.
 */
export function openSecrets(config: Pick<Config, 'secretsKey' | 'production' | 'devstack'>): Secrets {
  if (config.secretsKey) return secretsBox(config.secretsKey);
  if (config.production) return { unavailable: NO_KEY_IN_PRODUCTION };
  const file = join(resolve(repoRoot, config.devstack.dataDir), DEV_KEY_FILE);
  try {
    return secretsBox(devKey(file));
  } catch (error) {
    return {
      unavailable: `Mailboxes are off: the development secrets key ${file} could not be used (${(error as Error).message}); set MEETFLOW_SECRETS_KEY.`,
    };
  }
}

/** The development key in `file`, made (readable by this user only, in a folder only they can open) when missing. */
function devKey(file: string): Buffer {
  try {
    return keyFrom(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  privateDir(dirname(file));
  const key = randomBytes(SECRETS_KEY_BYTES);
  // Written whole beside it, then linked into place: two processes starting at once never see half a
  // key, and the second keeps the first's (link refuses an existing name).
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, `${key.toString('base64')}\n`, { mode: PRIVATE_FILE_MODE });
  try {
    linkSync(draft, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return keyFrom(readFileSync(file, 'utf8'));
  } finally {
    rmSync(draft, { force: true });
  }
}

function keyFrom(text: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== SECRETS_KEY_BYTES) throw new Error(`it does not hold ${SECRETS_KEY_BYTES} bytes in base64`);
  return key;
}
