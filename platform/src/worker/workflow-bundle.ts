import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import { devstackDir, repoRoot } from '../core/paths.ts';

const workflowsDir = join(repoRoot, 'workflows', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function fingerprint(): string {
  const hash = createHash('sha256');
  const sdk = createRequire(import.meta.url)('@temporalio/workflow/package.json') as { version: string };
  hash.update(sdk.version);
  for (const file of sourceFiles(workflowsDir)) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The workflow bundle, built once per change of the workflow sources and cached in
 * .devstack/cache, so every worker (and every test) starts from the same prebuilt code.
 */
export async function workflowBundle(): Promise<{ codePath: string } | { code: string }> {
  const cacheDir = join(devstackDir, 'cache');
  const codePath = join(cacheDir, `workflow-bundle-${fingerprint()}.js`);
  if (existsSync(codePath)) return { codePath };
  const { code } = await bundleWorkflowCode({
    workflowsPath: join(workflowsDir, 'index.ts'),
    logger: new DefaultLogger('WARN'),
  });
  try {
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${codePath}.${process.pid}.tmp`;
    writeFileSync(partial, code);
    renameSync(partial, codePath);
    return { codePath };
  } catch {
    return { code }; // a read-only checkout (a container) still runs, just without the cache
  }
}
