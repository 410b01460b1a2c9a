import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';
import type { ActivityContext, CollectionSchemas, PluginDeps } from './deps.ts';
import type { AnyPlugin } from './manifest.ts';

/**
 * An activity as the worker registers it: one JSON-able argument, validated both ways. A host
 * calling it in its own process may add to its context (the `checkpoint` of an inProcess activity).
 */
export type BoundActivity = (input: unknown, extra?: Pick<ActivityContext, 'checkpoint'>) => Promise<unknown>;

function currentContext(): ActivityContext {
  const context = Context.current();
  return {
    heartbeat: (details) => context.heartbeat(details),
    signal: context.cancellationSignal,
    attempt: context.info.attempt,
    lastHeartbeat: context.info.heartbeatDetails,
  };
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
  context: () => ActivityContext = currentContext,
): Record<string, BoundActivity> {
  const implementations = plugin.register(deps as never) as Record<string, (input: unknown, context: ActivityContext) => Promise<unknown>>;
  const bound: Record<string, BoundActivity> = {};
  for (const [name, definition] of Object.entries(plugin.manifest.activities)) {
    const qualified = `${plugin.manifest.id}.${name}`;
    const implementation = implementations[name];
    if (typeof implementation !== 'function') {
      throw new Error(`plugin "${plugin.manifest.id}": register() returned no implementation for activity "${name}"`);
    }
    bound[qualified] = async (input: unknown, extra?: Pick<ActivityContext, 'checkpoint'>) => {
      const parsedInput = definition.input.safeParse(input);
      if (!parsedInput.success) {
        throw ApplicationFailure.create({
          type: 'InvalidActivityInput',
          nonRetryable: true,
          message: `${qualified}: invalid input: ${z.prettifyError(parsedInput.error)}`,
        });
      }
      const output = await implementation(parsedInput.data, extra?.checkpoint ? { ...context(), checkpoint: extra.checkpoint } : context());
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
