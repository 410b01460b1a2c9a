// `npx tsx platform/dev/bench/research-cpu.ts [companies] [runs]`: research's CPU seconds per 1,000
// companies, without Temporal or the database. Serves the sample sites in this process and runs
// ./agents-child.ts (the bench's "research alone": the sites of the first <companies> sample
// companies that fit the bench's ICP, 4 at a time as the batch runs its chunks) `runs` times in a
// child process of its own, printing for each run research's CPU and wall seconds, the pages read
// and the load average beside: on a shared machine the CPU seconds hold where wall time does not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../src/core/paths.ts';
import { startSampleSitesServer } from '../samples/server.ts';
import type { AgentsResult } from './agents.ts';
import { loadAverage } from './report.ts';
import { logTail, startChildNode } from './stack.ts';

const cpuProf = process.argv.includes('--cpu-prof');
const [companiesArg, runsArg] = process.argv.slice(2).filter((arg) => arg !== '--cpu-prof');
const companies = Number(companiesArg ?? 1000);
const runs = Number(runsArg ?? 1);
if (!Number.isInteger(companies) || companies < 1 || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: research-cpu.ts [companies ≥ 1] [runs ≥ 1] [--cpu-prof]');
  process.exit(2);
}
/** As the bench's agents part runs it (main.ts): the batch's chunks in flight. */
const CONCURRENCY = 4;

const samples = await startSampleSitesServer({ host: '127.0.0.1', port: 0 });
const logDir = mkdtempSync(join(tmpdir(), 'meetflow-research-cpu-'));
try {
  for (let run = 1; run <= runs; run++) {
    const loadBefore = loadAverage();
    const child = startChildNode('agents', 'platform/dev/bench/agents-child.ts', {
      logDir,
      env: { MEETFLOW_PLUGINS_CONFIG: '{}' },
      args: [samples.url, String(companies), String(CONCURRENCY)],
      nodeArgs: cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${join(repoRoot, 'bench', 'profiles', 'research')}`] : undefined,
    });
    let output = '';
    child.process.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await child.exited;
    const last = output.trim().split('\n').at(-1) ?? '';
    if (code !== 0 || !last.startsWith('{')) throw new Error(`the agents run failed (exit ${code}):\n${logTail(child)}`);
    const result = JSON.parse(last) as AgentsResult;
    const cpu = result.cpuSeconds.research ?? Number.NaN;
    console.log(
      `run ${run}: research of ${result.companies} companies: ${cpu.toFixed(2)} CPU-s ` +
        `(${((cpu * 1000) / result.companies).toFixed(2)} per 1,000), ${result.research.seconds.toFixed(1)} s wall, ` +
        `${result.research.pagesRead} pages read; load ${loadBefore.join(' ')} before, ${loadAverage().join(' ')} after`,
    );
  }
} finally {
  await samples.close();
  rmSync(logDir, { recursive: true, force: true });
}
