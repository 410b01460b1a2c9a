// Helpers for plugin tests: run an activity through the same validated boundary the worker
// uses, inside Temporal's MockActivityEnvironment, with dependencies a test controls.
import { randomUUID } from 'node:crypto';
import type { Logger as TemporalLogger } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import mongoose, { type Connection } from 'mongoose';
import { inject } from 'vitest';
import type { z } from 'zod';
import { bindActivities } from './bind.ts';
import type { Clock, HttpClient, Logger, PluginDeps } from './deps.ts';
import type { AnyPlugin } from './manifest.ts';
import type { RunContext, RunPrincipal } from './run-context.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** mongodb://host:port of the test database server the repository's vitest global setup starts. */
    mongoServer: string;
  }
}

/** The test database server the vitest global setup started (mongodb://host:port): add a database name per test file. */
export function testMongoServer(): string {
  return inject('mongoServer');
}

/** Opens a fresh database `test-<label>-<random>` on that server: one per test file, so runs never share data. */
export async function openTestConnection(label: string): Promise<Connection> {
  return mongoose.createConnection(`${testMongoServer()}/test-${label}-${randomUUID().slice(0, 8)}`).asPromise();
}

/** A logger that drops everything. */
export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** A clock stopped at `iso`. */
export function fixedClock(iso: string): Clock {
  return { now: () => new Date(iso) };
}

/**
 * A clock that starts at `iso` and never really waits: each sleep moves its time on by the wait
 * and records it in `waits` (ms), so a test asserts the exact waits without taking them.
 */
export function steppingClock(iso: string): Clock & { sleep(ms: number): Promise<void>; waits: number[] } {
  let now = Date.parse(iso);
  const waits: number[] = [];
  return {
    waits,
    now: () => new Date(now),
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
}

/** An HTTP client that fails every request: for activities that must not touch the network. */
export const noNetwork: HttpClient = {
  request: async (url) => {
    throw Object.assign(new Error(`no network in this test (requested ${url})`), { code: 'NETWORK' });
  },
};

/** Dependencies for a test: the plugin's default config (or overrides), no network, no LLM. */
export function testDeps<P extends AnyPlugin>(
  plugin: P,
  overrides: Partial<Omit<PluginDeps<unknown, P['manifest']['collections']>, 'config'>> & {
    config?: Partial<z.input<P['manifest']['config']>>;
  } = {},
): PluginDeps<z.output<P['manifest']['config']>, P['manifest']['collections']> {
  const { config, ...rest } = overrides;
  return {
    db: {} as never,
    http: noNetwork,
    logger: silentLogger,
    clock: fixedClock('2026-11-22T09:00:00Z'),
    llm: null,
    ...rest,
    config: plugin.manifest.config.parse(config ?? {}),
  } as never;
}

/** Drops the SDK's warnings: a test that fails an activity on purpose would print one with its stack. Errors still print. */
const errorsOnly: TemporalLogger = {
  log: (level, message, meta) => {
    if (level === 'ERROR') console.error(message, meta);
  },
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: (message, meta) => console.error(message, meta),
};

/** A mock activity context that logs the SDK's errors only, so a green test run stays quiet. */
export function mockActivityEnvironment(): MockActivityEnvironment {
  return new MockActivityEnvironment(undefined, { logger: errorsOnly });
}

/** An activity's input as a test gives it: with the workspace of its run context beside it (an empty input's type is `{}`). */
type InWorkspace<T> = (T extends Record<string, never> ? object : T) & { workspaceId?: string };

/** The run context a test gives an activity: in `workspaceId`, started by a test user with the role given (owner by default). */
export function testRunContext(workspaceId: string | null, role: RunPrincipal['role'] = 'owner'): RunContext {
  return { workspaceId, runId: null, principal: { kind: 'user', id: 'user:test', role }, deadline: null };
}

/**
 * Runs one activity of a plugin as the worker would: input and output validated against the
 * manifest, inside a mock activity context. Rejects with the same failures a workflow sees.
 * A test names the workspace the platform would give beside the input, as `workspaceId`: it is
 * taken out of the input and given as the run context (`testRunContext`), as the platform does.
 */
export async function runActivity<P extends AnyPlugin, N extends keyof P['manifest']['activities'] & string>(
  plugin: P,
  name: N,
  input: InWorkspace<z.input<P['manifest']['activities'][N]['input']>>,
  deps: PluginDeps<z.output<P['manifest']['config']>, P['manifest']['collections']> = testDeps(plugin),
  environment = mockActivityEnvironment(),
): Promise<z.output<P['manifest']['activities'][N]['output']>> {
  const bound = bindActivities(plugin, deps as PluginDeps<unknown, undefined>)[`${plugin.manifest.id}.${name}`];
  if (!bound) throw new Error(`plugin "${plugin.manifest.id}" has no activity "${name}"`);
  const { workspaceId = null, ...rest } = input as { workspaceId?: string };
  return environment.run(bound, rest, { run: testRunContext(workspaceId) }) as never;
}

export { startFakeProvider, type FakeProviderReply, type FakeProviderRequest, type FakeProviderServer } from './sources/fake-provider.ts';
