// `npm run lint`: ESLint's package boundaries (eslint.config.js), then Prettier's check of the layout (.prettierrc.json). Quiet when it passes.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../../src/core/paths.ts';

/** Runs a tool from node_modules on this Node, its output to the terminal; true when it exits 0. */
export function runLintTool(script: string, args: string[]): boolean {
  return spawnSync(process.execPath, [join(repoRoot, 'node_modules', script), ...args], { stdio: 'inherit', cwd: repoRoot }).status === 0;
}

/** The files Prettier formats: TypeScript and JavaScript (.prettierignore leaves data, docs and the sample sites alone). */
export const FORMATTED = ['**/*.{ts,tsx,js,mjs}'];

/** Lints the repository: the boundaries, then the layout (`npm run format` fixes the layout). */
export function lint(): boolean {
  const boundaries = runLintTool('eslint/bin/eslint.js', ['.', '--max-warnings', '0']);
  const layout = runLintTool('prettier/bin/prettier.cjs', ['--check', '--log-level', 'warn', ...FORMATTED]);
  if (!layout) console.error('Some files are not formatted: npm run format rewrites them.');
  return boundaries && layout;
}

if (import.meta.main) process.exit(lint() ? 0 : 1);
