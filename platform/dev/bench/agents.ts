// Research alone and copy alone: the agents of the batch without Temporal, the database or the
// pipeline around them, in a child process (./agents-child.ts) reading the same local sample
// sites, so the batch's time can be split into the agents' own work and everything else.
import { join } from 'node:path';
import { logTail, startChildNode, type BenchServers } from './stack.ts';

/** What the agents alone measured. */
export interface AgentsResult {
  companies: number;
  /** CPU seconds of the agents' process per phase (research, score, copy). */
  cpuSeconds: Record<string, number>;
  research: { seconds: number; requests: number; pagesRead: number };
  score: { seconds: number; qualified: number };
  copy: { seconds: number; sequences: number; emails: number };
}

export async function benchAgents(
  servers: BenchServers,
  options: { companies: number; concurrency: number; plugins: Record<string, unknown>; nodeArgs?: string[] },
): Promise<AgentsResult> {
  const child = startChildNode('agents', 'platform/dev/bench/agents-child.ts', {
    logDir: join(servers.dataDir, 'logs'),
    nodeArgs: options.nodeArgs,
    env: { MEETFLOW_PLUGINS_CONFIG: JSON.stringify(options.plugins) },
    args: [servers.samples.url, String(options.companies), String(options.concurrency)],
  });
  let output = '';
  child.process.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await child.exited;
  const last = output.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !last.startsWith('{')) throw new Error(`the agents run failed (exit ${code}):\n${logTail(child)}`);
  return JSON.parse(last) as AgentsResult;
}
