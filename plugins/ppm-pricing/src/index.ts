import { definePlugin } from '@meetflow/plugin-sdk';
import { register } from './activities.ts';
import { manifest } from './manifest.ts';

/** The pay-per-meeting pricing agent plugin. */
export const ppmPricingPlugin = definePlugin(manifest, register);
export { manifest as ppmPricingManifest };
export { estimatePrice, type PriceEstimate, type PriceInput } from './price.ts';
