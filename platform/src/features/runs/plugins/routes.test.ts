import { defineManifest, definePlugin } from '@meetflow/plugin-sdk';
import type mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { PluginHost } from './host.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { serveForTest } from '../../../../dev/testing/http.ts';
import { ownerEverywhere } from '../../../../dev/testing/principal.ts';
import { createTemporalClient } from '../../../core/temporal/client.ts';
import { createApp } from '../../../api/app.ts';

const echo = definePlugin(
  defineManifest({
    id: 'echo',
    name: 'Echo',
    version: '1.2.3',
    description: 'Repeats what it is told',
    kind: 'crm',
    ui: { icon: 'repeat', color: '#22c55e', category: 'Testing' },
    config: z.object({ times: z.number().int().min(1).default(1).describe('How often to repeat.') }),
    activities: {
      say: {
        description: 'Repeats a word',
        access: 'public',
        input: z.object({ word: z.string() }),
        output: z.object({ said: z.string() }),
      },
    },
  }),
  ({ config }) => ({ say: async ({ word }) => ({ said: word.repeat(config.times) }) }),
);

// A source with a secret API key (set below) and a region (left blank): never configured until both are set.
const leads = definePlugin(
  defineManifest({
    id: 'source-leads',
    name: 'Leads',
    version: '0.1.0',
    description: 'A prospect source',
    kind: 'source',
    ui: { icon: 'search', color: '#000000', category: 'Prospect sources' },
    source: {
      displayName: 'Leads Inc.',
      credentialsTest: 'A wrong key answers 401.',
      credentials: [
        { key: 'apiKey', label: 'API key', secret: true },
        { key: 'region', label: 'Region', secret: false },
      ],
    },
    config: z.object({
      apiKey: z.string().default('').describe('The API key.'),
      region: z.string().default('').describe('The data region.'),
    }),
    activities: {
      searchPeople: {
        description: 'Searches people',
        access: 'public',
        input: z.object({}),
        output: z.object({ people: z.array(z.unknown()) }),
      },
    },
  }),
  () => ({ searchPeople: async () => ({ people: [] }) }),
);

let database: mongoose.Connection;
let server: Awaited<ReturnType<typeof serveForTest>>;
const temporal = createTemporalClient({ temporalAddress: inject('temporalAddress'), temporalNamespace: 'default' });

beforeAll(async () => {
  database = await openTestDatabase('plugins-route');
  const plugins = PluginHost.load([echo, leads], { echo: { times: 2 }, 'source-leads': { apiKey: 'sk-very-secret' } });
  server = await serveForTest(
    createApp({ logger: pino({ level: 'silent' }), database, temporal, plugins, authenticator: ownerEverywhere }),
  );
});
afterAll(async () => {
  await server.close();
  await temporal.connection.close();
  await database.close();
});

describe('GET /api/plugins', () => {
  it('lists every manifest with JSON Schemas, config defaults and the values in force', async () => {
    const response = await fetch(`${server.url}/api/plugins`);
    expect(response.status).toBe(200);
    const [plugin] = (await response.json()) as Array<Record<string, unknown>>;
    expect(plugin).toMatchObject({
      id: 'echo',
      version: '1.2.3',
      kind: 'crm',
      ui: { icon: 'repeat' },
      config: {
        defaults: { times: 1 },
        values: { times: 2 },
        serverOnly: [],
        schema: { properties: { times: { description: 'How often to repeat.' } } },
      },
      activities: [{ qualifiedName: 'echo.say', input: { properties: { word: { type: 'string' } } } }],
    });
  });

  it("says of a source which credentials are set and whether it is configured, never a credential's value", async () => {
    const response = await fetch(`${server.url}/api/plugins/source-leads`);
    const text = await response.text();
    expect(text).not.toContain('sk-very-secret');
    expect(JSON.parse(text)).toMatchObject({
      kind: 'source',
      // The values in force leave the credentials out: a step may not set them, and nobody reads them here.
      config: { defaults: { apiKey: '', region: '' }, values: {}, serverOnly: ['apiKey', 'region'] },
      source: {
        displayName: 'Leads Inc.',
        configured: false,
        credentialsTest: 'A wrong key answers 401.',
        credentials: [
          { key: 'apiKey', label: 'API key', secret: true, set: true },
          { key: 'region', label: 'Region', secret: false, set: false },
        ],
      },
    });
    expect(((await (await fetch(`${server.url}/api/plugins/echo`)).json()) as Record<string, unknown>).source).toBeUndefined();
  });

  it('answers one plugin by id, and 404 naming an unknown one', async () => {
    expect((await fetch(`${server.url}/api/plugins/echo`)).status).toBe(200);
    const missing = await fetch(`${server.url}/api/plugins/nope`);
    expect([missing.status, await missing.text()]).toEqual([404, 'No plugin "nope" is installed']);
  });
});

describe('PluginHost.load', () => {
  it('refuses settings for a plugin that is not installed, and a bad config value, naming both', () => {
    expect(() => PluginHost.load([echo], { echo: { times: 0 }, ghost: {} })).toThrow(
      /settings name plugin "ghost", which is not installed[\s\S]*plugin "echo": config: .*times/,
    );
  });
});
