import type Koa from 'koa';
import type mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../dev/testing/database.ts';
import { serveForTest } from '../../dev/testing/http.ts';
import { ownerEverywhere } from '../../dev/testing/principal.ts';
import { DEFAULT_LOGIN_LIMITS } from '../features/accounts/auth/login-limits.ts';
import { PluginHost } from '../features/runs/plugins/host.ts';
import { createModels } from '../features/models.ts';
import { createTemporalClient, type TemporalClient } from '../core/temporal/client.ts';
import { createApp } from './app.ts';
import { BUILT_IN_PIPELINES } from '../features/built-in-pipelines.ts';

// MEETFLOW_TRUST_PROXY behind compose's nginx, which sets X-Forwarded-For to the one address it was
// reached from: a client can put anything before that entry, so only the last one counts.

let database: mongoose.Connection;
let temporal: TemporalClient;
const servers: Array<Awaited<ReturnType<typeof serveForTest>>> = [];

/**
 * The whole app (its sign-in routes and their limits as the API builds them) with or without proxy
 * trust, plus a probe at /probe answering the address and scheme the app sees.
 */
async function serve(trustProxy: boolean): Promise<string> {
  const db = createModels(database);
  const app: Koa = createApp({
    logger: pino({ level: 'silent' }),
    database,
    temporal,
    plugins: PluginHost.load([]),
    authenticator: ownerEverywhere,
    trustProxy,
    // Signing in starts no run: the runner is never called.
    product: {
      db,
      runner: { db, temporal: temporal.client, taskQueue: 'trust-proxy', activities: new Map(), builtIns: BUILT_IN_PIPELINES },
    },
  });
  app.use((ctx) => {
    if (ctx.path === '/probe') ctx.body = { ip: ctx.ip, ips: ctx.ips, protocol: ctx.protocol };
  });
  const served = await serveForTest(app);
  servers.push(served);
  return served.url;
}

const probe = async (url: string, headers: Record<string, string>) =>
  (await (await fetch(`${url}/probe`, { headers })).json()) as { ip: string; ips: string[]; protocol: string };

/** A failed sign-in of an unknown account, from the address the header claims. */
const failedSignIn = (url: string, forwardedFor: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email: `nobody-${Math.random()}@acme.example`, password: 'not the password' }),
  });

beforeAll(async () => {
  database = await openTestDatabase('trust-proxy');
  await Promise.all(Object.values(createModels(database)).map((model) => model.init()));
  temporal = createTemporalClient({ temporalAddress: '127.0.0.1:1', temporalNamespace: 'default' });
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await temporal.connection.close();
  await database.dropDatabase();
  await database.close();
});

describe('MEETFLOW_TRUST_PROXY', () => {
  it('on: the client is the last X-Forwarded-For entry (the one nginx set), and the scheme X-Forwarded-Proto', async () => {
    const url = await serve(true);
    expect(await probe(url, { 'x-forwarded-for': '1.2.3.4, 5.6.7.8', 'x-forwarded-proto': 'https' })).toEqual({
      ip: '5.6.7.8',
      ips: ['5.6.7.8'],
      protocol: 'https',
    });
    expect((await probe(url, { 'x-forwarded-for': '1.2.3.4' })).ip).toBe('1.2.3.4');
    expect((await probe(url, {})).ip).toBe('127.0.0.1'); // no proxy in between: the socket's address
  });

  it('on: the sign-in limit counts the address nginx saw, whatever a client wrote before it', async () => {
    const url = await serve(true);
    // Each failure claims another address first: all are counted against 5.6.7.8, which then has used them up.
    for (let attempt = 0; attempt < DEFAULT_LOGIN_LIMITS.perAddress; attempt++)
      expect((await failedSignIn(url, `10.0.0.${attempt}, 5.6.7.8`)).status).toBe(401);
    expect((await failedSignIn(url, '9.9.9.9, 5.6.7.8')).status).toBe(429);
    // Nor can a client take another's place by naming it first: nginx's entry, 1.2.3.4, is counted.
    expect((await failedSignIn(url, '5.6.7.8, 1.2.3.4')).status).toBe(401);
  });

  it('off: X-Forwarded-* headers are ignored, the client is the socket', async () => {
    const url = await serve(false);
    expect(await probe(url, { 'x-forwarded-for': '1.2.3.4, 5.6.7.8', 'x-forwarded-proto': 'https' })).toEqual({
      ip: '127.0.0.1',
      ips: [],
      protocol: 'http',
    });
  });
});
