import { describe, expect, it } from 'vitest';
import { saveBlockedBecause, testRunBlockedBecause } from './blocked.ts';

const VALID = { checking: false, valid: true, problems: 0 };

describe('saveBlockedBecause', () => {
  it('lets a changed, checked, valid draft with a free id be saved', () => {
    expect(saveBlockedBecause(true, false, VALID)).toBeNull();
  });

  it('says why it cannot be saved, the first reason first', () => {
    expect(saveBlockedBecause(false, true, { checking: true, valid: false, problems: 2 })).toBe('Nothing has changed since the last save');
    expect(saveBlockedBecause(true, true, VALID)).toBe('Another pipeline has this id: choose another');
    expect(saveBlockedBecause(true, false, { checking: true, valid: false, problems: 0 })).toBe('Checking the draft…');
    expect(saveBlockedBecause(true, false, { checking: false, valid: false, problems: 1 })).toBe('Fix the problem first');
    expect(saveBlockedBecause(true, false, { checking: false, valid: false, problems: 3 })).toBe('Fix the 3 problems first');
    expect(saveBlockedBecause(true, false, { checking: false, valid: false, problems: 0 })).toBe('The draft could not be checked');
  });
});

describe('testRunBlockedBecause', () => {
  it('runs a valid draft whether or not it is saved', () => {
    expect(testRunBlockedBecause(false, VALID)).toBeNull();
  });

  it('waits for the check, for the problems to be fixed, and for a run already starting', () => {
    expect(testRunBlockedBecause(false, { checking: true, valid: false, problems: 0 })).toBe('Checking the draft…');
    expect(testRunBlockedBecause(true, { checking: false, valid: false, problems: 2 })).toBe('Fix the 2 problems first');
    expect(testRunBlockedBecause(true, VALID)).toBe('A test run is starting…');
  });
});
