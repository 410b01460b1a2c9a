import mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../dev/devstack/ports.ts';
import { openTestDatabase } from '../../dev/testing/database.ts';
import { serveForTest } from '../../dev/testing/http.ts';
import { ownerEverywhere } from '../../dev/testing/principal.ts';
import { createTemporalClient, type TemporalClient } from '../core/temporal/client.ts';
import { PluginHost } from '../features/runs/plugins/host.ts';
import { createApp } from './app.ts';
import type { HealthReport } from '../features/runs/health/routes.ts';

const logger = pino({ level: 'silent' });
const clients: TemporalClient[] = [];
const connections: mongoose.Connection[] = [];
let database: mongoose.Connection;

function temporalAt(address: string): TemporalClient {
  const client = createTemporalClient({ temporalAddress: address, temporalNamespace: 'default' });
  clients.push(client);
  return client;
}

async function health(db: mongoose.Connection, temporal: TemporalClient): Promise<{ status: number; body: HealthReport }> {
  const server = await serveForTest(
    createApp({ logger, database: db, temporal, plugins: PluginHost.load([]), authenticator: ownerEverywhere }),
  );
  try {
    const response = await fetch(`${server.url}/api/health`);
    return { status: response.status, body: (await response.json()) as HealthReport };
  } finally {
    await server.close();
  }
}

beforeAll(async () => {
  database = await openTestDatabase('health');
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.connection.close()));
  await Promise.all([database, ...connections].map((connection) => connection.close()));
});

describe('GET /api/health', () => {
  it('is 200 when the database and Temporal both answer', async () => {
    const { status, body } = await health(database, temporalAt(inject('temporalAddress')));
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.checks.database).toMatchObject({ ok: true });
    expect(body.checks.temporal).toMatchObject({ ok: true });
  });

  it('is 503 naming Temporal when Temporal is down', async () => {
    const { status, body } = await health(database, temporalAt(`127.0.0.1:${await freePort()}`));
    expect(status).toBe(503);
    expect(body.status).toBe('degraded');
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.temporal).toMatchObject({ ok: false, error: expect.any(String) });
  });

  it('is 503 naming the database when the database is down', async () => {
    const unreachable = mongoose.createConnection(`mongodb://127.0.0.1:${await freePort()}/x`, { serverSelectionTimeoutMS: 300 });
    unreachable.on('error', () => {}); // the failed connect is the point of this test
    connections.push(unreachable);
    const { status, body } = await health(unreachable, temporalAt(inject('temporalAddress')));
    expect(status).toBe(503);
    expect(body.checks.database).toMatchObject({ ok: false, error: 'not connected' });
    expect(body.checks.temporal.ok).toBe(true);
  });
});

describe('error responses', () => {
  it('answers readable text a UI toast can show as `STATUS: body`', async () => {
    const server = await serveForTest(
      createApp({
        logger,
        database,
        temporal: temporalAt(inject('temporalAddress')),
        plugins: PluginHost.load([]),
        authenticator: ownerEverywhere,
      }),
    );
    try {
      const missing = await fetch(`${server.url}/api/no-such-thing`);
      expect([missing.status, await missing.text()]).toEqual([404, 'Not found: GET /api/no-such-thing']);

      // A method the path does not take is refused before its body is read (bodies: request-checks.test.ts).
      const wrongMethod = await fetch(`${server.url}/api/health`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"urls": [',
      });
      expect([wrongMethod.status, wrongMethod.headers.get('allow'), await wrongMethod.text()]).toEqual([
        405,
        'GET, HEAD, OPTIONS',
        'Method not allowed: POST /api/health (it takes GET, HEAD, OPTIONS)',
      ]);

      const asJson = await fetch(`${server.url}/api/no-such-thing`, { headers: { accept: 'application/json' } });
      expect(await asJson.json()).toEqual({ error: 'Not found: GET /api/no-such-thing' });
    } finally {
      await server.close();
    }
  });
});
