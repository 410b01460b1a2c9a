import { describePlugin, manifestProblems } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { ppmPricingPlugin } from './index.ts';

describe('ppm-pricing manifest', () => {
  it('passes the SDK checks (doc lines, defaults, camelCase activities, mongoose collections)', () => {
    expect(manifestProblems(ppmPricingPlugin)).toEqual([]);
  });

  it('keeps ecm out of every client-facing output schema', () => {
    const activities = describePlugin(ppmPricingPlugin).activities;
    const outputOf = (name: string) => JSON.stringify(activities.find((activity) => activity.name === name)?.output);
    for (const name of [
      'listSlices',
      'upsertSlice',
      'upsertBid',
      'listBids',
      'chargeMeeting',
      'ledgerSummary',
      'ledgerEntries',
      'estimatePrice',
    ]) {
      expect(outputOf(name)).not.toContain('"ecm"');
    }
    expect(outputOf('internalSliceEconomics')).toContain('"ecm"');
  });
});
