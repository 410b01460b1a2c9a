// What the fault tests run on: servers of their own (the embedded database and the Temporal dev
// server, fresh on free ports in a temporary folder, as `npm run bench` starts them), so stopping
// or killing them disturbs no other test; the production worker and API as child processes
// (`platform/src/worker/main.ts`, `platform/src/api/main.ts`, configured as `npm start` does);
// and a real SMTP server on loopback that a workspace really sends to.
import { randomUUID } from 'node:crypto';
import { TEST_OWNER } from '../testing/principals.ts';
import { setMaxListeners } from 'node:events';
import { appendFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ACROSS_WORKSPACES } from '@meetflow/plugin-sdk';
import type { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { expect } from 'vitest';
import type { Config } from '../../src/core/config.ts';
import { openSecrets } from '../../src/core/secrets-key.ts';
import { startPipelineBatch } from '../../src/features/runs/pipelines/batches.ts';
import { PluginHost } from '../../src/features/runs/plugins/host.ts';
import { installedPlugins } from '../../src/features/runs/plugins/installed.ts';
import { BUILTIN_ACTIVITIES } from '../../src/features/steps.ts';
import { sequenceWorkflowId } from '../../src/features/email/sequences/enrollment.ts';
import { startSmtpSink, type SmtpSink } from '@meetflow/plugin-channel-email-smtp/testing';
import {
  logTail,
  startBenchServers,
  startProductApi,
  startProductWorker,
  type BenchDatabase,
  type BenchServers,
  type ChildNode,
} from '../bench/stack.ts';
import type { ManagedProcess } from '../devstack/managed-process.ts';
import { outreachBatch } from '../testing/outreach-batch.ts';
import { configureSending, connectSinkMailbox, morningZone } from '../testing/sending.ts';
import { BUILT_IN_PIPELINES } from '../../src/features/built-in-pipelines.ts';

/** Prospects per fault test: 50 in `npm test`; `npm run test:faults` sets MEETFLOW_FAULT_PROSPECTS=1000. */
export const FAULT_PROSPECTS = prospectsToRun(process.env.MEETFLOW_FAULT_PROSPECTS);

function prospectsToRun(value: string | undefined): number {
  const count = Number(value ?? 50);
  if (!Number.isInteger(count) || count < 1) {
    throw new Error(`MEETFLOW_FAULT_PROSPECTS must be a whole number of prospects (got ${value})`);
  }
  return count;
}

/**
 * Emails per prospect: the first of the three the outreach agent writes. Every send passes each
 * guardrail; a thousand of them take a few minutes on this 2-core machine under other jobs' load,
 * and a first run with all three was on course for well over half an hour.
 */
export const FAULT_STEPS = 1;

/**
 * Keeps what a fault test saw (how long, what the crash cut off) for `npm run test:faults` to
 * print: a JSON line in the file MEETFLOW_FAULT_REPORT names; nothing without it, so `npm test` stays quiet.
 */
export function reportFault(test: string, figures: Record<string, number | string>): void {
  const file = process.env.MEETFLOW_FAULT_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify({ test, prospects: FAULT_PROSPECTS, ...figures })}\n`);
}

/**
 * Milliseconds a fault test may take: the batch itself (generously, on a shared 2-core machine),
 * plus what the fault costs (an activity cut off by a killed worker is retried only once its
 * 2-minute start-to-close timeout has passed, for instance).
 */
export const faultTimeout = (faultMs: number) => faultMs + 120_000 + FAULT_PROSPECTS * 600;

/**
 * Milliseconds a fault test's set-up may take: two servers, then a worker and an API that wait for
 * them, on a machine other test runs load too (the bench's own waits allow 60 s a server and 120 s
 * a child; vitest's default for a hook is 120 s in all).
 */
export const FAULT_SETUP_MS = 300_000;

/** One fault test's servers, database, SMTP server and children. */
export interface FaultBed {
  servers: BenchServers;
  database: BenchDatabase;
  sink: SmtpSink;
  temporal: Client;
  taskQueue: string;
  /**
   * The production worker as a child on this bed's task queue (killed by the test, or at close);
   * `plugins` and `env` add to its configuration (a payments plugin's API base, a Stripe key).
   */
  startWorker(options?: { plugins?: Record<string, unknown>; env?: Record<string, string> }): Promise<ChildNode>;
  /** The production API as a child; resolves once /api/health answers. */
  startApi(): Promise<ChildNode & { url: string }>;
  /**
   * Stops the database or the Temporal server (SIGTERM, as an operator or a crash would stop it),
   * runs `meanwhile`, and once `downMs` have passed since the stop starts it again on the same
   * port and data, resolving when it answers. Its clients are left to recover on their own.
   */
  outage(server: 'mongo' | 'temporal', downMs: number, meanwhile: () => Promise<void>): Promise<void>;
  /** Each child (worker, API) in a few lines: running or how it exited, and the last entries of its log. */
  describeChildren(): string[];
  close(): Promise<void>;
}

/** Starts a bed named `name`; a server that cannot start fails the test with its reason and log. */
export async function startFaultBed(name: string): Promise<FaultBed> {
  const servers = await startBenchServers();
  const children: ChildNode[] = [];
  const started = <T extends ChildNode>(child: T) => (children.push(child), child);
  const restarted: ManagedProcess[] = []; // servers.close() stops only the first processes
  try {
    const database = await servers.database(name);
    const sink = await startSmtpSink();
    const taskQueue = `faults-${name}-${randomUUID()}`;
    return {
      servers,
      database,
      sink,
      temporal: servers.temporal,
      taskQueue,
      // The worker sends to the sink on loopback, which the mailboxes' address policy allows only when told.
      startWorker: async (options = {}) =>
        started(await startProductWorker(servers, database, { ...options, taskQueue, mailAllowHosts: [`127.0.0.1:${sink.port}`] })),
      startApi: async () => started(await startProductApi(servers, database, { taskQueue })),
      async outage(server, downMs, meanwhile) {
        const running = restarted.findLast((process) => process.name === servers.devstack.processes[server]!.name);
        const stoppedAt = Date.now();
        await (running ?? servers.devstack.processes[server]!).stop();
        await meanwhile();
        await sleep(stoppedAt + downMs - Date.now());
        restarted.push(await servers.devstack.restart[server]!());
      },
      describeChildren: () =>
        children.map((child) => {
          const state =
            child.process.exitCode !== null || child.process.signalCode !== null
              ? `exited (${child.process.exitCode ?? child.process.signalCode})`
              : 'running';
          // The log's last lines, without stack frames and lone brackets.
          const lines = logTail(child, 400)
            .split('\n')
            .filter((line) => !/^\s+at /.test(line) && !/^\s*[{}\][),]*\s*$/.test(line));
          return [
            `${basename(child.logFile)}: ${state}; the end of its log:`,
            ...lines.slice(-24).map((line) => `  ${line.slice(0, 300)}`),
          ].join('\n');
        }),
      async close() {
        sink.onReceived = null;
        for (const child of children) await child.stop(5_000);
        for (const process of restarted) await process.stop();
        await sink.close();
        await servers.close();
      },
    };
  } catch (error) {
    await servers.close();
    throw error;
  }
}

/**
 * Makes `workspaceId` send for real, through the product's own settings and guardrails:
 * autonomous mode, a sending window open now (a zone where it is mid-morning), no gap between
 * sends, one new prospect per company domain a day (each prospect of a batch has its own
 * domain), and one mailbox on the SMTP server whose daily cap holds every email of the batch,
 * added long enough ago that its warm-up (5 a day, +2 a day) reached that cap.
 */
export async function sendingWorkspace(bed: FaultBed, workspaceId: string, prospects: number): Promise<void> {
  const { db } = bed.database;
  const emails = prospects * FAULT_STEPS;
  await configureSending(db, workspaceId, {
    mode: 'autonomous',
    timeZone: morningZone(Date.now()),
    window: { days: [1, 2, 3, 4, 5, 6, 7], start: '08:00', end: '17:00' },
    gapMinutes: { min: 0, max: 0 },
    newProspectsPerDomainPerDay: 1,
  });
  // The key the worker seals and opens mailbox passwords with: its development key in the bed's data folder.
  const secrets = openSecrets({ secretsKey: null, production: false, devstack: { dataDir: bed.servers.dataDir } as Config['devstack'] });
  if (!('seal' in secrets)) throw new Error(secrets.unavailable);
  const warmUpDays = Math.ceil(emails / 2) + 1;
  await connectSinkMailbox(db, secrets, workspaceId, bed.sink, { dailyCap: emails, addedAt: Date.now() - warmUpDays * 86_400_000 });
}

/** Starts the outreach batch of `prospects` for `workspaceId` on the bed's worker: score, write, enrol; the sequences then send. */
export async function startSendingBatch(bed: FaultBed, workspaceId: string, prospects: number) {
  const runner = {
    db: bed.database.db,
    temporal: bed.temporal,
    taskQueue: bed.taskQueue,
    activities: PluginHost.load(installedPlugins).activityIndex(BUILTIN_ACTIVITIES),
    builtIns: BUILT_IN_PIPELINES,
  };
  const { definition, inputs } = outreachBatch(prospects, FAULT_STEPS);
  // About 20 chunks whatever the count: emails start early, and the batch's history stays small
  // (a 1,000-prospect batch in chunks of 10 made workflow tasks slow enough to time out on a loaded machine).
  return startPipelineBatch(runner, {
    principal: TEST_OWNER,
    workspaceId,
    definition,
    inputs,
    chunkSize: Math.max(5, Math.ceil(prospects / 20)),
  });
}

/** Resolves once the sink has received `count` messages. */
export async function sinkReaches(bed: FaultBed, count: number, timeoutMs = faultTimeout(0)): Promise<void> {
  await expect.poll(() => bed.sink.messages.length, { timeout: timeoutMs, interval: 50 }).toBeGreaterThanOrEqual(count);
}

/**
 * Waits for the batch and every prospect's sequence to end, then checks the guarantees: every
 * prospect went through the pipeline and its sequence completed with all steps sent; each
 * (prospect, step) is one outbox row, sent; no message reached the SMTP server twice, none that
 * the outbox does not know, and none is missing but those a crash cut off after their send began
 * (recorded `unconfirmed`: sent at most once, never again). Returns how many those were.
 */
export async function expectEveryEmailSentOnce(
  bed: FaultBed,
  workspaceId: string,
  batch: { workflowId: string },
  prospects: number,
  deadline: number,
): Promise<{ unconfirmed: number; lost: number }> {
  const [progress] = (await resultsBy(bed, [batch.workflowId], deadline)) as Array<{ nodes: Record<string, Record<string, number>> }>;
  expect(progress!.nodes).toEqual({ score: { completed: prospects }, copy: { completed: prospects }, enrol: { completed: prospects } });
  // Each prospect's sequence runs in its chunk's group, as the sequence directory says (or alone, where it has no entry).
  const prospectIds = Array.from({ length: prospects }, (_, index) => index + 1);
  const entries = await bed.database.db.sequenceDirectory.find({ workspaceId }, { prospectId: 1, workflowId: 1 }).lean();
  const where = new Map(entries.map((entry) => [entry.prospectId, entry.workflowId]));
  const workflowOf = (prospectId: number) => where.get(prospectId) ?? sequenceWorkflowId(workspaceId, prospectId);
  const workflowIds = [...new Set(prospectIds.map(workflowOf))];
  // A sequence still running says, besides its workflow, why its emails wait (the reason the outbox row records).
  const waits = async (workflowId: string) =>
    (
      await bed.database.db.outbox
        .find(
          { workspaceId, prospectId: { $in: prospectIds.filter((prospectId) => workflowOf(prospectId) === workflowId) } },
          { prospectId: 1, step: 1, status: 1, waitReason: 1, waitingUntil: 1 },
        )
        .lean()
    ).map(
      (row) =>
        `  email ${row.prospectId}/${row.step} ${row.status}: ${row.waitReason ?? 'no wait'} (until ${row.waitingUntil?.toISOString() ?? '-'})`,
    );
  const results = (await resultsBy(bed, workflowIds, deadline, waits)) as Array<{ states?: Record<string, unknown> } | null>;
  // A group answers its members' last states; a sequence alone, its own.
  const resultOf = new Map(workflowIds.map((workflowId, index) => [workflowId, results[index]]));
  const stateOf = (prospectId: number) => {
    const result = resultOf.get(workflowOf(prospectId));
    return (result?.states ? result.states[String(prospectId)] : result) as { status: string; sentSteps: number[] } | null | undefined;
  };
  const steps = Array.from({ length: FAULT_STEPS }, (_, index) => index + 1);
  // Each prospect whose sequence did not complete with every step sent, with where it ran and how it ended (or that its workflow did not answer for it).
  const unfinished = prospectIds
    .filter((prospectId) => {
      const state = stateOf(prospectId);
      return !(state?.status === 'completed' && String(state.sentSteps) === String(steps));
    })
    .map((prospectId) => `${prospectId} in ${workflowOf(prospectId)}: ${JSON.stringify(stateOf(prospectId) ?? 'no state answered')}`);
  expect(unfinished, 'sequences that did not complete with every step sent').toEqual([]);

  const rows = await bed.database.db.outbox
    .find({ workspaceId }, { prospectId: 1, step: 1, status: 1, messageId: 1, unconfirmed: 1 })
    .lean();
  // Every workspace's emails, to tell a stray message (one with an id no outbox row holds) from another workspace's.
  const known = new Set((await bed.database.db.outbox.find({}, { messageId: 1 }, ACROSS_WORKSPACES).lean()).map((row) => row.messageId));
  const copies = new Map<string, number>();
  for (const message of bed.sink.messages)
    copies.set(message.parsed.messageId ?? '', (copies.get(message.parsed.messageId ?? '') ?? 0) + 1);
  const tally = {
    rows: rows.length,
    distinctSteps: new Set(rows.map((row) => `${row.prospectId}/${row.step}`)).size,
    sent: rows.filter((row) => row.status === 'sent').length,
    receivedTwice: rows.filter((row) => (copies.get(row.messageId ?? '') ?? 0) > 1).map((row) => `${row.prospectId}/${row.step}`),
    confirmedButNotReceived: rows.filter((row) => !row.unconfirmed && !copies.has(row.messageId ?? '')).length,
    strays: [...copies.keys()].filter((id) => !known.has(id)),
  };
  const emails = prospects * FAULT_STEPS;
  expect(tally).toEqual({ rows: emails, distinctSteps: emails, sent: emails, receivedTwice: [], confirmedButNotReceived: 0, strays: [] });
  const unconfirmed = rows.filter((row) => row.unconfirmed);
  return { unconfirmed: unconfirmed.length, lost: unconfirmed.filter((row) => !copies.has(row.messageId ?? '')).length };
}

/**
 * The results of `workflowIds` (100 awaited at a time), or, when `deadline` (a `Date.now()` time)
 * passes first, a failure that says which are still running and on what: each one's pending
 * activities (attempt, state, last failure, next try), its last history events and what `more`
 * adds. A fault test
 * that hangs then says why, instead of ending in its bare timeout.
 */
async function resultsBy(
  bed: FaultBed,
  workflowIds: string[],
  deadline: number,
  more: (workflowId: string) => Promise<string[]> = async () => [],
): Promise<unknown[]> {
  const results = new Map<string, unknown>();
  const stop = new AbortController(); // at the deadline, the calls still waiting end instead of outliving the test
  setMaxListeners(0, stop.signal); // one listener per call waiting: up to 100 at a time
  const all = bed.temporal.withAbortSignal(stop.signal, async () => {
    for (let first = 0; first < workflowIds.length; first += 100) {
      const ids = workflowIds.slice(first, first + 100);
      await Promise.all(ids.map(async (id) => results.set(id, await bed.temporal.workflow.getHandle(id).result())));
    }
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(deadline - Date.now(), 0))));
  try {
    if ((await Promise.race([all, late])) !== 'late') return workflowIds.map((id) => results.get(id));
  } finally {
    clearTimeout(timer);
  }
  stop.abort();
  all.catch(() => {}); // aborted: the failure below is the test's answer
  const running = workflowIds.filter((id) => !results.has(id));
  const described = await Promise.all(running.slice(0, 8).map((id) => describeRunning(bed, id, more)));
  throw new Error(
    `${running.length} of ${workflowIds.length} workflows still running at the deadline; the first ${described.length}:\n${described.join('\n')}\n${bed.describeChildren().join('\n')}`,
  );
}

/** One running workflow in a few lines: its pending activities and its last history events, with their times. */
async function describeRunning(bed: FaultBed, workflowId: string, more: (workflowId: string) => Promise<string[]>): Promise<string> {
  try {
    const handle = bed.temporal.workflow.getHandle(workflowId);
    const description = await handle.describe();
    const time = (value: unknown) => (value ? new Date(Number((value as { seconds?: unknown }).seconds ?? 0) * 1000).toISOString() : '-');
    const activities = (description.raw.pendingActivities ?? []).map(
      (activity) =>
        `  pending ${activity.activityType?.name} attempt ${activity.attempt} state ${temporal.api.enums.v1.PendingActivityState[activity.state ?? 0]} started ${time(activity.lastStartedTime)} next ${time(activity.nextAttemptScheduleTime)}: ${activity.lastFailure?.message ?? 'no failure'}`,
    );
    const events = ((await handle.fetchHistory()).events ?? [])
      .slice(-6)
      .map((event) => `  event ${event.eventId} ${time(event.eventTime)} ${temporal.api.enums.v1.EventType[event.eventType ?? 0]}`);
    return [`${workflowId} (${description.status.name})`, ...activities, ...events, ...(await more(workflowId))].join('\n');
  } catch (error) {
    return `${workflowId}: could not describe it (${(error as Error).message})`;
  }
}

/** A request the gate holds: seen before it is passed on. */
export interface GatedRequest {
  method: string;
  /** The path without the query. */
  path: string;
  headers: IncomingHttpHeaders;
}

/**
 * A loopback HTTP proxy in front of `target` (a Stripe recorder) that calls `onRequest` with each
 * request once its body has arrived and before passing it on: a test kills the worker there, so
 * the request reaches Stripe while the process that sent it never hears the answer.
 */
export async function startHttpGate(target: string): Promise<{
  url: string;
  onRequest: ((request: GatedRequest) => void) | null;
  close(): Promise<void>;
}> {
  const gate = {
    url: '',
    onRequest: null as ((request: GatedRequest) => void) | null,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://gate');
      gate.onRequest?.({ method: request.method ?? 'GET', path: url.pathname, headers: request.headers });
      const headers = { ...request.headers } as Record<string, string>;
      for (const name of ['host', 'content-length', 'connection']) delete headers[name];
      const method = request.method ?? 'GET';
      fetch(new URL(request.url ?? '/', target), {
        method,
        headers,
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: Buffer.concat(chunks) }),
      })
        .then(async (answer) => {
          const body = Buffer.from(await answer.arrayBuffer());
          response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          response.end(body);
        })
        .catch(() => {
          response.writeHead(502, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { type: 'api_error', message: 'the gate could not reach its target' } }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gate.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return gate;
}
