import { describe, expect, it } from 'vitest';
import { filtersFromParams, noMatchText, paramsFromFilters, suppressionsPath } from './suppression-filters.ts';
import { addedText, adderName, entryLabel, entryLines, refusedLines } from './suppression-view.ts';

describe('the suppression list screen', () => {
  it('shows a domain entry as the domain alone', () => {
    expect(entryLabel({ email: '*@acme.com', kind: 'domain' })).toBe('acme.com');
    expect(entryLabel({ email: 'ada@acme.com', kind: 'address' })).toBe('ada@acme.com');
  });

  it('names who added an entry', () => {
    const members = [{ userId: 'u1', name: 'Ada Lane' }];
    expect(adderName('user:u1', members, 'u2')).toBe('Ada Lane');
    expect(adderName('user:u2', members, 'u2')).toBe('you');
    expect(adderName('user:u3', members, 'u2')).toBe('a former member');
    expect(adderName('user:u3', undefined, 'u2')).toBe('a member');
    expect(adderName('token:t1', members, 'u2')).toBe('an API token');
  });

  it('reads one entry a line, and places the refusals of the API on their lines', () => {
    const lines = entryLines(' ada@acme.com \n\n  \nacme\r\nbo@');
    expect(lines).toEqual([
      { entry: 'ada@acme.com', line: 1 },
      { entry: 'acme', line: 4 },
      { entry: 'bo@', line: 5 },
    ]);
    const fields = { 'entries.1': '"acme" is neither an email address nor a domain', 'entries.2': '"bo@" is not an email address' };
    expect(refusedLines({ ...fields, reason: 'must not be blank' }, lines)).toEqual([
      'Line 4: "acme" is neither an email address nor a domain',
      'Line 5: "bo@" is not an email address',
    ]);
  });

  it('says what an add did', () => {
    expect(addedText({ added: 3, alreadyPresent: 0 })).toBe('3 entries added.');
    expect(addedText({ added: 1, alreadyPresent: 2 })).toBe('1 entry added; 2 entries were already on the list.');
    expect(addedText({ added: 0, alreadyPresent: 1 })).toBe('Nothing new added; 1 entry was already on the list.');
  });

  it('keeps the search, reason and page in the URL, and asks the API for that page', () => {
    const filters = filtersFromParams(new URLSearchParams('q=acme&reason=asked+to+be+removed&page=2'));
    expect(filters).toEqual({ search: 'acme', reason: 'asked to be removed', page: 2 });
    expect(paramsFromFilters(filters)).toEqual({ q: 'acme', reason: 'asked to be removed', page: '2' });
    expect(suppressionsPath(filters)).toBe('/api/suppressions?search=acme&reason=asked+to+be+removed&page=2&limit=25');
    expect(filtersFromParams(new URLSearchParams('page=-1'))).toEqual({ search: '', reason: '', page: 1 });
  });

  it('says why a filtered page is empty', () => {
    expect(noMatchText({ search: ' acme ', reason: 'bounced' })).toBe('Nothing on the list contains “acme” with the reason “bounced”.');
    expect(noMatchText({ search: 'acme', reason: '' })).toBe('Nothing on the list contains “acme”.');
    expect(noMatchText({ search: '', reason: 'bounced' })).toBe('Nothing on the list has the reason “bounced”.');
  });
});
