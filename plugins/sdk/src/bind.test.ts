import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindActivities, configuredActivities } from './bind.ts';
import { describePlugin } from './describe.ts';
import { defineManifest, definePlugin } from './manifest.ts';
import { mockActivityEnvironment, runActivity, testDeps } from './testing.ts';

const heartbeats: unknown[] = [];
const counter = definePlugin(
  defineManifest({
    id: 'counter',
    name: 'Counter',
    version: '0.1.0',
    description: 'Counts words',
    kind: 'agent',
    ui: { icon: 'hash', color: '#0ea5e9', category: 'Testing' },
    config: z.object({ minimum: z.number().int().default(1).describe('Smallest count reported.') }),
    activities: {
      countWords: {
        description: 'Counts the words of a text',
        input: z.object({ text: z.string().min(1) }),
        output: z.object({ words: z.number().int().nonnegative(), at: z.string() }),
      },
      broken: { description: 'Returns the wrong shape', input: z.object({}), output: z.object({ words: z.number() }) },
    },
  }),
  ({ config, clock }) => ({
    countWords: async ({ text }, context) => {
      context.heartbeat({ progress: 1 });
      return { words: Math.max(config.minimum, text.split(/\s+/).filter(Boolean).length), at: clock.now().toISOString() };
    },
    broken: async () => ({ words: 'many' as unknown as number }),
  }),
);

describe('bindActivities', () => {
  it('registers activities under <plugin>.<activity> and runs them with config, clock and context', async () => {
    const environment = mockActivityEnvironment();
    environment.on('heartbeat', (details: unknown) => heartbeats.push(details));
    const result = await runActivity(counter, 'countWords', { text: 'three little words' }, testDeps(counter) as never, environment);
    expect(result).toEqual({ words: 3, at: '2026-11-22T09:00:00.000Z' });
    expect(heartbeats).toEqual([{ progress: 1 }]);
    expect(Object.keys(bindActivities(counter, testDeps(counter) as never))).toEqual(['counter.countWords', 'counter.broken']);
  });

  it('rejects a bad input as a non-retryable failure carrying the zod message', async () => {
    const failure = await runActivity(counter, 'countWords', { text: '' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ nonRetryable: true, type: 'InvalidActivityInput' });
    expect((failure as Error).message).toMatch(/^counter\.countWords: invalid input: .*text/s);
  });

  it('refuses an output that breaks the schema, without retrying', async () => {
    const failure = await runActivity(counter, 'broken', {}).catch((error: unknown) => error);
    expect(failure).toMatchObject({ nonRetryable: true, type: 'InvalidActivityOutput' });
  });
});

describe('describePlugin', () => {
  it('describes schemas as JSON Schema, with config defaults', () => {
    const described = describePlugin(counter);
    expect(described.config.defaults).toEqual({ minimum: 1 });
    expect(described.activities[0]).toMatchObject({
      qualifiedName: 'counter.countWords',
      input: { type: 'object', properties: { text: { type: 'string', minLength: 1 } }, required: ['text'] },
    });
    expect(JSON.parse(JSON.stringify(described))).toEqual(described);
  });
});

describe('configuredActivities', () => {
  const registered: number[] = [];
  const counted = definePlugin(counter.manifest, (deps) => {
    registered.push(deps.config.minimum);
    return counter.register(deps);
  });
  const { config: _config, ...deps } = testDeps(counted);

  it('binds the activities with the config given, once per config whatever its key order', async () => {
    registered.length = 0;
    const bound = configuredActivities(counted, deps as never);
    const five = bound({ minimum: 5 });
    expect(await mockActivityEnvironment().run(five['counter.countWords']!, { text: 'two words' })).toMatchObject({ words: 5 });
    expect(bound({ minimum: 5 })).toBe(five);
    expect(bound({ minimum: 1 })['counter.countWords']).not.toBe(five['counter.countWords']);
    const nested = bound({ minimum: 2, extra: { b: 1, a: 2 } });
    expect(bound({ extra: { a: 2, b: 1 }, minimum: 2 })).toBe(nested);
    expect(registered).toEqual([5, 1, 2]);
  });

  it('keeps the most recently used bindings only, binding an evicted config again when asked', () => {
    registered.length = 0;
    const bound = configuredActivities(counted, deps as never, { size: 2 });
    const one = bound({ minimum: 1 });
    bound({ minimum: 2 });
    expect(bound({ minimum: 1 })).toBe(one); // used again: now the most recent
    bound({ minimum: 3 }); // evicts 2, the least recently used
    expect(bound.size).toBe(2);
    expect(bound({ minimum: 1 })).toBe(one);
    bound({ minimum: 2 });
    expect(registered).toEqual([1, 2, 3, 2]);
  });
});
