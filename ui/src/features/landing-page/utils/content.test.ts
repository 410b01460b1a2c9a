import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as content from '../content.ts';
import { BATCH_TIME, MEASUREMENTS, PRICE_CAP_MULTIPLE, PRICING_TIERS, STATS, TIER_PRICES } from '../content.ts';

const repo = join(import.meta.dirname, '..', '..', '..', '..', '..');
/** Text with every run of white space as one space, so a figure wrapped across lines still matches. */
const flat = (text: string) => text.replace(/\s+/g, ' ');
/** README's "Measured" section: where every figure the page shows must be. */
const measured = (() => {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Measured\n');
  return flat(readme.slice(start, readme.indexOf('\n## ', start + 1)));
})();

/** The spec's marketing claims nobody measured here, and integrations that do not exist: none may be on the page. */
const UNMEASURED = [
  '92%',
  '87%',
  '31%',
  '240+',
  '90-95%',
  '38 min',
  '2-4 hours',
  '30 minutes',
  '99.9%',
  '96%',
  '150+',
  '$25M+',
  '$200-400',
  '120K+',
  '60-70%',
  '12+',
  'illustrative',
  'Setup fee',
  'Starter Pack',
  'credits',
  'two payment providers',
  '3-Min',
  'Stripe',
  'PayPal',
];

describe("the landing page's content", () => {
  it('shows only figures README, Measured, states, each with the command that measures it', () => {
    expect(measured.length).toBeGreaterThan(1000);
    for (const { measuredOn } of Object.values(MEASUREMENTS)) expect(measured).toContain(measuredOn);
    for (const stat of STATS) {
      expect(measured, `${stat.value} ${stat.label}`).toContain(flat(stat.readme));
      expect(measured, stat.measuredBy).toContain(MEASUREMENTS[stat.measuredBy].command.replace(/ -- \w+$/, ''));
    }
    // The one time the page states, in the hero, Results and the FAQ, is the batch's, rounded.
    const batch = /\| 1,000 prospects, all qualifying: research → score → copy → enrolled \| ([\d.]+) s/.exec(measured);
    expect(batch, 'the batch row of README, Measured').not.toBeNull();
    expect(BATCH_TIME).toBe(`${Math.round(Number(batch![1]))} s`);
  });

  it("says none of the spec's unmeasured claims, and names no integration that does not exist", () => {
    const text = JSON.stringify(content);
    for (const claim of UNMEASURED) expect(text, claim).not.toContain(claim);
  });

  it("prices the tiers at the pricing plugin's defaults: base price, and a cap four times it", () => {
    const config = readFileSync(join(repo, 'plugins/ppm-pricing/src/config.ts'), 'utf8');
    const defaultOf = (field: string) => Number(new RegExp(`${field}: z[^;]*?\\.default\\(([\\d.]+)\\)`).exec(config)?.[1]);
    expect(PRICING_TIERS.map((tier) => [tier.tier, tier.basePrice])).toEqual([
      ['volume', defaultOf('volumeBasePrice')],
      ['standard', defaultOf('standardBasePrice')],
      ['premium', defaultOf('premiumBasePrice')],
    ]);
    expect(PRICE_CAP_MULTIPLE).toBe(defaultOf('capMultiple'));
    expect(TIER_PRICES).toBe('$25, $30 or $50');
  });
});
