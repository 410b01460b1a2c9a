// The phrase reader on the forms a user types, the misreads of compromise's tagger included:
// a plural subject ("Reps", "finance teams") or a "the …" subject before its verb is a clause,
// and the clause is rewritten into the noun phrase a frame needs.
import { describe, expect, it } from 'vitest';
import { readPhrase, realise } from './phrasing.ts';

describe('readPhrase', () => {
  it('reads a clause whose subject is a plural noun or a "the …" noun phrase, though the tagger misreads it', () => {
    for (const [text, subject, predicate] of [
      ['Reps waste hours on research.', 'reps', 'waste hours on research'],
      ['The books close late every month', 'the books', 'close late every month'],
      ['finance teams close the month in days', 'finance teams', 'close the month in days'],
      ['new reps book meetings in their first week', 'new reps', 'book meetings in their first week'],
      ['the close drags on for weeks', 'the close', 'drags on for weeks'],
      ['invoices pile up every month', 'invoices', 'pile up every month'],
      ['month-end close takes too long', 'month-end close', 'takes too long'],
    ] as const) {
      expect(readPhrase(text), text).toEqual({ text: expect.any(String), form: 'clause', subject, predicate });
    }
  });

  it('keeps verb phrases, imperatives and noun phrases what they are', () => {
    for (const text of ['books qualified meetings with your ideal customers', 'cuts close time in half', 'keeps every record up to date'])
      expect(readPhrase(text).form, text).toBe('verb-s');
    for (const text of ['reconcile bank feeds by hand', 'Track deals in one place']) expect(readPhrase(text).form, text).toBe('verb-base');
    for (const text of [
      'manual invoice matching',
      'slow approvals',
      'the slow month-end close',
      'fewer manual hours',
      'too many spreadsheets',
    ])
      expect(readPhrase(text).form, text).toBe('noun');
    expect(readPhrase('chasing invoices by hand').form).toBe('gerund');
    expect(readPhrase('Close is slow. Reps hate it.').form).toBe('other');
  });

  it('rewrites a clause into the noun phrase a slot needs, and a verb phrase into a clause', () => {
    expect(realise(readPhrase('The books close late every month'), 'np')).toBe('the books that close late every month');
    expect(realise(readPhrase('Reps waste hours on research'), 'np')).toBe('reps that waste hours on research');
    expect(realise(readPhrase('your reps only talk to accounts that fit'), 'np')).toBe('your reps that only talk to accounts that fit');
    expect(realise(readPhrase('closes the books in three days instead of ten'), 'clause')).toBe(
      'your team can close the books in three days instead of ten',
    );
    expect(realise(readPhrase('chasing invoices by hand'), 'clause')).toBeNull();
  });
});
