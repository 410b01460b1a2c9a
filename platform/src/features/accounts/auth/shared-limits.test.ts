import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApiProcess, type ChildNode } from '../../../../dev/bench/stack.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { createModels } from '../../models.ts';
import { allRouteDocs } from '../../../api/routes.ts';
import { DEFAULT_LOGIN_LIMITS } from './login-limits.ts';
import { hashPassword } from './passwords.ts';

// The abuse limits hold across API processes: two production APIs (`platform/src/api/main.ts`,
// each a child process) on one database, an attacker taking turns between them. The sign-in
// limits, and the per-address limits of public routes (core/http/client-limit.ts).

let connection: mongoose.Connection;
let dataDir: string;
const apis: Array<ChildNode & { url: string }> = [];

/** The production API as a child process on the test database; resolves once it answers. */
const startApi = (name: string) =>
  startApiProcess({
    name,
    mongoUri: `${inject('mongoServer')}/${connection.name}`,
    temporalAddress: inject('temporalAddress'),
    dataDir,
    taskQueue: `shared-limits-${name}`,
  });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'meetflow-shared-limits-'));
  connection = await openTestDatabase('shared-limits');
  const db = createModels(connection);
  await Promise.all(Object.values(db).map((model) => model.init()));
  await db.users.create({ email: 'shared@acme.example', name: 'Shared', passwordHash: await hashPassword('the right passphrase') });
  apis.push(...(await Promise.all([startApi('api-a'), startApi('api-b')])));
}, 180_000);
afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop(10_000)));
  await connection?.dropDatabase();
  await connection?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const logIn = (api: { url: string }, email: string, password: string) =>
  fetch(`${api.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe('sign-in limits shared by API processes', () => {
  it("count an account's failures on every process: the 6th attempt waits, on either", async () => {
    const [a, b] = apis as [ChildNode & { url: string }, ChildNode & { url: string }];
    for (let attempt = 0; attempt < DEFAULT_LOGIN_LIMITS.freeFailures; attempt += 1)
      expect((await logIn(attempt % 2 ? b : a, 'shared@acme.example', `guess ${attempt}`)).status).toBe(401);
    for (const api of [a, b]) {
      const refused = await logIn(api, 'shared@acme.example', 'the right passphrase');
      expect(refused.status, api.url).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(20); // 32 s after the 5th failure
    }
  });

  it("count an address's failures on every process: past 20 in 15 minutes, both refuse it", async () => {
    // This file's first test failed 5 times from this address already.
    const [a, b] = apis as [ChildNode & { url: string }, ChildNode & { url: string }];
    for (let attempt = DEFAULT_LOGIN_LIMITS.freeFailures; attempt < DEFAULT_LOGIN_LIMITS.perAddress; attempt += 1)
      expect((await logIn(attempt % 2 ? b : a, `nobody-${attempt}@acme.example`, 'a guess')).status).toBe(401);
    for (const api of [a, b]) expect((await logIn(api, 'someone-else@acme.example', 'a guess')).status, api.url).toBe(429);
  });

  it("count a public route's requests per address on every process: past its limit a 429 with Retry-After, that route only", async () => {
    // A booking link's cancel declares 20 a minute; a token no link has is the cheapest request to it (404 after the count).
    const [a, b] = apis as [ChildNode & { url: string }, ChildNode & { url: string }];
    const cancel = (api: { url: string }) => fetch(`${api.url}/api/book/${'x'.repeat(43)}/cancel`, { method: 'POST' });
    const cancelDoc = allRouteDocs.find((doc) => doc.path === '/api/book/{token}/cancel' && doc.method === 'post')!;
    expect(cancelDoc.perClientPerMinute).toBe(20);
    for (let request = 0; request < 20; request += 1) expect((await cancel(request % 2 ? b : a)).status).toBe(404);
    for (const api of [a, b]) {
      const refused = await cancel(api);
      expect([refused.status, await refused.text()], api.url).toEqual([
        429,
        expect.stringContaining('Too many requests from this address'),
      ]);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Counted per route: the booking page of the same (unknown) link still answers.
    expect((await fetch(`${a.url}/api/book/${'x'.repeat(43)}`)).status).toBe(404);
  });
});
