// Runs Schemathesis's `st run` against a running API's /api/openapi.json and reads its reports:
// the JUnit XML (each failing operation, its checks, the reproducing curl) and the JSON run
// report (how many test cases were generated).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The settings every run shares (checks' expected statuses): platform/dev/fuzz/schemathesis.toml. */
export const CONFIG_FILE = join(dirname(fileURLToPath(import.meta.url)), 'schemathesis.toml');

/** The checks every fuzz run makes (Schemathesis 4.32's names, `st run --help`). */
export const FUZZ_CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'positive_data_acceptance',
  'negative_data_rejection',
  'unsupported_method',
  'allow_header_conformance',
] as const;

/** One run of the fuzzer. */
export interface FuzzOptions {
  /** Schemathesis's `st` executable (provisionSchemathesis). */
  st: string;
  /** Where the API listens, e.g. http://127.0.0.1:41234. */
  url: string;
  /** An API token the requests are signed with (`Authorization: Bearer …`). */
  token: string;
  seed: number;
  /** Test cases per operation and phase (`--max-examples`). */
  maxExamples: number;
  /** Concurrent Schemathesis workers (1 for a run that repeats itself exactly). */
  workers: number;
  /** A folder of its own for the reports (emptied first). */
  reportDir: string;
  /** Seconds one request may take before it counts as failed. */
  requestTimeout?: number;
}

/** What one failing operation did wrong. */
export interface FuzzFailure {
  /** e.g. `POST /api/prospects`. */
  operation: string;
  /** The failed checks' codes, e.g. `not_a_server_error, positive_data_acceptance`. */
  checks: string;
  /** Schemathesis's account of each failure, with the curl that reproduces it. */
  details: string;
}

/** How a run went. */
export interface FuzzResult {
  /** The command as run (the token left out). */
  command: string;
  exitCode: number;
  /** Test cases Schemathesis generated and sent. */
  requests: number;
  /** Operations in the document, and how many were tested. */
  operations: { total: number; tested: number };
  seconds: number;
  failures: FuzzFailure[];
  /** Errors Schemathesis met outside the checks (a schema it cannot read, a request that timed out). */
  errors: string[];
  /** Its terminal output, for when the reports are missing. */
  output: string;
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (_, entity: string) =>
    entity.startsWith('#')
      ? String.fromCodePoint(entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)))
      : XML_ENTITIES[entity.toLowerCase()]!,
  );

/** Reads Schemathesis's JUnit XML: per test case (an operation), its failures and errors. */
export function parseJunit(xml: string): { failures: FuzzFailure[]; errors: string[] } {
  const failures: FuzzFailure[] = [];
  const errors: string[] = [];
  for (const testcase of xml.matchAll(/<testcase name="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const operation = unescapeXml(testcase[1]!);
    for (const outcome of (testcase[2] ?? '').matchAll(/<(failure|error)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g)) {
      const message = /message="([^"]*)"/.exec(outcome[2]!)?.[1];
      const text = unescapeXml(outcome[3] ?? '').trim();
      if (outcome[1] === 'failure') failures.push({ operation, checks: message ? unescapeXml(message) : 'failure', details: text });
      else errors.push(`${operation}: ${text || (message ? unescapeXml(message) : 'error')}`);
    }
  }
  return { failures, errors };
}

/** Runs `st run` to completion (asynchronously: the API under test may live in this very process). */
export async function runSchemathesis(options: FuzzOptions): Promise<FuzzResult> {
  rmSync(options.reportDir, { recursive: true, force: true });
  mkdirSync(options.reportDir, { recursive: true });
  const junit = join(options.reportDir, 'junit.xml');
  const json = join(options.reportDir, 'run.json');
  const args = [
    '--config-file',
    CONFIG_FILE,
    'run',
    `${options.url}/api/openapi.json`,
    '--url',
    options.url,
    '--checks',
    FUZZ_CHECKS.join(','),
    '--seed',
    String(options.seed),
    '--max-examples',
    String(options.maxExamples),
    '--workers',
    String(options.workers),
    '--request-timeout',
    String(options.requestTimeout ?? 20),
    '--generation-database',
    'none',
    '--no-color',
    '--report',
    'junit,json',
    '--report-dir',
    options.reportDir,
    '--report-junit-path',
    junit,
    '--report-json-path',
    json,
  ];
  const command = `st ${args.join(' ')} --header 'Authorization: Bearer <token>'`;
  const started = performance.now();
  const { exitCode, output } = await new Promise<{ exitCode: number; output: string }>((resolve, reject) => {
    const child = spawn(options.st, [...args, '--header', `Authorization: Bearer ${options.token}`], {
      cwd: options.reportDir,
      env: { ...process.env, NO_COLOR: '1', SCHEMATHESIS_TELEMETRY: 'false', PYTHONUNBUFFERED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ exitCode: code ?? (signal ? 128 : 1), output: text }));
  });
  const seconds = (performance.now() - started) / 1000;
  if (!existsSync(junit) || !existsSync(json)) {
    throw new Error(`Schemathesis wrote no report (exit ${exitCode}):\n${output.split('\n').slice(-40).join('\n')}`);
  }
  const report = JSON.parse(readFileSync(json, 'utf8')) as {
    operations: { total: number; tested: number } | null;
    test_cases: { generated: number };
    errors: { title: string; count: number }[];
  };
  const parsed = parseJunit(readFileSync(junit, 'utf8'));
  return {
    command,
    exitCode,
    requests: report.test_cases.generated,
    operations: { total: report.operations?.total ?? 0, tested: report.operations?.tested ?? 0 },
    seconds,
    failures: parsed.failures,
    errors: [...parsed.errors, ...report.errors.filter(() => parsed.errors.length === 0).map((error) => `${error.title} (${error.count})`)],
    output,
  };
}

/** Schemathesis's code of the check that an answer is not a server error (≥ 500). */
export const SERVER_ERROR_CHECK = /\bST101\b/;

/** A readable list of what a run found: each failing operation with its checks and reproducing curl, then the errors. */
export function describeProblems(result: Pick<FuzzResult, 'failures' | 'errors'>): string {
  const lines = [
    ...result.failures.map((failure) => `${failure.operation}: ${failure.checks}\n${failure.details.replace(/^/gm, '    ')}`),
    ...result.errors.map((error) => `error: ${error.replace(/\n/g, '\n    ')}`),
  ];
  return lines.join('\n\n');
}
