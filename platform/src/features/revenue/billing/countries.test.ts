import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './countries.ts';

describe('the ISO 3166-1 alpha-2 codes', () => {
  it('are the 249 assigned, each a current region Intl names, and none of its other region codes', () => {
    const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
    expect(COUNTRY_CODES.size).toBe(249);
    // A withdrawn code (DD, YU) is canonicalised to its successor: one that is not would be withdrawn.
    const unassigned = [...COUNTRY_CODES].filter((code) => !names.of(code) || Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`);
    expect(unassigned).toEqual([]);
    for (const code of ['EU', 'UN', 'XK', 'ZZ', 'UK', 'DD', 'AC']) expect(COUNTRY_CODES.has(code), code).toBe(false);
  });
});
