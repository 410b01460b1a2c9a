import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindActivities, callMany, concurrently, configuredActivities, type BoundActivity } from './bind.ts';
import { describePlugin } from './describe.ts';
import { defineManifest, definePlugin } from './manifest.ts';
import { mockActivityEnvironment, runActivity, testDeps } from './testing.ts';
import { ACTIVITY_ACCESS, MEMBER_ROLES, mayPlace, NO_RUN_CONTEXT, workspaceFieldsIn, workspaceOf, type RunContext } from './run-context.ts';

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
        access: 'public',
        input: z.object({ text: z.string().min(1) }),
        output: z.object({ words: z.number().int().nonnegative(), at: z.string() }),
      },
      broken: { description: 'Returns the wrong shape', access: 'public', input: z.object({}), output: z.object({ words: z.number() }) },
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

describe('the run context', () => {
  // An activity that reports the context it was given, and one that acts in a workspace.
  const seen: RunContext[] = [];
  const scoped = definePlugin(
    defineManifest({
      id: 'scoped',
      name: 'Scoped',
      version: '0.1.0',
      description: 'Reads its context',
      kind: 'agent',
      ui: { icon: 'hash', color: '#0ea5e9', category: 'Testing' },
      config: z.object({}),
      activities: {
        whereAmI: {
          description: 'Answers its workspace',
          access: 'public',
          input: z.object({}),
          output: z.object({ workspace: z.string() }),
        },
      },
    }),
    () => ({
      whereAmI: async (_input, context) => {
        seen.push(context.run);
        return { workspace: workspaceOf(context) };
      },
    }),
  );
  const bound = bindActivities(scoped, testDeps(scoped) as never)['scoped.whereAmI']!;
  const given: RunContext = {
    workspaceId: 'acme',
    runId: 'run-1',
    principal: { kind: 'token', id: 'token:t1', role: 'sales-ops' },
    deadline: null,
  };

  it("is the caller's, beside the input: a workspace inside the input is dropped with the rest of what the schema lacks", async () => {
    seen.length = 0;
    const answer = await mockActivityEnvironment().run(bound, { workspaceId: 'victim' }, { run: given });
    expect(answer).toEqual({ workspace: 'acme' });
    expect(seen[0]).toMatchObject({ workspaceId: 'acme', runId: 'run-1', principal: given.principal });
    // Inside a Temporal attempt, its deadline is the attempt's start-to-close deadline.
    expect(Date.parse(seen[0]!.deadline!)).toBeGreaterThan(0);
  });

  it('is no workspace at all when the caller gives none: an activity over workspace data fails for good', async () => {
    seen.length = 0;
    const failure = await mockActivityEnvironment()
      .run(bound, { workspaceId: 'victim' })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ nonRetryable: true, type: 'NoWorkspaceContext' });
    expect(seen).toEqual([NO_RUN_CONTEXT]);
  });

  it('lets a role place what its access allows, and nobody place an internal activity', () => {
    expect(ACTIVITY_ACCESS.map((access) => [access, MEMBER_ROLES.filter((role) => mayPlace(role, access))])).toEqual([
      ['public', ['owner', 'admin', 'sales-ops', 'viewer']],
      ['sales-ops', ['owner', 'admin', 'sales-ops']],
      ['admin', ['owner', 'admin']],
      ['internal', []],
    ]);
    expect(ACTIVITY_ACCESS.filter((access) => mayPlace('system', access))).toEqual(['public', 'sales-ops', 'admin']);
  });

  it('finds every place a value sets the workspace', () => {
    expect(workspaceFieldsIn({ a: { workspaceId: 'x' }, list: [{}, { deep: { workspaceId: 'y' } }], workspaceId: 'z' })).toEqual([
      'a.workspaceId',
      'list.1.deep.workspaceId',
      'workspaceId',
    ]);
    expect(workspaceFieldsIn('{{ input.workspaceId }}')).toEqual([]);
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

describe('callMany', () => {
  const words: BoundActivity = async (input) => {
    const { text } = input as { text: string };
    if (!text) throw ApplicationFailure.create({ type: 'Empty', message: 'nothing to count', nonRetryable: true });
    return text.split(' ').length;
  };

  it('calls an activity without a list form once per item, in order: each its own result and times, a failure its own', async () => {
    const results = await callMany(words, [{ input: { text: 'a b' } }, { input: { text: '' } }, { input: { text: 'a b c' } }]);
    expect(results.map((result) => (result.ok ? result.output : (result.error as ApplicationFailure).type))).toEqual([2, 'Empty', 3]);
    for (const result of results) expect(result.endedAt!.getTime()).toBeGreaterThanOrEqual(result.startedAt!.getTime());
    expect(results[2]!.startedAt!.getTime()).toBeGreaterThanOrEqual(results[0]!.endedAt!.getTime());
  });

  it("hands the whole list to an activity's list form, and fails every item when it answers for a different number", async () => {
    const lists: number[] = [];
    const listed = Object.assign(async () => 0, {
      many: async (items: readonly unknown[]) => {
        lists.push(items.length);
        return items.map((_, index) => ({ ok: true as const, output: index }));
      },
    });
    expect(await callMany(listed, [{ input: 1 }, { input: 2 }, { input: 3 }])).toEqual([0, 1, 2].map((output) => ({ ok: true, output })));
    expect(lists).toEqual([3]);
    expect(await callMany(listed, [])).toEqual([]);
    expect(lists).toEqual([3]);

    const short = Object.assign(async () => 0, { many: async () => [{ ok: true as const, output: 1 }] });
    const answered = await callMany(short, [{ input: 1 }, { input: 2 }]);
    expect(answered).toHaveLength(2);
    for (const result of answered)
      expect(result).toMatchObject({ ok: false, error: { message: 'a list activity answered 1 results for 2 items' } });
  });
});

describe('concurrently', () => {
  it('runs at most `limit` items at once and answers in the items’ order, whatever order they finish in', async () => {
    let inFlight = 0;
    let most = 0;
    const waiting: Array<() => void> = [];
    const slow: BoundActivity = async (input) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight -= 1;
      if (input === 3) throw new Error('three fails');
      return Number(input) * 10;
    };
    // As an activity declares it: its own list form, reached through callMany.
    slow.many = concurrently(slow, 2);
    const running = callMany(
      slow,
      [1, 2, 3, 4, 5].map((input) => ({ input })),
    );
    // Release the waiting items newest first until all have run: later items finish before earlier ones.
    while (true) {
      await new Promise((resolve) => setImmediate(resolve));
      const next = waiting.pop();
      if (!next) break;
      next();
    }
    const results = await running;
    expect(most).toBe(2);
    expect(results.map((result) => (result.ok ? result.output : (result.error as Error).message))).toEqual([10, 20, 'three fails', 40, 50]);
  });
});
