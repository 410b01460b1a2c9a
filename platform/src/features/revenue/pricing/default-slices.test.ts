import { describe, expect, it } from 'vitest';
import { DEFAULT_TIERS, tierEstimates } from './default-slices.ts';

describe('tierEstimates', () => {
  it('starts each spec tier at the midpoint of its qualification rate, pm equal to it', () => {
    expect(DEFAULT_TIERS.map(({ qualification }) => tierEstimates(qualification))).toEqual([
      // ⌈(5 meetings × 260 working days ÷ 12) ÷ q²⌉: 108.33 ÷ 0.525625, ÷ 0.64, ÷ 0.855625
      { qualityScore: 0.725, pm: 0.725, leadsVolume: 207 },
      { qualityScore: 0.8, pm: 0.8, leadsVolume: 170 },
      { qualityScore: 0.925, pm: 0.925, leadsVolume: 127 },
    ]);
  });

  it('asks for more leads the worse a slice qualifies', () => {
    expect(tierEstimates([0.5, 0.5]).leadsVolume).toBeGreaterThan(tierEstimates([0.9, 0.9]).leadsVolume);
  });
});
