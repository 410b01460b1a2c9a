// `npm run lint`: ESLint's package boundaries (eslint.config.js). Quiet when it passes.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../../src/core/paths.ts';

/** Runs a tool from node_modules on this Node, its output to the terminal; true when it exits 0. */
export function runLintTool(script: string, args: string[]): boolean {
  return spawnSync(process.execPath, [join(repoRoot, 'node_modules', script), ...args], { stdio: 'inherit', cwd: repoRoot }).status === 0;
}

/** Lints the repository. */
export function lint(): boolean {
  return runLintTool('eslint/bin/eslint.js', ['.', '--max-warnings', '0']);
}

if (import.meta.main) process.exit(lint() ? 0 : 1);
