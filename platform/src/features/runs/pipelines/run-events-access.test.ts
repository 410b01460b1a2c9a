import { randomUUID } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import type mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveForTest } from '../../../../dev/testing/http.ts';
import { ownerSession, ownerToken } from '../../../../dev/testing/principal.ts';
import type { Authenticator } from '../../../core/access.ts';
import { createModels, type Models } from '../../models.ts';
import { createApp } from '../../../api/app.ts';
import { createTemporalClient, type TemporalClient } from '../../../core/temporal/client.ts';
import { sessionsAndTokens } from '../../accounts/auth/authenticate.ts';
import { DEFAULT_SESSION_POLICY, SESSION_COOKIE } from '../../accounts/auth/sessions.ts';
import { PluginHost } from '../plugins/host.ts';
import { BUILT_IN_PIPELINES } from '../../built-in-pipelines.ts';

// A live run's event stream ends when the session or token that opened it does: the whole API
// (the real authenticator, sign-out and token revocation) over the run's database, each stream
// re-checking its caller every 20 ms.
const WS = 'acme';
const DAY = 24 * 3_600_000;

let connection: mongoose.Connection;
let db: Models;
let server: Awaited<ReturnType<typeof serveForTest>>;
let temporal: TemporalClient;
/** The authenticator's clock; null: the real time. */
let clock: Date | null = null;
/** Told each time a request's caller is looked up (the access check, then each re-check of a stream). */
const lookups = new EventEmitter();

beforeAll(async () => {
  connection = await openTestDatabase('run-events-access');
  db = createModels(connection);
  await Promise.all(Object.values(db).map((model) => model.init()));
  const authenticate = sessionsAndTokens(db, DEFAULT_SESSION_POLICY, () => clock ?? new Date());
  const counted: Authenticator = async (ctx) => {
    lookups.emit('lookup');
    return authenticate(ctx);
  };
  // Nothing here starts a run (the runs are written as the worker would): Temporal is never called.
  temporal = createTemporalClient({ temporalAddress: '127.0.0.1:1', temporalNamespace: 'default' });
  const runner = { db, temporal: temporal.client, taskQueue: 'run-events-access', activities: new Map(), builtIns: BUILT_IN_PIPELINES };
  server = await serveForTest(
    createApp({
      logger: pino({ level: 'silent' }),
      database: connection,
      temporal,
      plugins: PluginHost.load([]),
      authenticator: counted,
      product: { db, runner, runEventsRecheckMs: 20 },
    }),
  );
});
afterAll(async () => {
  await server.close();
  await temporal.connection.close();
  await connection.dropDatabase();
  await connection.close();
});

/** A run of the workspace that stays running until the test says otherwise. */
async function runningRun(): Promise<string> {
  const runId = randomUUID();
  await db.pipelineRuns.create({
    runId,
    workspaceId: WS,
    pipelineId: 'doubler',
    pipelineVersion: 1,
    definition: { id: 'doubler', name: 'Doubler', nodes: [], edges: [] },
    input: {},
    status: 'running',
    steps: {},
  });
  return runId;
}

const asSession = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });
const asToken = (token: string) => ({ authorization: `Bearer ${token}` });
const events = (runId: string, headers: Record<string, string>) =>
  fetch(`${server.url}/api/runs/${runId}/events?workspace=${WS}`, { headers });

/** Opens the run's stream: answered 200 with its snapshot on the way. */
async function follow(runId: string, headers: Record<string, string>): Promise<Response> {
  const response = await events(runId, headers);
  expect(response.status).toBe(200);
  return response;
}

/** Reads a stream to its end (the server closing it), as its event names. */
async function eventNames(response: Response): Promise<string[]> {
  const text = await response.text();
  return [...text.matchAll(/^event: (.+)$/gm)].map((match) => match[1]!);
}

describe('GET /api/runs/{id}/events while its caller changes', () => {
  it('stays open for a valid session until the run ends', async () => {
    const runId = await runningRun();
    const stream = await follow(runId, asSession(await ownerSession(db, WS)));
    for (let check = 0; check < 3; check++) await once(lookups, 'lookup'); // three re-checks that passed
    await db.pipelineRuns.updateOne({ workspaceId: WS, runId }, { $set: { status: 'completed' } });
    expect(await eventNames(stream)).toEqual(['snapshot', 'run']);
  });

  it('ends with a session-ended event when the session signs out, and a reopened stream is refused', async () => {
    const session = await ownerSession(db, WS);
    const runId = await runningRun();
    const stream = await follow(runId, asSession(session));
    const signedOut = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: asSession(session) });
    expect(signedOut.status).toBe(200);
    expect(await eventNames(stream)).toEqual(['snapshot', 'session-ended']);
    expect((await events(runId, asSession(session))).status).toBe(401);
  });

  it('ends when the session expires', async () => {
    const runId = await runningRun();
    const stream = await follow(runId, asSession(await ownerSession(db, WS)));
    clock = new Date(Date.now() + DEFAULT_SESSION_POLICY.absoluteMs + DAY);
    try {
      expect(await eventNames(stream)).toEqual(['snapshot', 'session-ended']);
    } finally {
      clock = null;
    }
  });

  it('ends when its API token is revoked', async () => {
    const token = await ownerToken(db, WS);
    const runId = await runningRun();
    const stream = await follow(runId, asToken(token));
    const admin = asSession(await ownerSession(db, WS));
    const listed = (await (await fetch(`${server.url}/api/tokens?workspace=${WS}`, { headers: admin })).json()) as Array<{ id: string }>;
    for (const { id } of listed) {
      const revoked = await fetch(`${server.url}/api/tokens/${id}?workspace=${WS}`, { method: 'DELETE', headers: admin });
      expect(revoked.status).toBe(200);
    }
    expect(await eventNames(stream)).toEqual(['snapshot', 'session-ended']);
  });

  it('ends when the user is removed from the workspace', async () => {
    const email = `leaver-${randomUUID().slice(0, 8)}@acme.example`;
    const runId = await runningRun();
    const stream = await follow(runId, asSession(await ownerSession(db, WS, email)));
    const user = await db.users.findOne({ email }).lean();
    await db.memberships.deleteOne({ userId: user!._id, workspaceId: WS });
    expect(await eventNames(stream)).toEqual(['snapshot', 'session-ended']);
  });
});
