// The offer form's live sentence: the writer's frames and grammar gate applied to one phrase.
import { describe, expect, it } from 'vitest';
import { grammarProblems } from './grammar.ts';
import { readPhrase } from './phrasing.ts';
import { emailSentence } from './preview.ts';

describe('emailSentence', () => {
  it("places issue #32's phrases by their grammar", () => {
    expect(emailSentence('pain', 'month-end close takes too long', 'Tallyline')).toBe(
      'Most teams I speak with tell me that month-end close takes too long.',
    );
    expect(emailSentence('value', 'closes the books in three days instead of ten', 'Tallyline')).toBe(
      'With Tallyline, your team can close the books in three days instead of ten.',
    );
    expect(emailSentence('pain', 'Manual invoice matching.', 'Tallyline')).toBe(
      "I'm guessing that manual invoice matching lands on your desk more often than you'd like.",
    );
    expect(emailSentence('value', 'a faster month-end close', 'Tallyline')).toBe('With Tallyline you also get a faster month-end close.');
  });

  it('passes the grammar gate for every form, and leaves out what no frame holds', () => {
    for (const text of ['Reps waste hours on research', 'chasing invoices by hand', 'reconcile bank feeds by hand', 'slow approvals']) {
      const sentence = emailSentence('pain', text, 'Tallyline');
      expect(sentence, text).not.toBeNull();
      expect(grammarProblems(sentence!, [readPhrase(text)]), text).toEqual([]);
    }
    expect(emailSentence('pain', 'closes the books faster', 'Tallyline')).toBeNull();
    expect(emailSentence('pain', 'Close is slow. Reps hate it.', 'Tallyline')).toBeNull();
    expect(emailSentence('value', '   ', 'Tallyline')).toBeNull();
  });
});
