// What the prospect search's keys cost a launch (issue #36 item 5): `npx tsx
// platform/dev/bench/search-keys-cost.ts`. On a fresh embedded database (this machine's, as the
// bench starts it), a workspace of SEARCH_COST_EXISTING sample prospects (default 10,000) is
// written as launches write it, 1,000 at a time with their keys; then SEARCH_COST_ROUNDS rounds
// (default 3) each write a launch of SEARCH_COST_LAUNCH new prospects (default 1,000) twice, as
// launchCampaign writes them: once without keys (the ids reserved, then one insertMany, as before
// the keys) and once with them (the ids reserved, addSearchKeys, one insertMany). Prints the
// database server's CPU seconds (from /proc) and the wall time of each, with the machine's load.
// Asserts nothing.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { defaultSampleCompany } from '@meetflow/plugin-source-sample/generator';
import { reserveSequence } from '../../src/core/db/counter.ts';
import { createModels, type Models } from '../../src/features/models.ts';
import { addSearchKeys, ensureSearchKeys, searchKeysOf } from '../../src/features/prospecting/prospects/search-keys.ts';
import { searchWords } from '../../src/features/prospecting/prospects/search-text.ts';
import { freePort } from '../devstack/ports.ts';
import { startDevstack } from '../devstack/supervisor.ts';
import { cpuMeter, quantile } from './stack.ts';

const WORKSPACE = 'search-cost';
const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const EXISTING = size('SEARCH_COST_EXISTING', 10_000);
const LAUNCH = size('SEARCH_COST_LAUNCH', 1_000);
const ROUNDS = size('SEARCH_COST_ROUNDS', 3);

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(', ');

/** `count` sample people from `from` on, as a launch's documents under ids from the workspace's sequence. */
async function launchDocuments(db: Models, from: number, count: number) {
  const first = await reserveSequence(db.counters, WORKSPACE, 'prospect', count);
  return Array.from({ length: count }, (_, index) => {
    const { company, people } = defaultSampleCompany(from + index);
    const person = people[0]!;
    const prospect = { firstName: person.firstName, lastName: person.lastName, company: company.name, email: person.email };
    return {
      ...prospect,
      _id: new mongoose.Types.ObjectId(),
      workspaceId: WORKSPACE,
      id: first + index,
      jobTitle: person.jobTitle,
      emailLower: person.email.toLowerCase(),
      industry: company.industry,
      industryLower: company.industry.toLowerCase(),
      source: 'linkedin',
      sample: true,
      searchText: searchWords(prospect),
    };
  });
}

/** One launch's writes, as launchCampaign makes them: the keys first (when asked), then the prospects. */
async function writeLaunch(db: Models, from: number, count: number, keys: boolean) {
  const documents = await launchDocuments(db, from, count);
  if (keys) await addSearchKeys(db, WORKSPACE, documents);
  await db.prospects.insertMany(documents, { ordered: false });
  return documents;
}

const dataDir = mkdtempSync(join(tmpdir(), 'meetflow-search-cost-'));
// A Temporal address is given so that only the database is started.
const devstack = await startDevstack({ dataDir, mongoPort: await freePort(), temporalPort: 0, temporalAddress: 'unused:0' });
const connection = await mongoose.createConnection(`${devstack.mongoUri}-search-cost`).asPromise();
try {
  const db = createModels(connection);
  await Promise.all([db.prospects.init(), db.prospectSearchKeys.init(), db.counters.init()]);
  const server = devstack.processes.mongo?.pid;
  console.log(`[search-cost] load average ${load()} at the start; ${EXISTING} existing prospects, launches of ${LAUNCH}`);
  const setup = cpuMeter({ database: server });
  for (let from = 0; from < EXISTING; from += 1_000) await writeLaunch(db, from, Math.min(1_000, EXISTING - from), true);
  await ensureSearchKeys(db, WORKSPACE);
  const setupCpu = setup.stop();
  const keyDocuments = await db.prospectSearchKeys.countDocuments({ workspaceId: WORKSPACE });
  console.log(
    `[search-cost] existing written with keys in ${setupCpu.wall.toFixed(1)} s (database ${setupCpu.database?.toFixed(1)} CPU-s); ${keyDocuments} key documents`,
  );
  const figures: Record<'without' | 'with', { cpu: number[]; wall: number[] }> = {
    without: { cpu: [], wall: [] },
    with: { cpu: [], wall: [] },
  };
  let from = EXISTING;
  for (let round = 1; round <= ROUNDS; round++) {
    for (const variant of ['without', 'with'] as const) {
      const meter = cpuMeter({ database: server });
      const documents = await writeLaunch(db, from, LAUNCH, variant === 'with');
      const { database = Number.NaN, wall } = meter.stop();
      from += LAUNCH;
      figures[variant].cpu.push(database);
      figures[variant].wall.push(wall);
      const upserts = variant === 'with' ? new Set(documents.flatMap((document) => searchKeysOf(document.searchText))).size : 0;
      console.log(
        `[search-cost] round ${round}, ${variant} keys: database ${database.toFixed(2)} CPU-s, wall ${wall.toFixed(2)} s` +
          (variant === 'with' ? ` (${upserts} distinct prefixes in the launch)` : '') +
          `; load average ${load()}`,
      );
    }
  }
  const median = (values: number[]) => quantile(values, 0.5);
  console.log(
    `[search-cost] median of ${ROUNDS} launches of ${LAUNCH}: database CPU ${median(figures.without.cpu).toFixed(2)} s without keys, ` +
      `${median(figures.with.cpu).toFixed(2)} s with; wall ${median(figures.without.wall).toFixed(2)} s without, ${median(figures.with.wall).toFixed(2)} s with; ` +
      `load average ${load()} at the end`,
  );
} finally {
  await connection.dropDatabase().catch(() => undefined);
  await connection.close();
  await devstack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
