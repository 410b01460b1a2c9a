// `npm run test:faults`: the fault tests (platform/dev/faults/*.test.ts) at 1,000 prospects each,
// every one on fresh servers of its own; `npm test` runs the same files at 50. Arguments narrow it
// to some files (`npm run test:faults -- worker-kill`); MEETFLOW_FAULT_PROSPECTS sets the count.
// Ends with what each test saw: its time and what the crash cut off.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provisionDevstack } from '../devstack/provision.ts';
import { repoRoot } from '../../src/core/paths.ts';

const log = (message: string) => console.log(`[faults] ${message}`);
const prospects = process.env.MEETFLOW_FAULT_PROSPECTS ?? '1000';
const folder = mkdtempSync(join(tmpdir(), 'meetflow-faults-'));
const report = join(folder, 'figures.jsonl');

try {
  await provisionDevstack(log);
} catch (error) {
  console.error(`[faults] the local servers cannot be provisioned, so no fault test can run:\n${(error as Error).message}`);
  process.exit(1);
}

const filters = process.argv.slice(2);
log(`${prospects} prospects per test`);
const started = performance.now();
const vitest = spawnSync(
  process.execPath,
  [join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...(filters.length ? filters : ['platform/dev/faults/'])],
  { stdio: 'inherit', cwd: repoRoot, env: { ...process.env, MEETFLOW_FAULT_PROSPECTS: prospects, MEETFLOW_FAULT_REPORT: report } },
);
const seconds = Math.round((performance.now() - started) / 1000);

if (existsSync(report)) {
  for (const line of readFileSync(report, 'utf8').trim().split('\n')) {
    const { test, ...figures } = JSON.parse(line) as Record<string, unknown>;
    log(
      `${String(test)}: ${Object.entries(figures)
        .map(([name, value]) => `${name} ${String(value)}`)
        .join(', ')}`,
    );
  }
}
log(`${vitest.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s`);
rmSync(folder, { recursive: true, force: true });
process.exit(vitest.status ?? 1);
