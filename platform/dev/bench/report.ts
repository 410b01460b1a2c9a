// The bench's one table and its results file: each figure with its target, and the machine,
// versions and commit it was measured on.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { devstackDir, repoRoot } from '../../src/core/paths.ts';

/** One row of the table. `met` is null when the figure has no target, or was measured at another size than the target's. */
export interface Figure {
  id: string;
  figure: string;
  /** The number compared with the target (in `unit`), or null when it was not measured. */
  value: number | null;
  unit: string;
  /** How the measured value is shown, with what it came with. */
  measured: string;
  target: string;
  met: boolean | null;
  /** Why `met` is null, or the error that stopped the measurement. */
  note?: string;
}

const run = (command: string, args: string[]) => {
  try {
    return execFileSync(command, args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    return stderr?.trim() || null;
  }
};

/** What the figures were measured on. */
export function environment() {
  const mongoJar = readdirSync(join(devstackDir, 'mongo', 'lib')).find((file) => /^mongo-java-server-core-.*\.jar$/.test(file));
  return {
    nproc: cpus().length,
    cpu: cpus()[0]?.model ?? null,
    memoryGb: Math.round(totalmem() / 1e8) / 10,
    node: process.version,
    servers: {
      temporal: run(join(devstackDir, 'venv', 'bin', 'temporal'), ['--version']),
      mongoJavaServer: mongoJar?.replace(/^mongo-java-server-core-(.*)\.jar$/, '$1') ?? null,
      java: run('sh', ['-c', 'java -version 2>&1 | head -1']), // it answers on stderr
    },
    git: {
      commit: run('git', ['rev-parse', 'HEAD']),
      uncommittedChanges: (run('git', ['status', '--porcelain']) ?? '').split('\n').filter(Boolean).length,
    },
  };
}

/** The load average (1, 5, 15 minutes), rounded. */
export const loadAverage = () => loadavg().map((value) => Math.round(value * 100) / 100);

/** The table as text: figure | measured | target | met? */
export function formatTable(figures: readonly Figure[]): string {
  const rows = [
    ['figure', 'measured', 'target', 'met?'],
    ...figures.map((figure) => [
      figure.figure,
      figure.measured,
      figure.target,
      figure.met === null ? (figure.note ? `— (${figure.note})` : '—') : figure.met ? 'yes' : 'NO',
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(rows[0]!), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

/** Writes bench/results.json (bench/ is ignored by git: the README carries the numbers). */
export function writeResults(results: object): string {
  const dir = join(repoRoot, 'bench');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'results.json');
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
