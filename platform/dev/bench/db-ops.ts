// Counts the database operations a piece of work makes, by collection and kind (issue #36, item 2):
// each mongoose collection call (find, findOne, updateOne, bulkWrite, …) is one round trip to the
// server. Listens to the connection's `operation-start` events, so nothing is printed and nothing
// changes in the code measured. Each operation is also told by the Temporal activity it ran in (the
// activity's context follows the async call into the listener), so a batch's own steps can be told
// from work it started, such as the prospects' sequence workflows.
import { Context } from '@temporalio/activity';
import type { Connection } from 'mongoose';

/** One row of counts: a collection, an operation and the activity that made it (`-` outside one). */
export interface DbOpRow {
  collection: string;
  op: string;
  activity: string;
  count: number;
}

/** The activity type running the caller, or `-` outside an activity. */
function activityOfCaller(): string {
  try {
    return Context.current().info.activityType;
  } catch {
    return '-';
  }
}

/** Starts counting the operations made on a connection; `stop()` detaches and returns the rows, most frequent first. */
export function countDbOps(connection: Connection): { rows(): DbOpRow[]; stop(): DbOpRow[] } {
  const counts = new Map<string, DbOpRow>();
  const listener = (event: { collectionName: string; method: string }) => {
    const activity = activityOfCaller();
    const key = `${event.collectionName}\u0000${event.method}\u0000${activity}`;
    const row = counts.get(key) ?? { collection: event.collectionName, op: event.method, activity, count: 0 };
    row.count += 1;
    counts.set(key, row);
  };
  connection.on('operation-start', listener);
  const rows = () =>
    [...counts.values()].map((row) => ({ ...row })).sort((a, b) => b.count - a.count || a.collection.localeCompare(b.collection));
  return {
    rows,
    stop() {
      connection.off('operation-start', listener);
      return rows();
    },
  };
}

/** Operations of the given collections (all when none given) added up, optionally only those made in one activity. */
export function totalOps(rows: readonly DbOpRow[], filter: { collections?: readonly string[]; activity?: string } = {}): number {
  return rows
    .filter((row) => !filter.collections || filter.collections.includes(row.collection))
    .filter((row) => filter.activity === undefined || row.activity === filter.activity)
    .reduce((sum, row) => sum + row.count, 0);
}

/** A Markdown table of the rows, with each count per prospect (of `per` prospects). */
export function dbOpsTable(rows: readonly DbOpRow[], per: number): string {
  const lines = ['| collection | op | activity | count | per prospect |', '|---|---|---|---|---|'];
  for (const row of rows)
    lines.push(`| ${row.collection} | ${row.op} | ${row.activity} | ${row.count} | ${(row.count / per).toFixed(2)} |`);
  lines.push(`| **all** | | | ${totalOps(rows)} | ${(totalOps(rows) / per).toFixed(2)} |`);
  return lines.join('\n');
}
