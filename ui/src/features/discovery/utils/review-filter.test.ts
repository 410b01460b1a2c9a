import { describe, expect, it } from 'vitest';
import {
  filterPeople,
  NO_FILTER,
  parseScoreBound,
  selectionText,
  shownSelection,
  sliceOfIndustry,
  slicesOf,
  toggleOne,
  toggleShown,
} from './review-filter.ts';

const person = (key: string, matchScore: number, slice: string | null) => ({ key, matchScore, slice });
const people = [person('a', 92, 'Sales tech'), person('b', 81, 'Fintech'), person('c', 74, 'Sales tech'), person('d', 55, null)];

describe('the discovery review filter', () => {
  it('keeps the people within the score range and of the slice, in order', () => {
    expect(filterPeople(people, NO_FILTER).map((p) => p.key)).toEqual(['a', 'b', 'c', 'd']);
    expect(filterPeople(people, { ...NO_FILTER, minScore: 74 }).map((p) => p.key)).toEqual(['a', 'b', 'c']);
    expect(filterPeople(people, { ...NO_FILTER, minScore: 60, maxScore: 81 }).map((p) => p.key)).toEqual(['b', 'c']);
    expect(filterPeople(people, { ...NO_FILTER, slice: 'Sales tech' }).map((p) => p.key)).toEqual(['a', 'c']);
    expect(filterPeople(people, { minScore: 80, maxScore: null, slice: 'Sales tech' }).map((p) => p.key)).toEqual(['a']);
  });

  it('lists the slices with their counts, the best match’s first', () => {
    expect(slicesOf(people)).toEqual([
      { name: 'Sales tech', count: 2 },
      { name: 'Fintech', count: 1 },
    ]);
  });

  it('reads score bounds: blank is open, else 0–100 whole numbers', () => {
    expect(parseScoreBound(' ')).toEqual({ value: null, error: null });
    expect(parseScoreBound('70')).toEqual({ value: 70, error: null });
    expect(parseScoreBound('0')).toEqual({ value: 0, error: null });
    for (const bad of ['101', '-1', '7.5', 'high'])
      expect(parseScoreBound(bad)).toEqual({ value: null, error: 'A whole number from 0 to 100' });
  });

  it('names the ICP slice of an industry, any case', () => {
    const slices = [
      { name: 'Sales tech', criteria: { industry: ['Sales technology', 'CRM'] } },
      { name: 'Fintech', criteria: { industry: ['Fintech'] } },
    ];
    expect(sliceOfIndustry('sales TECHNOLOGY', slices)).toBe('Sales tech');
    expect(sliceOfIndustry('Fintech', slices)).toBe('Fintech');
    expect(sliceOfIndustry('Retail', slices)).toBeNull();
    expect(sliceOfIndustry(null, slices)).toBeNull();
  });
});

describe('the discovery review selection', () => {
  it('selects every person shown at once, however many, and clears them when all are', () => {
    const many = Array.from({ length: 1_000 }, (_, index) => person(`p${index}`, 100 - (index % 50), null));
    const all = toggleShown(new Set(), many);
    expect(all.size).toBe(1_000);
    expect(shownSelection(all, many)).toBe('all');
    expect(toggleShown(all, many).size).toBe(0);
  });

  it('selects all of those the filters show, keeping the others as they were', () => {
    const shown = filterPeople(people, { ...NO_FILTER, slice: 'Sales tech' });
    const selected = toggleShown(new Set(['d']), shown);
    expect([...selected].sort()).toEqual(['a', 'c', 'd']);
    expect(shownSelection(new Set(['a']), shown)).toBe('some');
    expect(shownSelection(new Set(['b']), shown)).toBe('none');
    expect([...toggleShown(new Set(['a']), shown)].sort()).toEqual(['a', 'c']);
  });

  it('toggles one person', () => {
    expect([...toggleOne(new Set(['a']), 'b')]).toEqual(['a', 'b']);
    expect([...toggleOne(new Set(['a', 'b']), 'a')]).toEqual(['b']);
  });

  it('says how many are selected and shown, and how many selected the filters hide', () => {
    const shown = filterPeople(people, { ...NO_FILTER, minScore: 80 });
    expect(selectionText(new Set(['a', 'c', 'd']), people, shown)).toBe('3 selected (2 of them hidden by the filters) · 2 of 4 shown');
    expect(selectionText(new Set(), people, people)).toBe('0 selected · 4 in all');
    const many = Array.from({ length: 1_200 }, (_, index) => person(`p${index}`, 90, null));
    expect(selectionText(toggleShown(new Set(), many), many, many)).toBe('1,200 selected · 1,200 in all');
  });
});
