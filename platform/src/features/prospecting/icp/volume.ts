import { industryLabel } from '@meetflow/plugin-sdk/contracts/industry-taxonomy';
import type { SizeBand } from './company-size.ts';

// Rough orders of magnitude: companies with a web site worldwide per industry of the shared
// taxonomy (the labels research names). They make estimatedVolume an explainable estimate, not a count; discovery's prospect
// database can replace them with real counts.
const COMPANIES_BY_INDUSTRY: Record<string, number> = {
  'financial services & fintech': 60_000,
  healthcare: 120_000,
  cybersecurity: 8_000,
  'logistics & supply chain': 90_000,
  manufacturing: 250_000,
  'e-commerce & retail': 300_000,
  'marketing technology': 15_000,
  'sales technology': 12_000,
  'hr & recruiting': 10_000,
  education: 80_000,
  'real estate & construction': 150_000,
  legal: 60_000,
  'developer tools & infrastructure': 15_000,
  'data & analytics': 12_000,
  'hospitality & food': 200_000,
  'energy & utilities': 30_000,
};
/** Companies counted for an industry research could not name. */
const UNKNOWN_INDUSTRY = 100_000;
/** Each technology in a slice's criteria keeps about half the companies; at most three are counted. */
const TECH_NARROWING = 0.5;
const MAX_TECH_COUNTED = 3;

/**
 * estimatedVolume = Σ companies in each industry × share of companies in the size bands
 * (all when unknown) × 0.5 per technology in the criteria (3 at most), to the nearest 10.
 */
export function estimateVolume(industries: readonly string[], bands: readonly SizeBand[], techCount: number): number {
  const companies =
    industries.length === 0
      ? UNKNOWN_INDUSTRY
      : industries.reduce((sum, industry) => sum + (COMPANIES_BY_INDUSTRY[industryLabel(industry).toLowerCase()] ?? UNKNOWN_INDUSTRY), 0);
  const sizeShare = bands.length === 0 ? 1 : bands.reduce((sum, band) => sum + band.share, 0);
  const narrowing = TECH_NARROWING ** Math.min(techCount, MAX_TECH_COUNTED);
  return Math.round((companies * sizeShare * narrowing) / 10) * 10;
}

/** The formula in words, for the analysis notes. */
export const VOLUME_FORMULA =
  'estimatedVolume = companies in the industry (rough order of magnitude) × share of companies in the size band × 0.5 per technology in the criteria (at most 3), to the nearest 10';
