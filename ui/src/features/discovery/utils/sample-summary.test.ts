import { describe, expect, it } from 'vitest';
import { dana } from './test-prospect.test-support.ts';
import { sampleSummaryOf } from './sample-summary.ts';

const list = ['linkedin', 'crunchbase', 'apollo', 'zoominfo'].map((id) => ({ id, label: id, configured: false }));
describe('sampleSummaryOf', () => {
  it('counts the sample prospects and the sources they stood in for, in checklist order', () => {
    const real = { ...dana, sample: false, sources: ['zoominfo' as const] };
    expect(sampleSummaryOf([dana, real, { ...dana, sources: ['crunchbase'] }], list)).toEqual({
      sampleCount: 2,
      total: 3,
      sources: ['linkedin', 'crunchbase', 'apollo'],
    });
  });
});
