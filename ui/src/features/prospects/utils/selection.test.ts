import { describe, expect, it } from 'vitest';
import { filtersFromParams } from './filters.ts';
import {
  isSelected,
  MAX_CHOSEN,
  NOTHING,
  selectedCount,
  selectionBody,
  selectionExportQuery,
  withRows,
  type Selection,
} from './selection.ts';

const filters = filtersFromParams(new URLSearchParams('industry=fin&minScore=60&sort=score'));

describe('a selection across pages', () => {
  it('collects rows chosen on several pages, and drops them again', () => {
    let selection = withRows(NOTHING, [1, 2, 3], true);
    selection = withRows(selection, [26, 27], true);
    selection = withRows(selection, [2], false);
    expect([...(selection as Extract<Selection, { mode: 'ids' }>).ids]).toEqual([1, 3, 26, 27]);
    expect(selectedCount(selection, 500)).toBe(4);
    expect(selectionBody(selection, filters)).toEqual({ kind: 'ids', ids: [1, 3, 26, 27] });
    expect(selectionExportQuery(selection, filters)).toBe('industry=fin&minScore=60&sort=score&ids=1%2C3%2C26%2C27');
  });

  it('selects all matching as the filter, with the rows then unticked left out: no ids travel', () => {
    let selection: Selection = { mode: 'all', except: new Set() };
    expect(selectedCount(selection, 1234)).toBe(1234);
    selection = withRows(selection, [7, 8], false);
    selection = withRows(selection, [8], true);
    expect(isSelected(selection, 7)).toBe(false);
    expect(isSelected(selection, 999)).toBe(true);
    expect(selectedCount(selection, 1234)).toBe(1233);
    expect(selectionBody(selection, filters)).toEqual({ kind: 'filter', filter: { industry: 'fin', minScore: 60 }, exclude: [7] });
    expect(selectionExportQuery(selection, filters)).toBe('industry=fin&minScore=60&sort=score&exclude=7');
    expect(selectionExportQuery(NOTHING, filters)).toBe('industry=fin&minScore=60&sort=score');
  });

  it('takes no more than the API accepts one by one', () => {
    const many = Array.from({ length: MAX_CHOSEN + 5 }, (_, index) => index + 1);
    expect(selectedCount(withRows(NOTHING, many, true), 5000)).toBe(MAX_CHOSEN);
  });
});
