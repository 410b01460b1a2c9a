import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, CONFIG_KEYS } from './schemas.ts';
import { ConfigBodies } from './api-schemas.ts';
import { getWorkspaceConfig } from './workspace-config.ts';
import { workspaceConfigModels } from './model.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveForTest, serveRouters } from '../../../../dev/testing/http.ts';
import { configRouter, configRoutes } from './routes.ts';

let connection: mongoose.Connection;
let db: ReturnType<typeof workspaceConfigModels>;
let server: Awaited<ReturnType<typeof serveForTest>>;

beforeAll(async () => {
  connection = await openTestDatabase('config-api');
  db = workspaceConfigModels(connection);
  await db.workspaceConfig.init();
  server = await serveRouters(configRouter(db));
});
afterAll(async () => {
  await server.close();
  await connection.dropDatabase();
  await connection.close();
});

const get = (query = '') => fetch(`${server.url}/api/config${query}`);
const put = (key: string, body: unknown, query = '') =>
  fetch(`${server.url}/api/config/${key}${query}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const reset = (key: string, query = '') => fetch(`${server.url}/api/config/${key}${query}`, { method: 'DELETE' });
const entries = async (query = '') =>
  Object.fromEntries(
    ((await (await get(query)).json()) as Array<{ configKey: string; configValue: unknown }>).map((entry) => [
      entry.configKey,
      entry.configValue,
    ]),
  );

describe('/api/config', () => {
  it('serves the five keys at the spec defaults on a fresh workspace', async () => {
    const response = await get('?workspace=fresh');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { configKey: 'scoringWeights', configValue: { companySize: 0.35, industryMatch: 0.28, techStack: 0.22, jobTitle: 0.15 } },
      { configKey: 'templatePerformance', configValue: { 'roi-focused': 0.345, 'pain-point': 0.282, 'value-prop': 0.198 } },
      { configKey: 'cadenceTiming', configValue: { step1: 3, step2: 5, step3: 7 } },
      { configKey: 'learningSettings', configValue: { automaticCycles: true, autoApply: true, emailReports: true } },
      {
        configKey: 'sending',
        configValue: {
          mode: 'review',
          timeZone: 'UTC',
          window: { days: [1, 2, 3, 4, 5], start: '08:00', end: '17:00' },
          gapMinutes: { min: 8, max: 15 },
          newProspectsPerDomainPerDay: 2,
          trackOpens: false,
        },
      },
    ]);
  });

  it('reads sending values saved before open tracking existed, and PUT bodies without it, as tracking off', async () => {
    const { trackOpens, ...older } = CONFIG_DEFAULTS.sending;
    expect(trackOpens).toBe(false);
    const autonomous = { ...older, mode: 'autonomous' };
    // A document stored before the field existed, as it sits in the database.
    await db.workspaceConfig.create({ workspaceId: 'stored-before', configKey: 'sending', configValue: autonomous });
    const served = await fetch(`${server.url}/api/config/sending?workspace=stored-before`);
    expect(await served.json()).toEqual({ configKey: 'sending', configValue: { ...autonomous, trackOpens: false } });
    expect((await getWorkspaceConfig(db, 'stored-before')).sending.trackOpens).toBe(false);

    // An older client's body: accepted, stored with tracking off.
    const saved = await put('sending', { configValue: autonomous }, '?workspace=older-client');
    expect([saved.status, await saved.json()]).toEqual([200, { configKey: 'sending', configValue: { ...autonomous, trackOpens: false } }]);
    expect((await db.workspaceConfig.findOne({ workspaceId: 'older-client', configKey: 'sending' }).lean())?.configValue).toMatchObject({
      trackOpens: false,
    });

    const tracking = await put('sending', { configValue: { ...CONFIG_DEFAULTS.sending, trackOpens: true } }, '?workspace=older-client');
    expect(tracking.status).toBe(200);
    expect((await getWorkspaceConfig(db, 'older-client')).sending).toEqual({ ...CONFIG_DEFAULTS.sending, trackOpens: true });
    const bad = await put('sending', { configValue: { ...CONFIG_DEFAULTS.sending, trackOpens: 'yes' } }, '?workspace=older-client');
    expect([bad.status, await bad.text()]).toEqual([400, expect.stringContaining('configValue.trackOpens:')]);
  });

  it('serves one key, at its default until a value is saved', async () => {
    const one = await fetch(`${server.url}/api/config/sending?workspace=one-key`);
    expect([one.status, await one.json()]).toEqual([200, { configKey: 'sending', configValue: CONFIG_DEFAULTS.sending }]);
    const autonomous = { ...CONFIG_DEFAULTS.sending, mode: 'autonomous' };
    expect((await put('sending', { configValue: autonomous }, '?workspace=one-key')).status).toBe(200);
    const saved = await fetch(`${server.url}/api/config/sending?workspace=one-key`);
    expect(await saved.json()).toEqual({ configKey: 'sending', configValue: autonomous });
  });

  it('saves a value, serves it, and resets it to the default', async () => {
    const weights = { companySize: 0.4, industryMatch: 0.3, techStack: 0.2, jobTitle: 0.105 }; // sums to 1.005: within ± 0.01
    const saved = await put('scoringWeights', { configValue: weights }, '?workspace=acme');
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ configKey: 'scoringWeights', configValue: weights });
    expect((await put('cadenceTiming', { configValue: { step1: 2, step2: 6, step3: 30 } }, '?workspace=acme')).status).toBe(200);
    expect(await entries('?workspace=acme')).toEqual({
      ...CONFIG_DEFAULTS,
      scoringWeights: weights,
      cadenceTiming: { step1: 2, step2: 6, step3: 30 },
    });
    expect(await getWorkspaceConfig(db, 'acme')).toEqual(await entries('?workspace=acme'));

    const resetResponse = await reset('scoringWeights', '?workspace=acme');
    expect(resetResponse.status).toBe(200);
    expect(await resetResponse.json()).toEqual({ configKey: 'scoringWeights', configValue: CONFIG_DEFAULTS.scoringWeights });
    expect(await entries('?workspace=acme')).toEqual({ ...CONFIG_DEFAULTS, cadenceTiming: { step1: 2, step2: 6, step3: 30 } });
    expect((await reset('scoringWeights', '?workspace=acme')).status).toBe(200); // resetting a default is fine
  });

  it('saves five weights, timing included, summing to 1, and refuses five that do not', async () => {
    const five = { companySize: 0.3, industryMatch: 0.2, techStack: 0.2, jobTitle: 0.1, timing: 0.2 };
    const saved = await put('scoringWeights', { configValue: five }, '?workspace=five-weights');
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ configKey: 'scoringWeights', configValue: five });
    expect((await getWorkspaceConfig(db, 'five-weights')).scoringWeights).toEqual(five);
    // The four alone summing to 1 plus a timing weight is 1.2: the five are one whole.
    const over = await put(
      'scoringWeights',
      { configValue: { ...CONFIG_DEFAULTS.scoringWeights, timing: 0.2 } },
      '?workspace=five-weights',
    );
    expect([over.status, await over.text()]).toEqual([
      422,
      'Invalid request: configValue: the weights must sum to 1 (± 0.01); these sum to 1.2',
    ]);
    expect((await put('scoringWeights', { configValue: { ...five, timing: 2 } }, '?workspace=five-weights')).status).toBe(400);
    expect((await getWorkspaceConfig(db, 'five-weights')).scoringWeights).toEqual(five);
  });

  it('refuses bad values with a 400 naming each bad field, and stores nothing', async () => {
    const percentages = await put('scoringWeights', { configValue: { companySize: 35, industryMatch: 28, techStack: 22, jobTitle: 15 } });
    expect(percentages.status).toBe(400);
    const percentText = await percentages.text();
    for (const field of ['companySize', 'industryMatch', 'techStack', 'jobTitle']) expect(percentText).toContain(`configValue.${field}:`);

    const badSum = await put('scoringWeights', { configValue: { companySize: 0.5, industryMatch: 0.3, techStack: 0.2, jobTitle: 0.2 } });
    // Issue #18: the document states each weight's shape but cannot state their sum, so a bad sum is a 422, not a 400.
    expect(badSum.status).toBe(422);
    expect(await badSum.text()).toBe('Invalid request: configValue: the weights must sum to 1 (± 0.01); these sum to 1.2');
    const backwards = await put('sending', {
      configValue: { ...CONFIG_DEFAULTS.sending, window: { ...CONFIG_DEFAULTS.sending.window, start: '17:00', end: '08:00' } },
    });
    expect([backwards.status, await backwards.text()]).toEqual([
      422,
      expect.stringContaining('configValue.window.end: must be after start'),
    ]);

    const rates = await put('templatePerformance', {
      configValue: { 'roi-focused': 1.2, 'pain-point': -0.1, 'value-prop': 0.2, extra: 1 },
    });
    expect(rates.status).toBe(400);
    const rateText = await rates.text();
    for (const field of ['configValue.roi-focused:', 'configValue.pain-point:', 'Unrecognized key']) expect(rateText).toContain(field);

    const cadence = await fetch(`${server.url}/api/config/cadenceTiming`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ configValue: { step1: 0, step2: 2.5, step3: 31 } }),
    });
    expect(cadence.status).toBe(400);
    expect(Object.keys(((await cadence.json()) as { fields: Record<string, string> }).fields).sort()).toEqual([
      'configValue.step1',
      'configValue.step2',
      'configValue.step3',
    ]);

    const switches = await put('learningSettings', { configValue: { automaticCycles: 'yes', autoApply: true } });
    expect(switches.status).toBe(400);
    const switchText = await switches.text();
    for (const field of ['configValue.automaticCycles:', 'configValue.emailReports:']) expect(switchText).toContain(field);

    const missing = await put('cadenceTiming', {});
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('configValue:');
    expect(await db.workspaceConfig.countDocuments({ workspaceId: 'default' })).toBe(0);
    expect(await entries()).toEqual(CONFIG_DEFAULTS);
  });

  it('serves no path for an unknown key (each known key has its own)', async () => {
    for (const response of [
      await put('temperature', { configValue: 0.7 }),
      await reset('temperature'),
      await fetch(`${server.url}/api/config/temperature`),
    ])
      expect(response.status).toBe(404);
    expect((await get('?workspace=Not%20A%20Slug')).status).toBe(400);
  });

  // Issue #18: one PUT /api/config/{key} could only document the union of every key's value, and each key refused
  // the other four; each key's PUT now documents exactly the body it validates with.
  it("documents each key's PUT with that key's own body", () => {
    const puts = configRoutes.filter((declared) => declared.doc.method === 'put');
    expect(puts.map((declared) => declared.doc.path)).toEqual(CONFIG_KEYS.map((key) => `/api/config/${key}`));
    expect(configRoutes.some((declared) => declared.doc.path.includes('{'))).toBe(false);
    for (const key of CONFIG_KEYS) expect(puts.find((declared) => declared.doc.path.endsWith(`/${key}`))?.doc.body).toBe(ConfigBodies[key]);
  });

  it('keeps workspaces apart: a value of B is invisible to A and a reset in A leaves B alone', async () => {
    const rates = { 'roi-focused': 0.5, 'pain-point': 0.25, 'value-prop': 0.125 };
    expect((await put('templatePerformance', { configValue: rates }, '?workspace=team-b')).status).toBe(200);
    expect((await entries('?workspace=team-a')).templatePerformance).toEqual(CONFIG_DEFAULTS.templatePerformance);
    expect((await reset('templatePerformance', '?workspace=team-a')).status).toBe(200);
    expect((await entries('?workspace=team-b')).templatePerformance).toEqual(rates);
  });
});
