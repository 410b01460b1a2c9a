// `npm run new-plugin -- <id> [--kind source]`: a working plugin in plugins/<id>, linked into the workspace.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../../src/core/paths.ts';
import { addToSolution, scaffoldPlugin, type ScaffoldKind } from '../new-plugin/scaffold.ts';
import { runLintTool } from './lint.ts';

const USAGE = 'usage: npm run new-plugin -- <kebab-case-id> [--kind agent|source]  (a source\'s id starts with "source-")';
try {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { kind: { type: 'string', default: 'agent' } } });
  const id = positionals[0] ?? '';
  const kind = values.kind as ScaffoldKind;
  if (kind !== 'agent' && kind !== 'source') throw new Error(`--kind must be agent or source, not "${kind}"`);
  const dir = join(repoRoot, 'plugins', id);
  const files = scaffoldPlugin(id, dir, kind);
  console.log(`Created plugins/${id}/:\n${files.map((file) => `  ${file}`).join('\n')}`);

  // Written in the repository's layout, so npm run lint passes on it as it is.
  runLintTool('prettier/bin/prettier.cjs', ['--write', '--log-level', 'warn', `plugins/${id}/**/*.ts`]);
  // npm links the new workspace package and installs its dependencies; the type check gets its project.
  addToSolution(join(repoRoot, 'tsconfig.json'), `plugins/${id}`);
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: repoRoot, stdio: 'inherit' });
  if (install.status !== 0) throw new Error('npm install failed; run it yourself to link the new package');

  console.log(`
Next:
  1. Nothing to list: the platform loads every plugins/* package whose package.json has "meetflow": { "plugin": ... } at start-up.${
    kind === 'source'
      ? `\n     Discovery and the UI's source lists show it as source "${id.replace(/^source-/, '')}"; set its apiKey in MEETFLOW_PLUGINS_CONFIG to search it.`
      : ''
  }
  2. npm test runs its test (plugins/${id}/src/${id}.test.ts); plugins/README.md explains the rest.`);
} catch (error) {
  console.error(`new-plugin: ${(error as Error).message}\n${USAGE}`);
  process.exit(1);
}
