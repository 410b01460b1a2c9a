// Project references that tell the truth (#30): each project of the TypeScript solution lists in
// its tsconfig.json `references` exactly the workspace packages its files import, no more, no
// less, and reaches another package only by its name, never by a relative path out of its folder.
// tsc does not check this itself: a package imported without a reference is compiled again, as
// part of the importer, under the importer's options (the UI would check the workflows' code for
// the browser), and a reference nothing imports only orders the build. So this test reads what
// tsc reads (each project's files, as its tsconfig.json selects them) and compares.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/core/paths.ts';
import { importedSpecifiers } from './sources.ts';

/** What the check knows of one project of the solution; paths are relative to the repository, with `/`. */
export interface ProjectFacts {
  /** Its tsconfig file, e.g. `ui/e2e/tsconfig.json`. */
  config: string;
  /** The folder it owns: its config's folder (`.` for the repository's root). */
  dir: string;
  /** The files it type-checks. */
  files: string[];
  /** The tsconfig files its `references` name. */
  references: string[];
  /** Every module specifier its files import (statically, by `export … from`, by `import()` or `import('…')` types). */
  imports: Array<{ file: string; specifier: string }>;
}

/** `@meetflow/platform` for `@meetflow/platform/dev/testing/mail-server`; undefined for any other package or path. */
const meetflowPackage = (specifier: string) => /^@meetflow\/[^/]+/.exec(specifier)?.[0];

/** The path, from the repository, that a relative `specifier` in `file` names. */
const relativeTarget = (file: string, specifier: string) => posix.normalize(posix.join(posix.dirname(file), specifier));

/**
 * The relative imports of `project` that leave it, each with the project they land in (none: out
 * of every project, or of the repository). A path belongs to the project that type-checks it,
 * else to the project whose folder holds it most closely (so `ui/e2e/x.ts` is the specs', not the UI's).
 */
export function relativeEscapes(
  project: ProjectFacts,
  projects: ProjectFacts[],
): Array<{ file: string; specifier: string; into: ProjectFacts | undefined }> {
  const ownerOf = (path: string) =>
    path.startsWith('../')
      ? undefined
      : (projects.find((candidate) => candidate.files.includes(path)) ??
        projects
          .filter((candidate) => candidate.dir === '.' || path.startsWith(`${candidate.dir}/`))
          .sort((left, right) => right.dir.length - left.dir.length)[0]);
  return project.imports
    .filter(({ specifier }) => specifier.startsWith('.'))
    .map(({ file, specifier }) => ({ file, specifier, into: ownerOf(relativeTarget(file, specifier)) }))
    .filter(({ into }) => into !== project);
}

/**
 * What is wrong with the projects' references, one sentence each: a package imported that the
 * project does not reference, a reference to a package none of its files imports, an import of a
 * package that is no project, and a relative import out of the project. `packages` maps each
 * workspace package's name to its folder.
 */
export function referenceProblems(projects: ProjectFacts[], packages: Record<string, string>): string[] {
  const byDir = new Map(projects.map((project) => [project.dir, project]));
  const problems: string[] = [];
  for (const project of projects) {
    for (const { file, specifier, into } of relativeEscapes(project, projects))
      problems.push(
        `${file} imports '${specifier}', a relative path out of ${project.dir} into ${into?.dir ?? 'no project'}: import it by its package's name (and reference that package)`,
      );
    /** The projects it needs, each with the first import that needs it. */
    const needed = new Map<string, string>();
    for (const { file, specifier } of project.imports) {
      const name = meetflowPackage(specifier);
      if (name === undefined) continue;
      const dir = packages[name];
      const target = dir === undefined ? undefined : byDir.get(dir);
      if (target === undefined) problems.push(`${file} imports '${specifier}': ${name} is no project of the solution`);
      else if (target !== project && !needed.has(target.config)) needed.set(target.config, `${file} imports '${specifier}'`);
    }
    for (const [config, why] of needed)
      if (!project.references.includes(config)) problems.push(`${project.config} lacks a reference to ${dirname(config)} (${why})`);
    for (const config of project.references)
      if (!needed.has(config)) problems.push(`${project.config} references ${dirname(config)}, which none of its files imports`);
  }
  return problems;
}

const fromRoot = (path: string) => relative(repoRoot, path).split('\\').join('/') || '.';

/** A tsconfig file as tsc parses it: its files (with `include`, `files`, `exclude` applied) and its references. */
function parsedConfig(config: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(repoRoot, config), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`${config} could not be read`);
  return parsed;
}

/** Every project of the solution (`tsconfig.json`'s references), read from disk. */
function solutionProjects(): ProjectFacts[] {
  return (parsedConfig('tsconfig.json').projectReferences ?? []).map((solutionReference) => {
    const config = fromRoot(ts.resolveProjectReferencePath(solutionReference));
    const parsed = parsedConfig(config);
    const files = parsed.fileNames.map(fromRoot);
    return {
      config,
      dir: posix.dirname(config),
      files,
      references: (parsed.projectReferences ?? []).map((reference) => fromRoot(ts.resolveProjectReferencePath(reference))),
      imports: files
        .filter((file) => /\.[cm]?tsx?$/.test(file))
        .flatMap((file) => importedSpecifiers(readFileSync(join(repoRoot, file), 'utf8'), file).map((specifier) => ({ file, specifier }))),
    };
  });
}

/** Each workspace package's name, to its folder: a project whose folder holds a package.json is that package. */
function workspacePackages(projects: ProjectFacts[]): Record<string, string> {
  return Object.fromEntries(
    projects
      .filter((project) => project.dir !== '.' && existsSync(join(repoRoot, project.dir, 'package.json')))
      .map((project) => [
        (JSON.parse(readFileSync(join(repoRoot, project.dir, 'package.json'), 'utf8')) as { name: string }).name,
        project.dir,
      ]),
  );
}

describe('the projects’ references', () => {
  const projects = solutionProjects();

  it('name exactly the packages each project imports, and no project reaches into another by a relative path', () => {
    expect(projects.map((project) => project.config)).toEqual(
      expect.arrayContaining(['platform/tsconfig.json', 'ui/tsconfig.json', 'ui/e2e/tsconfig.json']),
    );
    expect(referenceProblems(projects, workspacePackages(projects))).toEqual([]);
  });

  it('the end-to-end specs reach the platform by its package name only, never by a relative path', () => {
    const e2e = projects.find((project) => project.config === 'ui/e2e/tsconfig.json')!;
    expect(relativeEscapes(e2e, projects).map(({ file, specifier }) => `${file}: '${specifier}'`)).toEqual([]);
    expect(e2e.imports.filter(({ specifier }) => specifier.startsWith('@meetflow/platform/')).length).toBeGreaterThan(0);
    expect(e2e.references).toContain('platform/tsconfig.json');
  });

  it('the reading finds every kind of import, and none in a string or a comment', () => {
    const source = [
      "import { a } from '@meetflow/plugin-sdk';",
      "import type { B } from '@meetflow/workflows/pipeline';",
      "import '@meetflow/side-effect';",
      "export { c } from './c.ts';",
      "export * from '../d.ts';",
      "import e = require('@meetflow/e');",
      "const f = await import('@meetflow/f');",
      "type G = import('@meetflow/g').G;",
      'const computed = await import(path);',
      'const text = "import { h } from \'@meetflow/h\';";',
      "const template = `import { i } from '@meetflow/i';`;",
      "// import { j } from '@meetflow/j';",
    ].join('\n');
    expect(importedSpecifiers(source)).toEqual([
      '@meetflow/plugin-sdk',
      '@meetflow/workflows/pipeline',
      '@meetflow/side-effect',
      './c.ts',
      '../d.ts',
      '@meetflow/e',
      '@meetflow/f',
      '@meetflow/g',
    ]);
  });

  it('the comparison names a missing reference, an extra one, an unknown package and a relative escape', () => {
    const project = (
      dir: string,
      references: string[],
      imports: Array<[file: string, specifier: string]>,
      files: string[] = [],
    ): ProjectFacts => ({
      config: `${dir}/tsconfig.json`,
      dir,
      files,
      references: references.map((reference) => `${reference}/tsconfig.json`),
      imports: imports.map(([file, specifier]) => ({ file, specifier })),
    });
    const packages = { '@meetflow/platform': 'platform', '@meetflow/workflows': 'workflows', '@meetflow/ui': 'ui' };
    const planted = [
      project('workflows', [], [['workflows/src/index.ts', './pipeline/index.ts']]),
      // Imports the workflows without referencing them, and references the UI it does not import.
      project(
        'platform',
        ['ui'],
        [
          ['platform/src/run.ts', '@meetflow/workflows/pipeline'],
          ['platform/src/self.ts', '@meetflow/platform/core/config'],
          ['platform/src/unknown.ts', '@meetflow/nowhere'],
        ],
      ),
      project('ui', [], [['ui/src/app.ts', 'react']]),
      // The specs' config lies in the UI's folder but is theirs; a platform file is not.
      project(
        'ui/e2e',
        ['platform'],
        [
          ['ui/e2e/setup.ts', '@meetflow/platform/dev/testing/mail-server'],
          ['ui/e2e/setup.ts', '../playwright.config.ts'],
          ['ui/e2e/spec.ts', '../../platform/dev/testing/mail-server.ts'],
          ['ui/e2e/spec.ts', '../src/app.ts'],
          ['ui/e2e/spec.ts', '../../../outside.ts'],
        ],
        ['ui/e2e/setup.ts', 'ui/e2e/spec.ts', 'ui/playwright.config.ts'],
      ),
    ];
    expect(referenceProblems(planted, packages)).toEqual([
      "platform/src/unknown.ts imports '@meetflow/nowhere': @meetflow/nowhere is no project of the solution",
      "platform/tsconfig.json lacks a reference to workflows (platform/src/run.ts imports '@meetflow/workflows/pipeline')",
      'platform/tsconfig.json references ui, which none of its files imports',
      "ui/e2e/spec.ts imports '../../platform/dev/testing/mail-server.ts', a relative path out of ui/e2e into platform: import it by its package's name (and reference that package)",
      "ui/e2e/spec.ts imports '../src/app.ts', a relative path out of ui/e2e into ui: import it by its package's name (and reference that package)",
      "ui/e2e/spec.ts imports '../../../outside.ts', a relative path out of ui/e2e into no project: import it by its package's name (and reference that package)",
    ]);
    expect(relativeEscapes(planted[3]!, planted).map(({ specifier, into }) => [specifier, into?.dir])).toEqual([
      ['../../platform/dev/testing/mail-server.ts', 'platform'],
      ['../src/app.ts', 'ui'],
      ['../../../outside.ts', undefined],
    ]);
    // Told the truth, the same projects pass.
    planted[1] = project('platform', ['workflows'], [['platform/src/run.ts', '@meetflow/workflows/pipeline']]);
    planted[3] = project('ui/e2e', ['platform'], [['ui/e2e/setup.ts', '@meetflow/platform/dev/testing/mail-server']]);
    expect(referenceProblems(planted, packages)).toEqual([]);
  });
});
