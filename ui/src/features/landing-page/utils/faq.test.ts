import { describe, expect, it } from 'vitest';
import { toggleFaq } from './faq.ts';

describe('the landing page', () => {
  it('keeps one FAQ item open at most: another replaces it, the open one closes', () => {
    expect(toggleFaq(null, 2)).toBe(2);
    expect(toggleFaq(2, 4)).toBe(4);
    expect(toggleFaq(4, 4)).toBeNull();
  });
});
