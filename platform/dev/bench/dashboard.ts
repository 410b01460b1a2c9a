// The dashboard and the prospects list under data: a workspace of `prospects` sample prospects
// (the generator's people, with the scores and industries a processed workspace has) and
// `events` outcome events over the last 26 weeks, counted in the dashboard rollups exactly as
// recordOutcome counts them (the product's countersOf, ISO weeks and days; written in bulk, since
// recording 50,000 events one by one would take minutes). Then the production API, a child
// process, takes the Learning Dashboard's six GETs at a fixed rate, open loop (./load.ts), signed
// in as a browser is (session cookie); then prospect-list searches one after another (the prospects' search
// keys written before the API starts, by the product's start-up path), with their CPU per search.
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultSampleCompany } from '@meetflow/plugin-source-sample/generator';
import { ownerSession } from '../testing/principal.ts';
import { searchWords } from '../../src/features/prospecting/prospects/search-text.ts';
import { ensureSearchKeys, searchKeysOf } from '../../src/features/prospecting/prospects/search-keys.ts';
import { countersOf } from '../../src/features/insights/outcomes/record.ts';
import { dayOf, isoWeekOf } from '../../src/features/insights/outcomes/iso-week.ts';
import { ROLLUP_COUNTERS, TOTAL_PERIOD, type RollupCounter } from '../../src/features/insights/outcomes/rollup-model.ts';
import type { OutcomeType } from '../../src/features/insights/outcomes/event-model.ts';
import { openLoopLoad, type LoadResult } from './load.ts';
import { cpuMeter, quantile, secondsSince, startProductApi, type BenchDatabase, type BenchServers, type CpuSplit } from './stack.ts';

const WORKSPACE = 'dashboard';
const WEEKS = 26;

/** The dashboard's six GETs, as the Learning Dashboard sends them (ui/src/features/dashboard/api/dashboard-queries.ts). */
export const DASHBOARD_GETS = [
  '/api/dashboard/metrics',
  '/api/dashboard/trends',
  '/api/dashboard/insights',
  '/api/agents/status',
  '/api/activity',
  '/api/config',
] as const;

/** The mix of outcome events, per 50,000: every prospect scored, then what its emails led to. */
const EVENT_MIX: ReadonlyArray<[OutcomeType, number]> = [
  ['lead_scored', 10_000],
  ['sent', 35_000],
  ['replied', 3_000],
  ['bounced', 700],
  ['unsubscribed', 400],
  ['meeting_booked', 500],
  ['meeting_attended', 300],
  ['meeting_no_show', 100],
];
const REPLY_CATEGORIES = ['interested', 'not_interested', 'out_of_office', 'referral', 'unsubscribe'];

/** What the dashboard and search measured. */
export interface DashboardResult {
  prospects: number;
  events: number;
  /** Seconds to write the data (not a target). */
  setupSeconds: number;
  load: LoadResult;
  /** CPU seconds each process used during the load (the API, the database, Temporal, this process generating it, everything else). */
  loadCpu: CpuSplit;
  search: { requests: number; p50: number; p99: number; max: number; meanMatches: number };
}

async function insertProspects(database: BenchDatabase, count: number) {
  const documents = Array.from({ length: count }, (_, index) => {
    const { company, people } = defaultSampleCompany(index);
    const person = people[0]!;
    const prospect = { firstName: person.firstName, lastName: person.lastName, company: company.name, email: person.email };
    return {
      ...prospect,
      workspaceId: WORKSPACE,
      id: index + 1,
      jobTitle: person.jobTitle,
      emailLower: person.email.toLowerCase(),
      score: index % 4 === 0 ? null : (index * 37) % 101,
      industry: company.industry,
      industryLower: company.industry.toLowerCase(),
      website: null,
      linkedinUrl: null,
      source: 'linkedin',
      companySize: null,
      employeeCount: company.employeeCount,
      sample: true,
      searchText: searchWords(prospect),
    };
  });
  for (let from = 0; from < documents.length; from += 1_000)
    await database.db.prospects.insertMany(documents.slice(from, from + 1_000), { ordered: false });
  // Their search keys, by the product's own start-up path (backfillSearchKeys keys a workspace written before the
  // keys, 2,000 prospects a bulkWrite): here, so that work does not run during the measured load.
  const keying = performance.now();
  await ensureSearchKeys(database.db, WORKSPACE);
  const keys = await database.db.prospectSearchKeys.countDocuments({ workspaceId: WORKSPACE });
  const perProspect = documents.reduce((sum, prospect) => sum + searchKeysOf(prospect.searchText).length, 0) / count;
  console.log(
    `[bench] dashboard: search keys of ${count} prospects written in ${secondsSince(keying).toFixed(1)} s (${keys} key documents, ${perProspect.toFixed(1)} prefixes per prospect)`,
  );
  return documents;
}

/** `events` outcome events spread over the last WEEKS weeks, and the rollups recordOutcome would have left. */
async function insertOutcomes(database: BenchDatabase, events: number, prospects: number, now: Date) {
  const span = WEEKS * 7 * 24 * 3_600_000;
  const scale = events / EVENT_MIX.reduce((sum, [, count]) => sum + count, 0);
  const documents = EVENT_MIX.flatMap(([type, count]) =>
    Array.from({ length: Math.round(count * scale) }, (_, index) => {
      const prospectId = String((index % prospects) + 1);
      const at = new Date(now.getTime() - span + ((index * 7_919 + type.length * 104_729) % span));
      return {
        workspaceId: WORKSPACE,
        eventId: `${type}-${index}`,
        type,
        at,
        prospectId,
        ...(type === 'sent' ? { template: ['roi-focused', 'pain-point', 'social-proof'][index % 3], step: (index % 3) + 1 } : {}),
        ...(type === 'replied' ? { category: REPLY_CATEGORIES[index % REPLY_CATEGORIES.length], step: 1 } : {}),
        ...(type === 'lead_scored'
          ? {
              score: (index * 37) % 101,
              features: {
                companySize: (index % 10) / 10,
                industryMatch: (index % 7) / 7,
                techStack: (index % 5) / 5,
                jobTitle: (index % 3) / 3,
              },
            }
          : {}),
        applied: true,
        learnedIn: null,
      };
    }),
  );
  documents.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (let from = 0; from < documents.length; from += 2_000)
    await database.db.outcomeEvents.insertMany(documents.slice(from, from + 2_000), { ordered: false });
  const rollups = new Map<string, Record<RollupCounter, number> & { appliedEventIds: string[] }>();
  const weeks = new Set<string>();
  for (const event of documents) {
    weeks.add(isoWeekOf(event.at));
    for (const period of [TOTAL_PERIOD, isoWeekOf(event.at), dayOf(event.at)]) {
      let rollup = rollups.get(period);
      if (!rollup) {
        rollup = {
          ...(Object.fromEntries(ROLLUP_COUNTERS.map((name) => [name, 0])) as Record<RollupCounter, number>),
          appliedEventIds: [],
        };
        rollups.set(period, rollup);
      }
      for (const [counter, value] of Object.entries(countersOf(event as never))) rollup[counter as RollupCounter] += value ?? 0;
      rollup.appliedEventIds.push(event.eventId);
    }
  }
  await database.db.dashboardRollups.insertMany(
    [...rollups].map(([period, { appliedEventIds, ...counters }]) => ({
      workspaceId: WORKSPACE,
      period,
      ...counters,
      appliedEventIds: appliedEventIds.slice(-200),
      // The all-time rollup lists the weeks with data, complete (as recordOutcome keeps it).
      ...(period === TOTAL_PERIOD ? { weeks: [...weeks], weeksListed: true } : {}),
    })),
  );
  return documents.length;
}

/**
 * Waits until `pids` together use less than `idleCores` of CPU over a whole `windowMs` (or `timeoutMs` has
 * passed): a process's background work gives no event to wait on, only its CPU. Returns how long that
 * took, whether they were idle, and the CPU they used meanwhile.
 */
async function untilIdle(pids: Record<string, number | undefined>, { windowMs = 1_000, idleCores = 0.1, timeoutMs = 120_000 } = {}) {
  const started = performance.now();
  const meanwhile = cpuMeter(pids);
  for (;;) {
    const window = cpuMeter(pids);
    await sleep(windowMs);
    const used = window.stop();
    const idle = Object.keys(pids).reduce((sum, name) => sum + (used[name] ?? 0), 0) / used.wall < idleCores;
    if (idle || performance.now() - started > timeoutMs) return { seconds: secondsSince(started), idle, cpu: meanwhile.stop() };
  }
}

/** The load's latency per route, slowest p99 first, as a Markdown table (which route is the tail). */
export function routeTable(load: Pick<LoadResult, 'byPath'>): string {
  const rows = Object.entries(load.byPath).sort(([, a], [, b]) => b.p99 - a.p99);
  return [
    '| route | requests | p50 | p99 | max |',
    '|---|---|---|---|---|',
    ...rows.map(
      ([path, route]) =>
        `| ${path.split('?')[0]} | ${route.requests} | ${route.p50.toFixed(1)} | ${route.p99.toFixed(1)} | ${route.max.toFixed(1)} |`,
    ),
  ].join('\n');
}

export async function benchDashboard(
  servers: BenchServers,
  options: { prospects: number; events: number; rate: number; seconds: number; searches: number; apiNodeArgs?: string[] },
): Promise<DashboardResult> {
  const database = await servers.database('dashboard');
  const setup = performance.now();
  const documents = await insertProspects(database, options.prospects);
  const events = await insertOutcomes(database, options.events, options.prospects, new Date());
  const session = await ownerSession(database.db, WORKSPACE);
  const setupSeconds = secondsSince(setup);
  const api = await startProductApi(servers, database, { taskQueue: 'bench-dashboard', nodeArgs: options.apiNodeArgs });
  try {
    const headers = { cookie: `meetflow_session=${session}` };
    const paths = DASHBOARD_GETS.map((path) => `${path}?workspace=${WORKSPACE}`);
    // Every GET answers before the clock starts (and warms the API's code paths): a broken route fails here, not as a figure.
    for (const path of paths) {
      const response = await fetch(`${api.url}${path}`, { headers });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    }
    const { processes } = servers.devstack;
    // The API's start-up work (api/start-up.ts; finishing the rollups a stop cut short reads every outcome event)
    // runs in the background once it answers: the clock starts when the API and the database are idle, so the
    // figure is the dashboard's, not the start-up's.
    const startUp = await untilIdle({ api: api.pid, database: processes.mongo?.pid });
    console.log(
      `[bench] dashboard: the API's start-up work ${startUp.idle ? 'was over' : 'was still running'} ${startUp.seconds.toFixed(1)} s after it answered ` +
        `(CPU seconds meanwhile: API ${startUp.cpu.api?.toFixed(1)}, database ${startUp.cpu.database?.toFixed(1)})`,
    );
    const cpu = cpuMeter({ api: api.pid, database: processes.mongo?.pid, temporal: processes.temporal?.pid });
    const load = await openLoopLoad({ baseUrl: api.url, paths, rate: options.rate, seconds: options.seconds, headers });
    const loadCpu = cpu.stop();
    // CPU per request sent: a figure the machine's other jobs disturb less than the latencies.
    const perRequest = (seconds: number | undefined) => (((seconds ?? Number.NaN) * 1_000) / load.requests).toFixed(2);
    console.log(
      `[bench] dashboard: CPU per request: API ${perRequest(loadCpu.api)} ms, database ${perRequest(loadCpu.database)} ms; ` +
        `latency per route, from when each request was due (ms):\n${routeTable(load)}`,
    );
    console.log(
      `[bench] dashboard: slowest answer of each second of the load (ms): ${load.bySecond.map(({ max }) => max.toFixed(0)).join(' ')}`,
    );

    // Searches one after another, each a different last name (as typed in the list's search box).
    const times: number[] = [];
    let matches = 0;
    // The searches' CPU (the API's and the database's): a figure the machine's other jobs disturb less than their times.
    const searchMeter = cpuMeter({ api: api.pid, database: processes.mongo?.pid });
    for (let index = 0; index < options.searches; index++) {
      const word = documents[(index * 7_919) % documents.length]!.lastName.toLowerCase();
      const started = performance.now();
      const response = await fetch(`${api.url}/api/prospects?workspace=${WORKSPACE}&limit=25&search=${encodeURIComponent(word)}`, {
        headers,
      });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (!response.ok) throw new Error(`search ${word}: ${response.status}`);
      matches += Number(response.headers.get('x-total-count') ?? 0);
    }
    const searchCpu = searchMeter.stop();
    const perSearch = (seconds: number | undefined) => (((seconds ?? Number.NaN) * 1_000) / Math.max(1, times.length)).toFixed(2);
    console.log(
      `[bench] dashboard: search CPU per request: API ${perSearch(searchCpu.api)} ms, database ${perSearch(searchCpu.database)} ms (load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')})`,
    );
    return {
      prospects: documents.length,
      events,
      setupSeconds,
      load,
      loadCpu,
      search: {
        requests: times.length,
        p50: quantile(times, 0.5),
        p99: quantile(times, 0.99),
        max: quantile(times, 1),
        meanMatches: matches / Math.max(1, times.length),
      },
    };
  } finally {
    await api.stop();
  }
}
