// `npm test`: type check, lint, vitest (unit + integration on the real servers), then Playwright in
// Debian's Chromium against the real app. One summary line at the end counts every test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { provisionDevstack } from '../devstack/provision.ts';
import { devstackDir, repoRoot } from '../../src/core/paths.ts';
import { lint } from './lint.ts';
import { playwrightFailures, vitestFailureDetails, vitestFailures, type PlaywrightSuite, type VitestReport } from './failures.ts';

/** What failed, one line each, so the end of a long log names it (the runs above print it in full). */
const failures: string[] = [];
/** A failed vitest test's error in a few lines, repeated at the end: Playwright's output comes after it. */
const details: string[] = [];

const log = (message: string) => console.log(`\n[test] ${message}`);
const reports = join(devstackDir, 'reports');

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Runs a tool from node_modules on this Node, output to the terminal; true when it exits 0. */
function runTool(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  const result = spawnSync(process.execPath, [join(repoRoot, 'node_modules', script), ...args], { stdio: 'inherit', cwd: repoRoot, env });
  return result.status === 0;
}

function readReport<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

function vitest(): { ok: boolean; counts?: Counts } {
  const file = join(reports, 'vitest.json');
  const ok = runTool('vitest/vitest.mjs', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  const report = readReport<VitestReport>(file);
  if (report) failures.push(...vitestFailures(report, repoRoot));
  if (report) details.push(...vitestFailureDetails(report, repoRoot));
  return {
    ok,
    counts: report && {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    },
  };
}

function playwright(): { ok: boolean; counts?: Counts } {
  const file = join(reports, 'playwright.json');
  const ok = runTool('@playwright/test/cli.js', ['test', '-c', 'ui/playwright.config.ts', '--reporter=list,json'], {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_FILE: file,
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  const report = readReport<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } } & PlaywrightSuite>(file);
  if (report) failures.push(...playwrightFailures(report));
  return {
    ok,
    counts: report && {
      passed: report.stats.expected,
      failed: report.stats.unexpected + report.stats.flaky,
      skipped: report.stats.skipped,
    },
  };
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const started = performance.now();
const problems: string[] = [];

try {
  await provisionDevstack((message) => log(message));
} catch (error) {
  console.error(`[test] the local servers cannot be provisioned, so no integration test can run:\n${(error as Error).message}`);
  process.exit(1);
}

log('type check (tsc -b: every package on its own, strict)');
const typesOk = runTool('typescript/bin/tsc', ['-b', 'tsconfig.json']);
if (!typesOk) problems.push('the type check failed');

log('lint (eslint: package boundaries; prettier: layout)');
if (!lint()) problems.push('lint failed (npm run lint shows why)');

log('vitest: unit and integration tests against a real Temporal dev server and database');
const unit = vitest();
log('playwright: end-to-end tests in Chromium against the running app');
const e2e = playwright();

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
for (const [name, run] of [
  ['vitest', unit],
  ['playwright', e2e],
] as const) {
  if (!run.counts) problems.push(`${name} produced no report (it crashed or could not start)`);
  else if (!run.ok && run.counts.failed === 0) problems.push(`${name} exited with an error outside the tests (see above)`);
  for (const key of ['passed', 'failed', 'skipped'] as const) total[key] += run.counts?.[key] ?? 0;
}
if (total.skipped > 0) problems.push(`${total.skipped} test(s) were skipped: a skipped test is not a passing one`);
if (total.passed + total.failed === 0) problems.push('no test ran');

const seconds = ((performance.now() - started) / 1000).toFixed(0);
if (details.length > 0)
  console.log(`\n[test] the failed vitest tests' errors again (vitest printed them in full above):\n${details.join('\n')}`);
console.log(`\n[test] vitest ${JSON.stringify(unit.counts ?? null)}, playwright ${JSON.stringify(e2e.counts ?? null)}, ${seconds} s`);
for (const failure of failures) console.log(`[test] failed: ${failure}`);
for (const problem of problems) console.log(`[test] FAILED: ${problem}`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(problems.length === 0 && total.failed === 0 ? 0 : 1);
