// `npm run bench -- fuzz`: the fuzz test (fuzz.test.ts) with more examples per operation and
// another seed, on fresh servers of its own (vitest's global setup starts them), then what it
// did: requests generated, time, and each failing operation with its checks and reproducing curl.
// Prints its figures; the run's own verdict is in the failures it lists.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { devstackDir, repoRoot } from '../../src/core/paths.ts';
import type { FuzzFailure } from './schemathesis.ts';

const EXAMPLES = process.env.MEETFLOW_FUZZ_EXAMPLES ?? '40';
const SEED = process.env.MEETFLOW_FUZZ_SEED ?? '7';
const summaryFile = join(devstackDir, 'reports', 'fuzz', 'summary.json');

console.log(`\nbench fuzz: Schemathesis on every operation, ${EXAMPLES} examples per operation and phase, seed ${SEED}`);
const started = performance.now();
const vitest = spawnSync(
  process.execPath,
  [join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'platform/dev/fuzz/fuzz.test.ts'],
  {
    cwd: repoRoot,
    env: { ...process.env, MEETFLOW_FUZZ_EXAMPLES: EXAMPLES, MEETFLOW_FUZZ_SEED: SEED },
    encoding: 'utf8',
  },
);
if (!existsSync(summaryFile)) {
  console.log(`  the fuzz run did not finish (vitest exited ${vitest.status}):\n${`${vitest.stdout}${vitest.stderr}`.slice(-4_000)}`);
  process.exitCode = 1;
} else {
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as {
    command: string;
    requests: number;
    seconds: number;
    operations: { total: number; tested: number };
    failures: FuzzFailure[];
    errors: string[];
  };
  console.log(`  ${summary.command}`);
  console.log(`  operations       ${summary.operations.tested} of ${summary.operations.total} fuzzed`);
  console.log(
    `  requests         ${summary.requests.toLocaleString('en-US')} generated in ${summary.seconds.toFixed(0)} s (${((performance.now() - started) / 1000).toFixed(0)} s with the servers)`,
  );
  console.log(`  failures         ${summary.failures.length} operation(s), ${summary.errors.length} error(s)`);
  for (const failure of summary.failures)
    console.log(`\n  ${failure.operation}: ${failure.checks}\n${failure.details.replace(/^/gm, '      ')}`);
  for (const error of summary.errors) console.log(`\n  error: ${error}`);
}
