// The committed workflow histories that every release must still replay (issue #18): where they
// live, what their index says, and how one is read. `npm run record:histories` writes them
// (record-histories.ts); replay.test.ts replays each one on today's workflow code in `npm test`.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { temporal } from '@temporalio/proto';
import { repoRoot } from '../../src/core/paths.ts';

/** The folder of the history files and their index. */
export const HISTORIES_DIR = join(repoRoot, 'platform', 'dev', 'replay', 'histories');
export const INDEX_FILE = join(HISTORIES_DIR, 'index.json');

/** One committed history, as index.json lists it. */
export interface HistoryFixture {
  /** The JSON file in histories/: `<case>.<recorded day>.json`, the history's protobuf JSON (`History.toJSON()`). */
  file: string;
  /** The case the recorder drove (a case recorded again on a later day gets a file of its own beside the old one). */
  case: string;
  /** The workflow type the history is of (its first event says so too). */
  workflowType: string;
  /** The point of the workflow's life the history stops at, in words. */
  captures: string;
  /** `running` when the workflow was still open (waiting on a timer, a signal or an activity) when recorded. */
  status: 'running' | 'completed' | 'failed' | 'continued-as-new' | 'cancelled' | 'terminated';
  events: number;
  recordedAt: string;
  /** The commit checked out when it was recorded, and whether workflows/src differed from it then. */
  commit: string | null;
  workflowSourcesChanged: boolean | null;
}

/** The index, oldest recording first ([] before the first recording). */
export function readIndex(): HistoryFixture[] {
  return existsSync(INDEX_FILE) ? (JSON.parse(readFileSync(INDEX_FILE, 'utf8')) as HistoryFixture[]) : [];
}

/** The history files in the folder, whether indexed or not. */
export function historyFiles(): string[] {
  return existsSync(HISTORIES_DIR)
    ? readdirSync(HISTORIES_DIR)
        .filter((name) => name.endsWith('.json') && name !== 'index.json')
        .sort()
    : [];
}

export type History = temporal.api.history.v1.IHistory;

/**
 * A fixture's history. Stored as protobufjs writes it (`History.toJSON()`: enums and 64-bit numbers as
 * strings, times as seconds and nanos), like the pipelines' older fixtures; not through @temporalio/common's
 * historyFromJSON/historyToJSON, which throw "type must be a Type" with this lockfile (it installs two copies of protobufjs 8).
 */
export function readHistory(file: string): temporal.api.history.v1.History {
  return temporal.api.history.v1.History.fromObject(JSON.parse(readFileSync(join(HISTORIES_DIR, file), 'utf8')));
}

/** A history as a fixture file holds it. */
export function historyJson(history: History): string {
  return JSON.stringify(temporal.api.history.v1.History.fromObject(history).toJSON());
}

/** The workflow type a history's first event names. */
export function workflowTypeOf(history: History): string | undefined {
  return history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name ?? undefined;
}

/** The workflow id a history's first event names (replay needs one per history). */
export function workflowIdOf(history: History, fallback: string): string {
  return history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowId || fallback;
}
