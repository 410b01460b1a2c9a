import { describe, expect, it } from 'vitest';
import { populationOf, populationOption, populationWords } from './population.ts';

describe('an experiment population in the form and on its card', () => {
  it('round-trips each kind through the form’s option value, a slice name with a colon included', () => {
    for (const population of [
      { kind: 'workspace' as const },
      { kind: 'campaign' as const, campaignId: 12 },
      { kind: 'slice' as const, slice: 'SaaS: 50-200' },
    ])
      expect(populationOf(populationOption(population))).toEqual(population);
    expect(populationOption({ kind: 'slice', slice: 'Retail' })).toBe('slice:Retail');
  });

  it('names the campaign, the slice or everybody', () => {
    const campaigns = new Map([[3, 'Spring push']]);
    expect(populationWords({ kind: 'campaign', campaignId: 3 }, campaigns)).toBe('campaign Spring push');
    expect(populationWords({ kind: 'campaign', campaignId: 4 }, campaigns)).toBe('campaign 4');
    expect(populationWords({ kind: 'slice', slice: 'Fintech' }, campaigns)).toBe('ICP slice Fintech');
    expect(populationWords({ kind: 'workspace' }, campaigns)).toBe('every prospect');
  });
});
