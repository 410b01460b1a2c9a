import { describe, expect, it } from 'vitest';
import { siteLabels } from './eval-sites.ts';
import { DEVELOPMENT_SET, HELD_OUT_SET, runIcpEval, type IcpEvalResult } from './icp-eval.ts';

const perField = (result: IcpEvalResult) =>
  Object.entries(result.fields)
    .map(([field, value]) => `${field} ${(value * 100).toFixed(1)}%`)
    .join(', ');

// The ICP builder on the development set: 119 labelled sites (plugins/research/fixtures/icp-eval)
// written together with the extractors they score, so its figure is in-sample. The target of
// issue #32, asserted. `npm run eval -- icp` prints the same figures.
describe('ICP eval on the development set (in-sample)', () => {
  it('labels at least 30 sites, in every shape: team pages, careers pages, no testimonials, thin', () => {
    const labels = Object.values(siteLabels());
    expect(labels.length).toBeGreaterThanOrEqual(30);
    expect(new Set(labels.map((label) => label.industry)).size).toBeGreaterThanOrEqual(12);
    expect(labels.filter((label) => label.sizeBand === null).length).toBeGreaterThan(0);
  });

  it('reaches 95% overall, with titles of 80% at least and no infrastructure among business tools', async () => {
    const result = await runIcpEval(DEVELOPMENT_SET);
    expect(result.sites).toBeGreaterThanOrEqual(30);
    expect(result.fields.titles, perField(result)).toBeGreaterThanOrEqual(0.8);
    expect(result.overall, perField(result)).toBeGreaterThanOrEqual(0.95);
    expect(result.infrastructureLeaks).toEqual([]);
  });
});

// The held-out set: 44 generated sites (plugins/research/fixtures/held-out) written without reading
// the extractors and never used to tune them. Its target is 92% overall (issue #32); it stands at
// 92.9% (measured 2026-11-30 after session 21's extractors; 91.6% after session 20's), so the
// target is the floor asserted. Raise it when the figure rises; never read this set's misses to make it rise (its README).
const HELD_OUT_FLOOR = 0.92;

describe('ICP eval on the held-out set', () => {
  it(`holds the target of ${HELD_OUT_FLOOR * 100}% overall, with no infrastructure among business tools`, async () => {
    const result = await runIcpEval(HELD_OUT_SET);
    expect(result.sites).toBeGreaterThanOrEqual(40);
    expect(result.groups).toBeGreaterThan(1);
    expect(result.overall, perField(result)).toBeGreaterThanOrEqual(HELD_OUT_FLOOR);
    expect(result.infrastructureLeaks).toEqual([]);
  });
});
