// Test support: synthetic scored leads whose conversion depends on the tech-stack feature only.
import { seededRandom } from '@meetflow/plugin-sdk/experiments/random';
import type { Outcomes } from './schemas.ts';

/** `count` leads with uniform features; converts with probability σ(−3 + 6·techStack) (seeded). */
export function techStackLeads(count: number, seed = 7): Outcomes['scoredLeads'] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const features = { companySize: random(), industryMatch: random(), techStack: random(), jobTitle: random() };
    const converts = random() < 1 / (1 + Math.exp(3 - 6 * features.techStack));
    return { features, converted: converts };
  });
}

/** `count` leads whose conversion is independent of every feature (seeded coin flips at 30%). */
export function noiseLeads(count: number, seed = 11): Outcomes['scoredLeads'] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => ({
    features: { companySize: random(), industryMatch: random(), techStack: random(), jobTitle: random() },
    converted: random() < 0.3,
  }));
}
