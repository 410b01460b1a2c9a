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
export type BoundActivity = (input: unknown, extra?: ActivityExtra) => Promise<unknown>;

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
