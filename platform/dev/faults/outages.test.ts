import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReport } from '../../src/features/runs/health/routes.ts';
import { ownerToken } from '../testing/principal.ts';
import {
  expectEveryEmailSentOnce,
  FAULT_PROSPECTS,
  FAULT_SETUP_MS,
  FAULT_STEPS,
  faultTimeout,
  reportFault,
  sendingWorkspace,
  sinkReaches,
  startFaultBed,
  startSendingBatch,
  type FaultBed,
} from './fault-bed.ts';

// The Temporal dev server stopped for 20 s, then the database for 60 s, in the middle of a batch
// that really sends, with the production worker and API running: the API says what is down and
// answers 503 naming it, and once the server is back on its port everything carries on by itself.
// The database's minute is longer than a chunk's tries once lasted (5 tries, 15 s of waits: a
// chunk's enrolment failed for good); a chunk now rides out about 3 minutes (run-batch.ts, CHUNK_RETRY).
const DOWN_MS = { temporal: 20_000, mongo: 60_000 } as const;
const OUTAGE_TIMEOUT = faultTimeout(DOWN_MS.mongo + 240_000);
let bed: FaultBed;
let api: Awaited<ReturnType<FaultBed['startApi']>>;
beforeAll(async () => {
  bed = await startFaultBed('outages');
  await bed.startWorker();
  api = await bed.startApi();
}, FAULT_SETUP_MS);
afterAll(() => bed?.close());

async function health(): Promise<{ status: number; body: HealthReport }> {
  const response = await fetch(`${api.url}/api/health`);
  return { status: response.status, body: (await response.json()) as HealthReport };
}

/** A request a signed-in script makes (asking for JSON, so an error is `{ error }`), answered as status and body. */
async function call(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { error?: string } };
}

/**
 * A workspace that sends a batch of its own, with an owner's token and its first prospect on
 * record (so a route that asks Temporal about that prospect's sequence gets as far as Temporal).
 */
async function sendingBatchIn(workspaceId: string) {
  await sendingWorkspace(bed, workspaceId, FAULT_PROSPECTS);
  const token = await ownerToken(bed.database.db, workspaceId);
  const email = 'p0@company0.example';
  await bed.database.db.prospects.create({
    workspaceId,
    id: 1,
    firstName: 'P0',
    lastName: 'Doe',
    company: 'Company 0',
    email,
    emailLower: email,
  });
  const sentBefore = bed.sink.messages.length;
  const batch = await startSendingBatch(bed, workspaceId, FAULT_PROSPECTS);
  // In the middle: a third of its emails are out.
  await sinkReaches(bed, sentBefore + Math.ceil((FAULT_PROSPECTS * FAULT_STEPS) / 3));
  return { token, batch, sentBefore };
}

/**
 * The scenario of both tests: a batch, `server` stopped at a third of its emails, `whileDown` run
 * meanwhile (after checking health names it), `server` back on its port DOWN_MS after the stop; then
 * health is whole again by itself, the token's own routes answer, and every email went out once.
 */
async function outageMidBatch(
  server: 'mongo' | 'temporal',
  workspaceId: string,
  whileDown: (token: string) => Promise<void>,
): Promise<void> {
  const started = performance.now();
  const deadline = Date.now() + OUTAGE_TIMEOUT - 20_000; // a hang fails saying what still runs, before the test's own timeout
  const { token, batch, sentBefore } = await sendingBatchIn(workspaceId);
  expect(bed.sink.messages.length - sentBefore).toBeLessThan(FAULT_PROSPECTS * FAULT_STEPS); // mid-batch as the stop begins
  await bed.outage(server, DOWN_MS[server], async () => {
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      status: 'degraded',
      checks: { database: { ok: server !== 'mongo' }, temporal: { ok: server !== 'temporal' } },
    });
    await whileDown(token);
  });
  await expect.poll(async () => (await health()).status, { timeout: 60_000, interval: 500 }).toBe(200);
  expect((await call(token, 'GET', `/api/prospects?workspace=${workspaceId}`)).status).toBe(200);
  const cutOff = await expectEveryEmailSentOnce(bed, workspaceId, batch, FAULT_PROSPECTS, deadline);
  const name = server === 'mongo' ? 'the database' : 'Temporal';
  reportFault(`${name} down ${DOWN_MS[server] / 1000} s mid-batch`, {
    seconds: Math.round((performance.now() - started) / 1000),
    ...cutOff,
  });
}

describe('a server stopped in the middle of a sending batch', () => {
  it(
    'Temporal, for 20 s: health says so, a route that needs it answers 503 naming it, and the batch completes once it is back',
    () =>
      outageMidBatch('temporal', 'faults-temporal-down', async (token) => {
        const control = await call(token, 'POST', '/api/prospects/1/sequence?workspace=faults-temporal-down', { action: 'resume' });
        expect(control).toEqual({
          status: 503,
          retryAfter: '10',
          body: { error: 'Temporal is not answering: try again in a moment (GET /api/health says what is down)' },
        });
        expect((await call(token, 'GET', '/api/prospects?workspace=faults-temporal-down')).status).toBe(200); // the rest still serves
      }),
    OUTAGE_TIMEOUT,
  );

  it(
    'the database, for 60 s: health says so, a route that needs it answers 503 naming it, and the batch completes once it is back',
    () =>
      outageMidBatch('mongo', 'faults-database-down', async (token) => {
        // Signing in by token reads the database too: the whole request is the 503, said plainly.
        expect(await call(token, 'GET', '/api/prospects?workspace=faults-database-down')).toEqual({
          status: 503,
          retryAfter: '10',
          body: { error: 'The database is not answering: try again in a moment (GET /api/health says what is down)' },
        });
      }),
    OUTAGE_TIMEOUT,
  );
});
