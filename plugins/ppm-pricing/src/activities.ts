import type { ActivityImplementations, PluginDeps } from '@meetflow/plugin-sdk';
import { bidActivities } from './bids.ts';
import type { PricingModels } from './collections.ts';
import type { PpmPricingConfig } from './config.ts';
import { ledgerActivities } from './ledger.ts';
import type { manifest } from './manifest.ts';
import { estimatePrice } from './price.ts';
import { sliceActivities } from './slices.ts';

type Manifest = typeof manifest;

/** Builds the pricing activities over their dependencies. */
export function register(deps: PluginDeps<PpmPricingConfig, Manifest['collections']>): ActivityImplementations<Manifest['activities']> {
  const models: PricingModels = { slices: deps.db.slices, bids: deps.db.bids, ledger: deps.db.ledger };
  const { config, clock } = deps;
  return {
    estimatePrice: async (input) => estimatePrice(input),
    ...sliceActivities(models, config, clock),
    ...bidActivities(models, config, clock),
    ...ledgerActivities(models, config, clock),
  };
}
