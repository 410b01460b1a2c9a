import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes the first and last word of a name', () => {
    expect(initials('Jane Doe')).toBe('JD');
    expect(initials('  jean-luc  de la   picard ')).toBe('JP');
  });

  it('takes two letters of a one-word name, and a mark for none', () => {
    expect(initials('jane')).toBe('JA');
    expect(initials('Q')).toBe('Q');
    expect(initials('   ')).toBe('?');
  });
});
