import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';
import type { ActivityContext, CollectionSchemas, PluginDeps } from './deps.ts';
import type { AnyPlugin } from './manifest.ts';
import { NO_RUN_CONTEXT, type RunContext } from './run-context.ts';
import { stableJson } from './step-config.ts';

/**
 * What the platform hands an activity beside its input: the run context it decided (the workspace,
 * run and principal; a workflow passes it as the activity's second argument, a step runner or a
 * host calling in its own process passes it directly), and, for an inProcess activity, a checkpoint.
 */
export type ActivityExtra = { run?: RunContext } & Pick<ActivityContext, 'checkpoint'>;

/**
 * An activity as the worker registers it: one JSON-able input, validated both ways, and the
 * platform's context beside it (never inside the input).
 */
export type BoundActivity = ((input: unknown, extra?: ActivityExtra) => Promise<unknown>) & {
  /**
   * The activity over a list of items in one call, when it has a way to do that better than one
   * by one (its reads and writes paid per list, not per item): each item its own input and run
   * context, each answered on its own, in order: an item that fails fails alone. Callers use
   * {@link callMany}, which falls back to calling the activity once per item.
   */
  many?: BoundMany;
};

/** One item of a list call: its input and the platform's context for it (each item's run is its own). */
export interface ListItem {
  input: unknown;
  extra?: ActivityExtra;
}

/**
 * How one item of a list call ended: its output, or the error it alone failed with; with the
 * item's own start and end when it ran on its own (without them, the list call's are the item's).
 */
export type ListResult = ({ ok: true; output: unknown } | { ok: false; error: unknown }) & { startedAt?: Date; endedAt?: Date };

/** An activity over a list of items (see BoundActivity.many): one result per item, in the items' order. */
export type BoundMany = (items: readonly ListItem[]) => Promise<ListResult[]>;

/**
 * Runs `activity` for each item: in one call when it takes a list (`many`), else one call per
 * item in order. Either way one result per item, in order; an item's failure is its result, never
 * the others'. A `many` that answers a different number of results is a bug, and fails every item.
 */
export async function callMany(activity: BoundActivity, items: readonly ListItem[]): Promise<ListResult[]> {
  if (items.length === 0) return [];
  if (activity.many) {
    const results = await activity.many(items);
    if (results.length === items.length) return results;
    const error = new Error(`a list activity answered ${results.length} results for ${items.length} items`);
    return items.map(() => ({ ok: false, error }));
  }
  const results: ListResult[] = [];
  for (const item of items) results.push(await callOne(activity, item));
  return results;
}

/**
 * One item of a list through an activity's single form (never its `many`, which is usually the
 * list form calling this): its output or the error it failed with, and its own start and end.
 */
export async function callOne(activity: (input: unknown, extra?: ActivityExtra) => Promise<unknown>, item: ListItem): Promise<ListResult> {
  const startedAt = new Date();
  try {
    return { ok: true, output: await activity(item.input, item.extra), startedAt, endedAt: new Date() };
  } catch (error) {
    return { ok: false, error, startedAt, endedAt: new Date() };
  }
}

/** What the running Temporal activity says of its execution; the run context is the caller's. */
function currentContext(): Omit<ActivityContext, 'run'> {
  const context = Context.current();
  return {
    heartbeat: (details) => context.heartbeat(details),
    signal: context.cancellationSignal,
    attempt: context.info.attempt,
    lastHeartbeat: context.info.heartbeatDetails,
  };
}

/** When the running Temporal attempt must end (its start-to-close timeout), or null outside one. */
function attemptDeadline(): string | null {
  try {
    const { currentAttemptScheduledTimestampMs, startToCloseTimeoutMs } = Context.current().info;
    return startToCloseTimeoutMs ? new Date(currentAttemptScheduledTimestampMs + startToCloseTimeoutMs).toISOString() : null;
  } catch {
    return null;
  }
}

/** The run context an activity sees: the one its caller gave (with this attempt's deadline when it has none), else none. */
function runContextOf(extra: ActivityExtra | undefined): RunContext {
  const run = extra?.run;
  if (!run) return NO_RUN_CONTEXT;
  return { ...run, deadline: run.deadline ?? attemptDeadline() };
}

/**
 * `input` read as `schema` says, for the activity `name`: a bad input is the caller's mistake, so
 * it fails for good (a non-retryable `InvalidActivityInput` naming each bad field), never retried.
 */
export function parseActivityInput<T extends z.ZodType>(name: string, schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw ApplicationFailure.create({
      type: 'InvalidActivityInput',
      nonRetryable: true,
      message: `${name}: invalid input: ${z.prettifyError(parsed.error)}`,
    });
  }
  return parsed.data;
}

/**
 * Builds a plugin's activities over its dependencies and wraps each so that its input and
 * output are checked against the manifest's schemas. A bad input is the caller's mistake and
 * is never retried (non-retryable ApplicationFailure with the zod message); an output that
 * breaks the schema is a bug in the plugin and is not retried either. `context` is the running
 * Temporal activity's, unless the host calls a service in its own process (see ActivityDefinition.service).
 */
export function bindActivities(
  plugin: AnyPlugin,
  deps: PluginDeps<unknown, CollectionSchemas | undefined>,
  context: () => Omit<ActivityContext, 'run'> = currentContext,
): Record<string, BoundActivity> {
  const implementations = plugin.register(deps as never) as Record<string, (input: unknown, context: ActivityContext) => Promise<unknown>>;
  const bound: Record<string, BoundActivity> = {};
  for (const [name, definition] of Object.entries(plugin.manifest.activities)) {
    const qualified = `${plugin.manifest.id}.${name}`;
    const implementation = implementations[name];
    if (typeof implementation !== 'function') {
      throw new Error(`plugin "${plugin.manifest.id}": register() returned no implementation for activity "${name}"`);
    }
    bound[qualified] = async (input: unknown, extra?: ActivityExtra) => {
      const output = await implementation(parseActivityInput(qualified, definition.input, input), {
        ...context(),
        run: runContextOf(extra),
        ...(extra?.checkpoint ? { checkpoint: extra.checkpoint } : {}),
      });
      const parsedOutput = definition.output.safeParse(output);
      if (!parsedOutput.success) {
        throw ApplicationFailure.create({
          type: 'InvalidActivityOutput',
          nonRetryable: true,
          message: `${qualified}: the plugin returned an invalid output: ${z.prettifyError(parsedOutput.error)}`,
        });
      }
      return parsedOutput.data;
    };
  }
  return bound;
}

/** An activity whose list form is the whole of it: one call is a list of one, whose error is thrown. */
export function singleOf(many: BoundMany): BoundActivity {
  const one: BoundActivity = async (input, extra) => {
    const [result] = await many([{ input, ...(extra ? { extra } : {}) }]);
    if (!result!.ok) throw result!.error;
    return result!.output;
  };
  one.many = many;
  return one;
}

/**
 * A list form that runs the items of a list `limit` at a time (for an activity that mostly waits
 * on other servers, such as starting a workflow): each item its own call, result and times, in the
 * items' order whatever order they finish in.
 */
export function concurrently(activity: BoundActivity, limit: number): BoundMany {
  return async (items) => {
    const results: ListResult[] = new Array(items.length);
    let next = 0;
    const lane = async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await callOne(activity, items[index]!);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
    return results;
  };
}

/** How many configs' bindings a ConfiguredActivities keeps by default: a pipeline's steps use few configs. */
export const BOUND_CONFIGS_KEPT = 8;

/** A plugin's activities bound with one config or another (see configuredActivities). */
export interface ConfiguredActivities {
  /** The plugin's activities bound with `config` (already parsed): the same functions for an equal config while it is kept. */
  (config: unknown): Record<string, BoundActivity>;
  /** How many bindings are kept now. */
  readonly size: number;
}

/**
 * A plugin's activities bound with a given config, memoised by the config's stable JSON (key
 * order does not matter): the `size` most recently used bindings are kept, an older one is bound
 * again when asked for. Everything but the config is `deps`, as for bindActivities.
 */
export function configuredActivities(
  plugin: AnyPlugin,
  deps: Omit<PluginDeps<unknown, CollectionSchemas | undefined>, 'config'>,
  options: { size?: number; context?: () => Omit<ActivityContext, 'run'> } = {},
): ConfiguredActivities {
  const size = Math.max(1, options.size ?? BOUND_CONFIGS_KEPT);
  const kept = new Map<string, Record<string, BoundActivity>>();
  const bound = (config: unknown) => {
    const key = stableJson(config);
    let activities = kept.get(key);
    if (activities)
      kept.delete(key); // moved to the most recently used end
    else activities = bindActivities(plugin, { ...deps, config }, options.context);
    kept.set(key, activities);
    while (kept.size > size) kept.delete(kept.keys().next().value!);
    return activities;
  };
  return Object.defineProperty(bound, 'size', { get: () => kept.size }) as ConfiguredActivities;
}
