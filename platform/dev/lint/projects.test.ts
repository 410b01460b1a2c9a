// `tsc -b tsconfig.json` type-checks what the solution references: every workspace package must be
// one of its projects, or a package could go unchecked.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/core/paths.ts';

const withoutComments = (text: string) => JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')) as { references?: Array<{ path: string }> };

describe('the TypeScript solution', () => {
  it('lists every workspace package as a project with its own tsconfig.json', () => {
    const workspaces = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces
      .flatMap((pattern) =>
        pattern.endsWith('/*')
          ? readdirSync(join(repoRoot, pattern.slice(0, -2)), { withFileTypes: true })
              .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
              .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
          : [pattern],
      )
      .filter((path) => existsSync(join(repoRoot, path, 'package.json')));
    expect(workspaces.length).toBeGreaterThan(10);
    const referenced = (withoutComments(readFileSync(join(repoRoot, 'tsconfig.json'), 'utf8')).references ?? []).map(
      (reference) => reference.path,
    );
    expect(workspaces.filter((path) => !referenced.includes(path))).toEqual([]);
    expect(workspaces.filter((path) => !existsSync(join(repoRoot, path, 'tsconfig.json')))).toEqual([]);
  });
});
