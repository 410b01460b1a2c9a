import { z } from 'zod';
import type { PluginApiDeps } from '../../runs/services.ts';
import { callPricing } from './pricing.ts';
import { systemRunContext } from '../../../core/run-context.ts';

/** The spec's three tiers (section 9) with their stated qualification-rate ranges. */
export const DEFAULT_TIERS = [
  { tier: 'volume', sliceName: 'Volume Slice', profile: '10-50 employees, bootstrap/pre-seed', qualification: [0.7, 0.75] },
  { tier: 'standard', sliceName: 'Standard Slice', profile: '50-200 employees, seed to Series A', qualification: [0.75, 0.85] },
  { tier: 'premium', sliceName: 'Premium Slice', profile: '200+ employees, Series B+', qualification: [0.9, 0.95] },
] as const;

// Meetings a workspace can take in a month under the spec's default bid (section 5: 5 a day),
// over the working days of an average month (5 days × 52 weeks ÷ 12).
const DEFAULT_MONTHLY_MEETINGS = (5 * (5 * 52)) / 12;

/**
 * A tier's starting estimates, derived from its stated qualification rate q (the midpoint of
 * the range). They are priors: the plugin recomputes quality and pm from real outcomes.
 * - qualityScore = q: the share of the slice's leads expected to qualify.
 * - pm = q: a booked meeting is taken to happen about as often as its prospect qualifies. With
 *   qualityScore = pm the price at the default 1× bid is exactly the tier's advertised price
 *   ($25 / $30 / $50); outcomes then move the two apart.
 * - leadsVolume = leads a month needed to fill the default bid's meetings when a share q × pm
 *   of leads ends in an attended meeting: ⌈monthly meetings ÷ (q × pm)⌉.
 */
export function tierEstimates(qualification: readonly [number, number]) {
  const q = Number(((qualification[0] + qualification[1]) / 2).toFixed(4));
  return { qualityScore: q, pm: q, leadsVolume: Math.ceil(DEFAULT_MONTHLY_MEETINGS / (q * q)) };
}

const Listed = z.object({ slices: z.array(z.object({ sliceId: z.string() })) });

/**
 * Gives a workspace without slices the spec's three tiers, so the marketplace is not empty on
 * a fresh start. A workspace that has slices (its own, from ICP analysis, or these from an
 * earlier start) is left alone, so learned values are never reset. Returns the ids it created.
 */
export async function ensureDefaultSlices(deps: PluginApiDeps, workspaceId: string): Promise<string[]> {
  // The platform sets up every workspace's slices itself: upsertSlice is an admin's step, and this is no member's.
  const run = systemRunContext(workspaceId, 'default-slices');
  const { slices } = Listed.parse(await callPricing(deps, 'listSlices', {}, run));
  if (slices.length > 0) return [];
  for (const { tier, sliceName, qualification } of DEFAULT_TIERS) {
    await callPricing(deps, 'upsertSlice', { sliceId: tier, sliceName, tier, ...tierEstimates(qualification) }, run, {
      idempotencyKey: `default-slice:${workspaceId}:${tier}`,
    });
  }
  return DEFAULT_TIERS.map(({ tier }) => tier);
}
