import { TIERS, type Tier } from '@meetflow/plugin-sdk/contracts/ppm-pricing';
import { z } from 'zod';

/** Pay-per-meeting pricing settings; tier prices are the spec's (section 9, per qualified meeting). */
export const ppmPricingConfig = z.object({
  volumeBasePrice: z
    .number()
    .positive()
    .default(25)
    .describe('Base price and default floor of a Volume slice, USD per attended meeting (spec: $25).'),
  standardBasePrice: z
    .number()
    .positive()
    .default(30)
    .describe('Base price and default floor of a Standard slice, USD per attended meeting (spec: $30).'),
  premiumBasePrice: z
    .number()
    .positive()
    .default(50)
    .describe('Base price and default floor of a Premium slice, USD per attended meeting (spec: $50).'),
  capMultiple: z
    .number()
    .min(1)
    .default(4)
    .describe('Default cap of a slice as a multiple of its tier base price ($200 for Premium, the low end of a manual meeting).'),
  pmPriorMean: z
    .number()
    .gt(0)
    .lt(1)
    .default(0.87)
    .describe('Prior show-up probability of a booked meeting before a slice has evidence (spec claim: 87% show-up).'),
  pmPriorStrength: z
    .number()
    .positive()
    .default(10)
    .describe("Pseudo-meetings the prior show-up probability counts for in each slice's Beta posterior."),
  qualityPriorStrength: z
    .number()
    .positive()
    .default(20)
    .describe("Pseudo-leads the slice's set quality score counts for when qualification outcomes arrive."),
  costPerLead: z
    .number()
    .min(0)
    .default(0.5)
    .describe(
      'Internal cost of researching, scoring and contacting one lead, USD: the basis of ecm (an assumption to set per deployment).',
    ),
});

/** The parsed configuration an activity receives. */
export type PpmPricingConfig = z.output<typeof ppmPricingConfig>;

/** The three pricing tiers of spec section 9 (the contract's). */
export { TIERS, type Tier };

/** The tier's base price in USD: the unit the bid multiplier scales, and the default floor. */
export function tierBasePrice(config: PpmPricingConfig, tier: Tier): number {
  return { volume: config.volumeBasePrice, standard: config.standardBasePrice, premium: config.premiumBasePrice }[tier];
}
