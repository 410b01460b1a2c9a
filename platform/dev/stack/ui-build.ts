import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, uiDistDir } from '../../src/core/paths.ts';

const uiDir = join(repoRoot, 'ui');

function uiFingerprint(): string {
  const hash = createHash('sha256');
  const files = ['index.html', 'vite.config.ts', 'package.json']
    .map((file) => join(uiDir, file))
    .concat(
      readdirSync(join(uiDir, 'src'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name)),
    )
    .filter((file) => existsSync(file))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

/** Builds ui/dist with Vite unless it was already built from the same sources. */
export function ensureUiBuilt(log: (message: string) => void): void {
  const stampFile = join(uiDistDir, '.build-stamp');
  const fingerprint = uiFingerprint();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint) return;
  log('building the UI (vite build)');
  const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: uiDir, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`the UI build failed:\n${`${result.stdout}${result.stderr}`.trim().split('\n').slice(-20).join('\n')}`);
  }
  writeFileSync(stampFile, fingerprint);
}
