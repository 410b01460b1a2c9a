// The failed tests of a vitest or Playwright JSON report, one line each ("where › which: the error's
// first line"), so the end of `npm test`'s long log names what failed.
import { stripVTControlCharacters } from 'node:util';

export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

export interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: { title: string; ok: boolean; file: string; line: number; tests?: { results?: { error?: { message?: string } }[] }[] }[];
}

/** The first non-blank line of an error, without terminal colours, at most 240 characters. */
export function firstLine(text: string | undefined): string {
  const line = stripVTControlCharacters(text ?? '')
    .split('\n')
    .find((candidate) => candidate.trim() !== '');
  return (line ?? '').trim().slice(0, 240);
}

/** Each failed test; a file that failed without a failed test (it did not load, a hook threw) once. */
export function vitestFailures(report: VitestReport, root: string): string[] {
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) lines.push(`vitest ${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') lines.push(`vitest ${name}: ${firstLine(file.message)}`);
  }
  return lines;
}

/**
 * Each failed vitest test's error, its first `lines` lines (stack frames left out), so the end of
 * the log holds the whole of a message that says more than its first line (a fault test's list of
 * what still runs): vitest printed it far above, where a log's tail does not reach.
 */
export function vitestFailureDetails(report: VitestReport, root: string, lines = 40): string[] {
  const blocks: string[] = [];
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    for (const test of (file.assertionResults ?? []).filter((candidate) => candidate.status === 'failed')) {
      const message = stripVTControlCharacters(test.failureMessages?.[0] ?? '')
        .split('\n')
        .filter((line) => line.trim() !== '' && !/^\s+at /.test(line));
      const shown = message.slice(0, lines).map((line) => `  ${line}`);
      if (message.length > lines) shown.push(`  … ${message.length - lines} more lines`);
      blocks.push([`vitest ${name} › ${test.fullName}:`, ...shown].join('\n'));
    }
  }
  return blocks;
}

/** Each spec that did not pass (a flaky one too: the run counts it as failed), with its first error. */
export function playwrightFailures(suite: PlaywrightSuite): string[] {
  const lines: string[] = [];
  for (const spec of suite.specs ?? []) {
    if (spec.ok) continue;
    const error = spec.tests?.flatMap((test) => test.results ?? []).find((result) => result.error)?.error?.message;
    lines.push(`playwright ${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
  }
  for (const child of suite.suites ?? []) lines.push(...playwrightFailures(child));
  return lines;
}
