import { describe, expect, it } from 'vitest';
import { matchBadgeClass, reasonClauses } from './match.ts';

describe('matchBadgeClass', () => {
  it('is strongest from 80, medium from 60, outline below', () => {
    expect([100, 80, 79, 60, 59, 0].map(matchBadgeClass)).toEqual([
      'badge-primary',
      'badge-primary',
      'badge-primary badge-soft',
      'badge-primary badge-soft',
      'badge-outline',
      'badge-outline',
    ]);
  });
});

describe('reasonClauses', () => {
  it('cuts the reason at each named criterion and loses no words', () => {
    const reason =
      "Company size: 120 employees (prospect record), inside the ICP's 50-200; revenue $10M-$50M (prospect record), inside" +
      ' the ICP\'s $10M-$50M; Job title: VP Sales matches the ICP\'s "VP Sales". Missed tech stack: none of Salesforce.' +
      ' Pain points: checked when the prospect is researched (no source states them).';
    const clauses = reasonClauses(reason);
    expect(clauses.map((clause) => clause.split(':')[0])).toEqual(['Company size', 'Job title', 'Missed tech stack', 'Pain points']);
    expect(clauses.join(' ')).toBe(reason);
  });
});
