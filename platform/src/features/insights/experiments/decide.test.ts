import { describe, expect, it } from 'vitest';
// A test may reach across the layers: it pins the insights copy of the matcher to the scoring's rule.
import { sliceFor } from '../../prospecting/superagent/process-prospect.ts';
import { sliceOfProspect } from './decide.ts';

const slice = (name: string, confidence: number, industry: string[]) => ({
  name,
  description: name,
  confidence,
  estimatedVolume: 10,
  criteria: { industry, companySize: 'unknown', jobTitles: [], techStack: [], painPoints: [] },
});

describe('sliceOfProspect: the ICP slice a prospect is decided in', () => {
  const slices = [
    slice('Retail', 0.5, ['Retail', 'E-commerce']),
    slice('Fintech', 0.9, ['Financial Services', 'Banking']),
    slice('Banks too', 0.9, ['Banking']), // as confident as Fintech, listed after it
    slice('Health', 0.2, ['Hospitals', 'retail']),
  ];

  it('is the slice the scoring scores the prospect against, for every kind of prospect', () => {
    for (const industry of ['Retail', 'e-commerce', 'BANKING', 'Hospitals', 'Mining', '', null]) {
      const expected = sliceFor({ industry }, slices)?.name;
      expect(sliceOfProspect(industry, slices)?.name, String(industry)).toBe(expected);
    }
    expect(sliceOfProspect('anything', [])).toBeUndefined();
    expect(sliceFor({ industry: 'anything' }, [])).toBeUndefined();
  });

  it('names the most confident slice naming the industry, else the most confident', () => {
    expect(sliceOfProspect('retail', slices)?.name).toBe('Retail'); // Health names it too, less confidently
    expect(sliceOfProspect('Banking', slices)?.name).toBe('Fintech'); // a tie keeps the ICP's order
    expect(sliceOfProspect('Mining', slices)?.name).toBe('Fintech');
    expect(sliceOfProspect(null, slices.slice(0, 1))?.name).toBe('Retail');
  });
});
