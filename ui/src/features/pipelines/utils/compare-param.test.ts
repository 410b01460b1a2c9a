import { describe, expect, it } from 'vitest';
import { compareParam, compareSearch } from './compare-param.ts';

const read = (search: string) => compareParam(new URLSearchParams(search));

describe('compareParam', () => {
  it('reads two versions, the older first whichever way round they came', () => {
    expect(read('?from=1&to=3')).toEqual({ from: 1, to: 3 });
    expect(read('?from=3&to=1')).toEqual({ from: 1, to: 3 });
  });

  it('compares nothing for a missing, invalid or single version', () => {
    expect([read('?from=1'), read('?from=0&to=2'), read('?from=1.5&to=2'), read('?from=2&to=2'), read('?from=&to=2')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('writes what it reads', () => {
    expect(read(compareSearch(4, 2))).toEqual({ from: 2, to: 4 });
  });
});
