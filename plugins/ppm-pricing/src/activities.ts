import { workspaceOf, type ActivityContext, type ActivityImplementations, type PluginDeps } from '@meetflow/plugin-sdk';
import { bidActivities } from './bids.ts';
import type { PricingModels } from './collections.ts';
import type { PpmPricingConfig } from './config.ts';
import { ledgerActivities } from './ledger.ts';
import type { manifest } from './manifest.ts';
import { estimatePrice } from './price.ts';
import { sliceActivities } from './slices.ts';

type Manifest = typeof manifest;

/** Each activity of `activities` given its input with the workspace of its run context (never one of the input's). */
function inRunWorkspace<A extends Record<string, (input: never) => Promise<unknown>>>(activities: A) {
  return Object.fromEntries(
    Object.entries(activities).map(([name, activity]) => [
      name,
      (input: object, context: ActivityContext) => activity({ ...input, workspaceId: workspaceOf(context) } as never),
    ]),
  ) as { [K in keyof A]: (input: Omit<Parameters<A[K]>[0], 'workspaceId'>, context: ActivityContext) => ReturnType<A[K]> };
}

/** Builds the pricing activities over their dependencies. */
export function register(deps: PluginDeps<PpmPricingConfig, Manifest['collections']>): ActivityImplementations<Manifest['activities']> {
  const models: PricingModels = { slices: deps.db.slices, bids: deps.db.bids, ledger: deps.db.ledger };
  const { config, clock } = deps;
  return {
    estimatePrice: async (input) => estimatePrice(input),
    ...inRunWorkspace({
      ...sliceActivities(models, config, clock),
      ...bidActivities(models, config, clock),
      ...ledgerActivities(models, config, clock),
    }),
  };
}
