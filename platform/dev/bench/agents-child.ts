// The agents alone, in a process of their own like the worker's, with no Temporal, database or
// pipeline around them: `node --import tsx platform/dev/bench/agents-child.ts <samples url> <count>
// <concurrency>` researches the sites of the first <count> sample companies that fit the bench's
// ICP (./icp.ts), scores each, and writes the copy of each qualified one (three emails, the copy
// lint included: writeSequence lints what it wrote and fails on any problem), `concurrency` at a
// time as the batch runs its chunks. The activities are the plugin host's, bound as the worker
// binds them (input and output validated), each run in a mock activity context. Prints one JSON
// line: per phase its seconds and counts. MEETFLOW_PLUGINS_CONFIG holds the plugins' settings.
import { MockActivityEnvironment } from '@temporalio/testing';
import mongoose from 'mongoose';
import { pino } from 'pino';
import { createGuardedHttpClient } from '@meetflow/plugin-sdk';
import { PluginHost } from '../../src/features/runs/plugins/host.ts';
import { installedPlugins } from '../../src/features/runs/plugins/installed.ts';
import { SAMPLE_OFFER } from '../../src/features/prospecting/offer/sample-offer.ts';
import { BENCH_ICP, fittingProspects, launchPerson } from './icp.ts';

const [samplesUrl = '', count = '1000', concurrency = '4'] = process.argv.slice(2);
const host = PluginHost.load(installedPlugins, JSON.parse(process.env.MEETFLOW_PLUGINS_CONFIG ?? '{}') as Record<string, unknown>);
const activities = host.activities({
  connection: mongoose.createConnection(), // never opened: these three agents keep nothing in the database
  http: createGuardedHttpClient({ allowHosts: [new URL(samplesUrl).host] }),
  logger: pino({ level: 'warn' }),
  clock: { now: () => new Date() },
  llm: null,
});
const environment = new MockActivityEnvironment();
const call = async (name: string, input: unknown) => {
  const output: unknown = await environment.run(activities[name]!, input);
  return output as Record<string, unknown>;
};

/** CPU seconds (user + system) of this process per phase: on a shared machine they hold where wall time does not. */
const cpuSeconds: Record<string, number> = {};

async function timed<T>(items: readonly T[], task: (item: T, index: number) => Promise<void>, phase: string): Promise<number> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: Number(concurrency) }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index]!, index);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  cpuSeconds[phase] = (used.user + used.system) / 1e6;
  return (performance.now() - started) / 1000;
}

const { prospects } = fittingProspects(Number(count));
const people = prospects.map((prospect) => launchPerson(samplesUrl, prospect));
const research: Array<Record<string, unknown>> = [];
const scores: Array<Record<string, unknown>> = [];
let emails = 0;
const researchSeconds = await timed(
  people,
  async (person, index) => {
    research[index] = await call('research.enrichCompany', { website: person.website, companyName: person.company });
  },
  'research',
);
const scoreSeconds = await timed(
  people,
  async (person, index) => {
    scores[index] = await call('lead-scoring.scoreProspect', {
      prospect: { jobTitle: person.jobTitle, company: person.company, industry: person.industry, employeeCount: person.employeeCount },
      research: research[index],
      icp: BENCH_ICP,
    });
  },
  'score',
);
const qualified = people.flatMap((person, index) => (scores[index]!.qualified ? [{ person, index }] : []));
const copySeconds = await timed(
  qualified,
  async ({ person, index }) => {
    const { firstName, lastName, jobTitle, company, email } = person;
    const written = await call('outreach.writeSequence', {
      prospect: { firstName, lastName, jobTitle, company, email },
      research: research[index],
      scoring: scores[index],
      offer: SAMPLE_OFFER,
    });
    emails += (written.sequence as unknown[]).length;
  },
  'copy',
);
console.log(
  JSON.stringify({
    companies: people.length,
    cpuSeconds,
    research: {
      seconds: researchSeconds,
      requests: research.reduce((sum, output) => sum + (output.pages as unknown[]).length, 0),
      pagesRead: research.reduce((sum, output) => sum + (output.pages as Array<{ ok: boolean }>).filter((page) => page.ok).length, 0),
    },
    score: { seconds: scoreSeconds, qualified: qualified.length },
    copy: { seconds: copySeconds, sequences: qualified.length, emails },
  }),
);
