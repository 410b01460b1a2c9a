// Preloaded into a process under measurement (`--import tsx --import <this file>`, e.g. through
// BENCH_WORKER_FLAGS): times every database call mongoose makes, by collection, method and the
// shape of its filter (field names and operators, values left out), and writes the totals to
// MEETFLOW_DB_PROFILE (default /tmp/meetflow-db-profile.json) every 5 seconds and at exit. The time
// is the caller's wait (the server's work, the round trip and any queueing): a call whose time
// grows with its collection is a scan. `npx tsx platform/dev/bench/db-profile.ts <file>` prints one.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import mongoose from 'mongoose';

interface Row {
  collection: string;
  method: string;
  shape: string;
  count: number;
  ms: number;
  maxMs: number;
}

/** A filter's shape: its keys and operators, every value a `?` (an array's first element stands for all). */
function shapeOf(value: unknown, depth = 0): unknown {
  if (depth > 4) return '…';
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0], depth + 1)];
  if (value && typeof value === 'object' && value.constructor === Object) {
    return Object.fromEntries(Object.keys(value).map((key) => [key, shapeOf((value as Record<string, unknown>)[key], depth + 1)]));
  }
  return '?';
}

function describeCall(method: string, params: unknown[]): string {
  if (method === 'bulkWrite' && Array.isArray(params[0])) {
    const kinds = new Map<string, number>();
    for (const op of params[0] as Array<Record<string, unknown>>) {
      const kind = Object.keys(op)[0] ?? '?';
      const filter = (op[kind] as { filter?: unknown } | undefined)?.filter;
      const key = `${kind} ${JSON.stringify(shapeOf(filter ?? {}))}`;
      kinds.set(key, (kinds.get(key) ?? 0) + 1);
    }
    return [...kinds.keys()].join(' + ');
  }
  if (method.startsWith('insert')) return '';
  return JSON.stringify(shapeOf(params[0] ?? {}));
}

function profile(file: string): void {
  const rows = new Map<string, Row>();
  const started = new Map<unknown, { at: number; key: string; row: Omit<Row, 'count' | 'ms' | 'maxMs'> }>();
  const write = () => {
    const sorted = [...rows.values()].sort((a, b) => b.ms - a.ms);
    writeFileSync(`${file}.tmp`, JSON.stringify(sorted, null, 1));
    renameSync(`${file}.tmp`, file);
  };
  const original = mongoose.createConnection.bind(mongoose);
  mongoose.createConnection = ((...args: Parameters<typeof mongoose.createConnection>) => {
    const connection = original(...args);
    connection.on('operation-start', (event: { _id: unknown; collectionName: string; method: string; params: unknown[] }) => {
      const shape = describeCall(event.method, event.params ?? []);
      const key = `${event.collectionName}\u0000${event.method}\u0000${shape}`;
      started.set(event._id, { at: performance.now(), key, row: { collection: event.collectionName, method: event.method, shape } });
    });
    connection.on('operation-end', (event: { _id: unknown }) => {
      const start = started.get(event._id);
      if (!start) return;
      started.delete(event._id);
      const ms = performance.now() - start.at;
      const row = rows.get(start.key) ?? { ...start.row, count: 0, ms: 0, maxMs: 0 };
      row.count += 1;
      row.ms += ms;
      row.maxMs = Math.max(row.maxMs, ms);
      rows.set(start.key, row);
    });
    return connection;
  }) as typeof mongoose.createConnection;
  setInterval(write, 5_000).unref();
  process.on('exit', write);
}

function print(file: string): void {
  const rows = JSON.parse(readFileSync(file, 'utf8')) as Row[];
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  console.log(`${rows.reduce((sum, row) => sum + row.count, 0)} calls, ${(total / 1000).toFixed(1)} s waited in all`);
  for (const row of rows.slice(0, 40)) {
    console.log(
      `${(row.ms / 1000).toFixed(2).padStart(8)} s ${String(row.count).padStart(7)} × ${(row.ms / row.count).toFixed(2).padStart(7)} ms (max ${row.maxMs.toFixed(0)})  ${row.collection}.${row.method} ${row.shape.slice(0, 160)}`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) print(process.argv[2] ?? '/tmp/meetflow-db-profile.json');
else profile(process.env.MEETFLOW_DB_PROFILE ?? '/tmp/meetflow-db-profile.json');
