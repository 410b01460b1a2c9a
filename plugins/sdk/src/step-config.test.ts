import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describePlugin } from './describe.ts';
import { defineManifest, definePlugin } from './manifest.ts';
import { configWithStep, serverOnly, serverOnlyFields, stableJson } from './step-config.ts';

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
      credentials: [{ key: 'apiKey', label: 'API key', secret: true }],
    },
    config: z.object({
      apiKey: z.string().default('').describe('The API key.'),
      baseUrl: serverOnly(z.url().default('https://leads.example/api').describe('Where the API is.'), 'decides where the API key is sent'),
      signingSecret: serverOnly(z.string().default('').describe('Signs callbacks.')),
      pageSize: z.number().int().min(1).max(100).default(25).describe('People per page.'),
      weights: z
        .object({ a: z.number().min(0), b: z.number().min(0) })
        .default({ a: 1, b: 1 })
        .describe('Weights.'),
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

describe('serverOnly', () => {
  it('marks a field in its metadata and JSON Schema, keeping its doc line', () => {
    const shape = leads.manifest.config.shape;
    expect(shape.baseUrl.description).toBe('Where the API is.');
    expect(describePlugin(leads).config).toMatchObject({
      schema: { properties: { baseUrl: { serverOnly: 'decides where the API key is sent' }, signingSecret: { serverOnly: true } } },
      serverOnly: ['apiKey', 'baseUrl', 'signingSecret'],
    });
  });

  it("lists a source's credentials and the marked fields, each with why", () => {
    expect(Object.fromEntries(serverOnlyFields(leads.manifest))).toEqual({
      apiKey: 'holds a credential (API key) of Leads Inc.',
      baseUrl: 'decides where the API key is sent',
      signingSecret: 'holds a secret',
    });
  });
});

describe('configWithStep', () => {
  it("puts a step's fields over the server's settings, field by field, and parses the whole", () => {
    expect(configWithStep(leads.manifest, { apiKey: 'sk-1', pageSize: 50 }, { weights: { a: 2, b: 0 } })).toEqual({
      config: { apiKey: 'sk-1', baseUrl: 'https://leads.example/api', signingSecret: '', pageSize: 50, weights: { a: 2, b: 0 } },
      problems: [],
    });
  });

  it('refuses credentials, secrets and fields the config does not have, before parsing anything', () => {
    const { problems } = configWithStep(
      leads.manifest,
      {},
      { apiKey: 'sk-2', signingSecret: 's', baseUrl: 'https://evil.example', colour: 'red' },
    );
    expect(problems.map((problem) => problem.field)).toEqual(['apiKey', 'signingSecret', 'baseUrl', 'colour']);
    expect(problems[0]!.message).toBe(
      "holds a credential (API key) of Leads Inc., so it is set in the server's settings only (MEETFLOW_PLUGINS_CONFIG), never in a step: a pipeline's definition is written into workflow histories, where no secret may go",
    );
    expect(problems[2]!.message).toMatch(/^decides where the API key is sent, so it is set in the server's settings only/);
    expect(problems[3]!.message).toBe('is not a setting of Leads (it has pageSize, weights)');
  });

  it('names the field, nested ones by their path, of a value the schema refuses', () => {
    expect(configWithStep(leads.manifest, {}, { pageSize: 500, weights: { a: -1, b: 1 } }).problems).toEqual([
      { field: 'pageSize', message: 'Too big: expected number to be <=100' },
      { field: 'weights.a', message: 'Too small: expected number to be >=0' },
    ]);
  });
});

describe('stableJson', () => {
  it('reads the same whatever the key order, leaving undefined members out', () => {
    expect(stableJson({ b: [1, { d: 1, c: undefined }], a: 'x' })).toBe('{"a":"x","b":[1,{"d":1}]}');
    expect(stableJson({ a: 'x', b: [1, { d: 1 }] })).toBe(stableJson({ b: [1, { d: 1 }], a: 'x' }));
  });
});
