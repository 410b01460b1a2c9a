import { describe, expect, it } from 'vitest';
import { apportion } from './rounding.ts';

describe('apportion', () => {
  it('keeps exact values', () => {
    expect(apportion([315, 252, 198, 135, 100], 1000)).toEqual([315, 252, 198, 135, 100]);
  });

  it('gives the missing units to the largest remainders', () => {
    expect(apportion([33.3, 33.3, 33.4], 100)).toEqual([33, 33, 34]);
    expect(apportion([10.6, 20.7, 30.2], 62)).toEqual([11, 21, 30]);
  });

  it('takes surplus units from the smallest remainders', () => {
    expect(apportion([10.4, 20.1, 30.3], 60)).toEqual([10, 20, 30]);
    expect(apportion([10.4, 20.1, 30.3], 59)).toEqual([10, 19, 30]);
  });

  it('gives nothing to a zero value while another can take the units', () => {
    expect(apportion([0, 40, 148.5], 193, [368, 100, 149])).toEqual([0, 44, 149]);
    expect(apportion([0, 0], 2)).toEqual([1, 1]);
  });

  it('respects caps', () => {
    expect(apportion([315, 60.4], 380, [315, 1000])).toEqual([315, 65]);
  });

  it('fails loudly when the caps cannot hold the target', () => {
    expect(() => apportion([5, 5], 30, [10, 10])).toThrow(/cannot apportion/);
  });
});
