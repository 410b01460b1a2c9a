// The bench's fuzz part (`npm run bench -- fuzz`, and last in a whole `npm run bench`): the fuzz
// test (fuzz.test.ts) with more examples per operation and another seed, on fresh servers of its
// own (vitest's global setup starts them). Answers what it did: requests generated, time, and
// each failing operation with its checks and reproducing curl.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { devstackDir, repoRoot } from '../../src/core/paths.ts';
import type { FuzzFailure } from './schemathesis.ts';

/** Examples per operation and phase: enough for over 10,000 requests (issue #18 asks for at least that; 40 made 8,859). */
export const BENCH_FUZZ_EXAMPLES = 100;
/** Another seed than CI's, so the bench explores inputs CI does not. */
export const BENCH_FUZZ_SEED = 7;

export interface FuzzBenchResult {
  command: string;
  requests: number;
  /** Schemathesis's own time, and the whole run's with the servers' start. */
  seconds: number;
  wallSeconds: number;
  operations: { total: number; tested: number };
  failures: FuzzFailure[];
  errors: string[];
}

/** Runs the fuzz test at the bench's size; throws when the run did not finish (its failures are in the answer). */
export function benchFuzz(log: (message: string) => void, examples = BENCH_FUZZ_EXAMPLES, seed = BENCH_FUZZ_SEED): FuzzBenchResult {
  const summaryFile = join(devstackDir, 'reports', 'fuzz', 'summary.json');
  rmSync(summaryFile, { force: true });
  log(`fuzz: Schemathesis on every operation, ${examples} examples per operation and phase, seed ${seed}`);
  const started = performance.now();
  const vitest = spawnSync(
    process.execPath,
    [join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'platform/dev/fuzz/fuzz.test.ts'],
    {
      cwd: repoRoot,
      env: { ...process.env, MEETFLOW_FUZZ_EXAMPLES: String(examples), MEETFLOW_FUZZ_SEED: String(seed) },
      encoding: 'utf8',
    },
  );
  if (!existsSync(summaryFile)) {
    throw new Error(`the fuzz run did not finish (vitest exited ${vitest.status}):\n${`${vitest.stdout}${vitest.stderr}`.slice(-4_000)}`);
  }
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as Omit<FuzzBenchResult, 'wallSeconds'>;
  return { ...summary, wallSeconds: (performance.now() - started) / 1000 };
}
