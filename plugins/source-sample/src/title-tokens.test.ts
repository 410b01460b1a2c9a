import { describe, expect, it } from 'vitest';
import { titleQuery, titleTokens } from './title-tokens.ts';

const matches = (criterion: string, title: string) => titleQuery(criterion).tokens.every((token) => titleTokens(title).includes(token));

describe('title words', () => {
  it('finds a title by its aliases and plurals', () => {
    expect(matches('Head of RevOps', 'Head of Revenue Operations')).toBe(true);
    expect(matches('Vice President of Sales', 'VP of Sales')).toBe(true);
    expect(matches('VP Sales', 'VP of Sales')).toBe(true);
    expect(matches('CRO', 'Chief Revenue Officer')).toBe(true);
    expect(matches('SDRs', 'Sales Development Representative')).toBe(true);
    expect(matches('Sales Managers', 'Sales Manager')).toBe(true);
  });

  it('does not confuse titles that share a word', () => {
    expect(matches('Sales Manager', 'Customer Success Manager')).toBe(false);
    expect(matches('VP of Sales', 'VP of Marketing')).toBe(false);
    expect(matches('Head of RevOps', 'Head of Sales')).toBe(false);
  });

  it('reads "sales leaders" as senior sales people, "Account Executive" as a title', () => {
    expect(titleQuery('Sales leaders')).toEqual({ tokens: ['sales'], seniorOnly: true });
    expect(titleQuery('Account Executive')).toEqual({ tokens: ['account', 'executive'], seniorOnly: false });
    expect(titleQuery('Head of Sales')).toEqual({ tokens: ['head', 'sales'], seniorOnly: false });
  });
});

describe('industry words', () => {
  it('reads a label, a synonym, part of a label or a phrase naming a synonym, most exact first', async () => {
    const { industryKeys } = await import('./filters.ts');
    expect(industryKeys(['Financial services & fintech'])).toEqual(['financial services & fintech']);
    expect(industryKeys(['FinTech'])).toEqual(['financial services & fintech']);
    expect(industryKeys(['Logistics'])).toEqual(['logistics & supply chain']);
    expect(industryKeys(['B2B SaaS platforms'])).toEqual(['software & saas']);
    expect(industryKeys(['basket weaving'])).toEqual(['basket weaving']);
  });
});
