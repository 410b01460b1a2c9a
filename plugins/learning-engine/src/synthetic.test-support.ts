// Test support: synthetic scored leads whose conversion depends on one dimension, or on none.
import { seededRandom } from '@meetflow/plugin-sdk/experiments/random';
import type { Outcomes } from './schemas.ts';

type Lead = Outcomes['scoredLeads'][number];

/** `count` leads with five uniform dimensions; converts with probability σ(−3 + 6·x) of the dimension `on` (seeded). */
function dependentLeads(count: number, seed: number, on: keyof Required<Lead['features']>): Outcomes['scoredLeads'] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const features = { companySize: random(), industryMatch: random(), techStack: random(), jobTitle: random(), timing: random() };
    const converts = random() < 1 / (1 + Math.exp(3 - 6 * features[on]));
    return { features, converted: converts };
  });
}

/** `count` leads whose meetings depend on the tech-stack dimension only. */
export const techStackLeads = (count: number, seed = 7) => dependentLeads(count, seed, 'techStack');

/** `count` leads whose meetings depend on the timing dimension only. */
export const timingLeads = (count: number, seed = 13) => dependentLeads(count, seed, 'timing');

/** The same leads as recorded before timing was: the four fit dimensions only. */
export const withoutTiming = (leads: Outcomes['scoredLeads']): Outcomes['scoredLeads'] =>
  leads.map(({ features: { timing: _timing, ...four }, converted }) => ({ features: four, converted }));

/** `count` leads whose conversion is independent of every dimension (seeded coin flips at 30%). */
export function noiseLeads(count: number, seed = 11): Outcomes['scoredLeads'] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => ({
    features: { companySize: random(), industryMatch: random(), techStack: random(), jobTitle: random(), timing: random() },
    converted: random() < 0.3,
  }));
}
