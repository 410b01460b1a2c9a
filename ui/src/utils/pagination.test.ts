import { describe, expect, it } from 'vitest';
import { lastPage, pageRange } from './pagination.ts';

describe('pages of a list', () => {
  it('say which items a page shows, and which page is the last', () => {
    expect(pageRange(1, 20, 20, 57)).toBe('1–20 of 57');
    expect(pageRange(3, 20, 17, 57)).toBe('41–57 of 57');
    expect(pageRange(2, 20, 0, 20)).toBe('0 of 20');
    expect(pageRange(1, 25, 25, 1_200)).toBe('1–25 of 1,200');
    expect(lastPage(57, 20)).toBe(3);
    expect(lastPage(0, 20)).toBe(1);
  });
});
