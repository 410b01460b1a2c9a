// `npx tsx platform/dev/bench/trends-cost.ts`: what one dashboard trends read costs on the embedded
// database, by exact rollup keys (dashboardTrends) against the scan it replaced (a `$regex` and a
// range on `period`, kept here as the reference), on the bench's rollups (one workspace: 26 weeks of
// daily, weekly and all-time rollups, each with its 200 event ids), then with 50 more workspaces'
// rollups beside it. Sequential reads on a fresh server, after a warm-up; prints the wall time per
// read and the CPU of the database and of this process (the API's part) per read. Asserts nothing.
import { dashboardTrends, TREND_RANGES, TREND_WEEKS, type TrendRange } from '../../src/features/insights/outcomes/dashboard.ts';
import { dayOf, daysBefore, isoWeekOf } from '../../src/features/insights/outcomes/iso-week.ts';
import { ROLLUP_COUNTERS, TOTAL_PERIOD } from '../../src/features/insights/outcomes/rollup-model.ts';
import type { Models } from '../../src/features/models.ts';
import { startBenchServers, timeSequentialReads } from './stack.ts';

const READS = 300;
const OTHER_WORKSPACES = 50;

/** The trends read before it went by exact keys: every workspace's rollups scanned. */
function scannedTrends(db: Models, workspaceId: string, range: TrendRange | undefined, now: Date) {
  const week = '^\\d{4}-W\\d{2}$';
  if (!range)
    return db.dashboardRollups
      .find({ workspaceId, period: { $regex: week } })
      .sort({ period: -1 })
      .limit(TREND_WEEKS)
      .lean();
  const { days, bucket } = TREND_RANGES[range];
  const first = daysBefore(now, days - 1);
  const [from, to, pattern] =
    bucket === 'day' ? [dayOf(first), dayOf(now), '^\\d{4}-\\d{2}-\\d{2}$'] : [isoWeekOf(first), isoWeekOf(now), week];
  return db.dashboardRollups.find({ workspaceId, $and: [{ period: { $gte: from, $lte: to } }, { period: { $regex: pattern } }] }).lean();
}

/** A workspace's rollups as 26 weeks of outcomes leave them (../bench/dashboard.ts's shape). */
async function seed(db: Models, workspaceId: string, now: Date) {
  const weeks = new Set<string>();
  const periods = new Set<string>([TOTAL_PERIOD]);
  for (let day = 0; day < 26 * 7; day++) {
    const at = daysBefore(now, day);
    weeks.add(isoWeekOf(at));
    periods.add(isoWeekOf(at));
    periods.add(dayOf(at));
  }
  await db.dashboardRollups.insertMany(
    [...periods].map((period, index) => ({
      workspaceId,
      period,
      ...Object.fromEntries(ROLLUP_COUNTERS.map((name, counter) => [name, 10 + ((index * 7 + counter) % 50)])),
      appliedEventIds: Array.from({ length: 200 }, (_, event) => `sent-${index * 200 + event}`),
      ...(period === TOTAL_PERIOD ? { weeks: [...weeks], weeksListed: true } : {}),
    })),
  );
}

const servers = await startBenchServers();
try {
  const { db } = await servers.database('trends-cost');
  const database = servers.devstack.processes.mongo?.pid;
  const now = new Date();
  await seed(db, 'dashboard', now);
  // A fresh server's JIT makes the first few hundred reads several times slower than the rest: warm it on both ways.
  for (let index = 0; index < 300; index++)
    for (const range of [undefined, '30d'] as const)
      await Promise.all([scannedTrends(db, 'dashboard', range, now), dashboardTrends(db, 'dashboard', range, now)]);
  for (const others of [0, OTHER_WORKSPACES]) {
    for (let index = 0; index < others; index++) await seed(db, `other-${index}`, now);
    const rollups = await db.dashboardRollups.estimatedDocumentCount();
    for (const range of [undefined, '30d'] as const) {
      const ways = {
        scan: () => scannedTrends(db, 'dashboard', range, now),
        'exact keys': () => dashboardTrends(db, 'dashboard', range, now),
      };
      const [scanned, exact] = [await ways.scan(), await ways['exact keys']()];
      if (scanned.length !== exact.length) throw new Error(`the reads disagree: ${scanned.length} and ${exact.length} points`);
      for (const [way, read] of Object.entries(ways)) {
        for (let index = 0; index < 30; index++) await read();
        const { ms, databaseMs, callerMs } = await timeSequentialReads(read, READS, database);
        console.log(
          `${rollups} rollups (${1 + others} workspaces), trends ${range ?? 'without a range'} (${exact.length} points), ${way}: ` +
            `${ms.toFixed(2)} ms a read; CPU a read: database ${databaseMs.toFixed(2)} ms, caller ${callerMs.toFixed(2)} ms`,
        );
      }
    }
  }
} finally {
  await servers.close();
}
