import type { Fact } from '@meetflow/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { rankTitles, titleMentionsOf, type TitleMention } from './job-titles.ts';

const role = (value: string, snippet = value): Fact => ({
  id: `role-${value}`,
  kind: 'role',
  value,
  evidence: { url: 'https://acme.example/team', snippet },
  confidence: 0.8,
});
const mention = (title: string, source: TitleMention['source'] = 'audience'): TitleMention => ({
  title,
  source,
  url: `https://${title.length}.example/`,
  snippet: `Built for the ${title}.`,
});

describe('titleMentionsOf', () => {
  it("reads research's role facts with their source and evidence, strongest source first", () => {
    const facts = [
      role('Account Executive (careers page)', 'Senior Account Executive — Remote'),
      role('VP of Sales (testimonial)', '— Maya Patel, VP of Sales at Brightwave'),
      { ...role('Uses Stripe (Payment processors; business tool: payments)'), kind: 'tech' },
    ];
    expect(titleMentionsOf(facts)).toEqual([
      { title: 'VP of Sales', source: 'testimonial', url: 'https://acme.example/team', snippet: '— Maya Patel, VP of Sales at Brightwave' },
      {
        title: 'Account Executive',
        source: 'careers page',
        url: 'https://acme.example/team',
        snippet: 'Senior Account Executive — Remote',
      },
    ]);
  });
});

describe('rankTitles', () => {
  it('ranks by how many customers name a title, keeping every site’s evidence', () => {
    const ranked = rankTitles([
      { titles: [mention('Controller'), mention('CFO', 'team page')] },
      { titles: [mention('CFO', 'testimonial')] },
      { titles: [mention('cfo', 'careers page'), mention('Controller')] },
      { titles: [mention('Head of Finance')] },
    ]);
    expect(ranked.map((title) => [title.title, title.sites, title.support])).toEqual([
      ['CFO', 3, 2.5],
      ['Controller', 2, 2],
      ['Head of Finance', 1, 1],
    ]);
    expect(ranked[0]!.evidence.map((evidence) => evidence.source)).toEqual(['team page', 'testimonial', 'careers page']);
  });

  it('counts a role a customer only hires for, or names in passing, as half a customer; then the stronger source first', () => {
    const ranked = rankTitles([
      { titles: [mention('Data Engineer', 'careers page'), mention('Plant Manager', 'mention')] },
      { titles: [mention('Data Engineer', 'careers page'), mention('Buyer', 'audience')] },
      { titles: [mention('Quality Manager', 'team page')] },
    ]);
    expect(ranked.map((title) => [title.title, title.support])).toEqual([
      ['Buyer', 1],
      ['Quality Manager', 1],
      ['Data Engineer', 1],
      ['Plant Manager', 0.5],
    ]);
  });

  it('adds extra titles (the offer’s personas) with one support each, on top of customers naming them', () => {
    const ranked = rankTitles(
      [{ titles: [mention('Controller'), mention('VP of Finance')] }, { titles: [mention('Controller')] }],
      ['vp of finance', 'Head of Procurement'],
    );
    expect(ranked.map((title) => [title.title, title.support, title.extra])).toEqual([
      ['Controller', 2, false],
      ['VP of Finance', 2, false],
      ['Head of Procurement', 1, true],
    ]);
  });
});
