import { chmodSync, mkdirSync } from 'node:fs';

// The data folder holds secrets (the development key, mailbox passwords in the database's files,
// logs): what Meetflow writes there is its user's alone.

/** The mode of a file written to the data folder: readable and writable by its owner only. */
export const PRIVATE_FILE_MODE = 0o600;

/** Makes `dir` (and any missing parent) if needed, and leaves it open to its owner only (0700), as an older one too. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}
