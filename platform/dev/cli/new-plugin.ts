// `npm run new-plugin -- <id>`: a working plugin in plugins/<id>, linked into the workspace.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../src/core/paths.ts';
import { addToSolution, camelCase, scaffoldPlugin } from '../new-plugin/scaffold.ts';

const id = process.argv[2] ?? '';
try {
  const dir = join(repoRoot, 'plugins', id);
  const files = scaffoldPlugin(id, dir);
  console.log(`Created plugins/${id}/:\n${files.map((file) => `  ${file}`).join('\n')}`);

  // The platform depends on every plugin it may list; npm then links the new workspace package.
  const platformPackage = join(repoRoot, 'platform', 'package.json');
  const manifest = JSON.parse(readFileSync(platformPackage, 'utf8')) as { dependencies: Record<string, string> };
  manifest.dependencies[`@meetflow/plugin-${id}`] = '0.1.0';
  manifest.dependencies = Object.fromEntries(Object.entries(manifest.dependencies).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(platformPackage, `${JSON.stringify(manifest, null, 2)}\n`);
  addToSolution(join(repoRoot, 'tsconfig.json'), `plugins/${id}`);
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: repoRoot, stdio: 'inherit' });
  if (install.status !== 0) throw new Error('npm install failed; run it yourself to link the new package');

  console.log(`
Next:
  1. List it in platform/src/features/plugins/installed.ts:
       import { ${camelCase(id)}Plugin } from '@meetflow/plugin-${id}';
       export const installedPlugins: AnyPlugin[] = [..., ${camelCase(id)}Plugin];
  2. npm test runs its test (plugins/${id}/src/${id}.test.ts); plugins/README.md explains the rest.`);
} catch (error) {
  console.error(`new-plugin: ${(error as Error).message}\nusage: npm run new-plugin -- <kebab-case-id>`);
  process.exit(1);
}
