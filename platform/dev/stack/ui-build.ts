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

/**
 * Builds the UI with Vite into `outDir` (default ui/dist) unless it was already built there from the
 * same sources. A folder of one's own (MEETFLOW_UI_DIR) keeps runs side by side from building over each other.
 */
export function ensureUiBuilt(log: (message: string) => void, outDir = uiDistDir): void {
  const stampFile = join(outDir, '.build-stamp');
  const fingerprint = uiFingerprint();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint) return;
  log('building the UI (vite build)');
  const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    cwd: uiDir,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`the UI build failed:\n${`${result.stdout}${result.stderr}`.trim().split('\n').slice(-20).join('\n')}`);
  }
  writeFileSync(stampFile, fingerprint);
}
