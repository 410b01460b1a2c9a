import { describe, expect, it } from 'vitest';
import { scoreJobTitle, titleFit } from './job-title.ts';
import { parseTitle } from '@meetflow/plugin-sdk/contracts/title-taxonomy';

describe('parseTitle', () => {
  it.each([
    ['Chief Revenue Officer', 'C-level', 'revenue'],
    ['Co-Founder & CEO', 'C-level', 'executive'],
    ['SVP, Sales', 'VP', 'sales'],
    ['Head of Sales Operations', 'Head', 'operations'],
    ['Director of Demand Generation', 'Director', 'marketing'],
    ['Sales Manager', 'Manager', 'sales'],
    ['Account Executive', 'IC', 'sales'],
    ['Senior Software Engineer', 'IC', 'engineering'],
  ])('reads %s as %s %s', (title, seniority, jobFunction) => {
    expect(parseTitle(title)).toMatchObject({ seniority, jobFunction });
  });
});

describe('titleFit', () => {
  it('gives 100 for the same title and for the same level and function', () => {
    expect(titleFit('VP Sales', 'vp sales')).toBe(100);
    expect(titleFit('Vice President of Sales', 'VP Sales')).toBe(100);
  });

  it('ranks a related function above an unrelated one', () => {
    expect(titleFit('VP Marketing', 'VP Sales')).toBe(70); // 0.6 × 0.5 + 0.4 × 1
    expect(titleFit('VP Engineering', 'VP Sales')).toBe(40);
  });

  it('takes off more for a junior title than for a senior one', () => {
    const senior = titleFit('Chief Revenue Officer', 'VP Sales');
    const junior = titleFit('Sales Manager', 'VP Sales');
    expect(senior).toBeGreaterThan(junior);
    expect(senior).toBe(96); // revenue covers sales; one level above: 0.6 + 0.4 × 0.9
    expect(junior).toBe(70); // three levels below: 0.6 + 0.4 × 0.25
    expect(titleFit('CEO', 'VP Sales')).toBe(96); // an executive covers every function
    expect(titleFit('VP Sales', 'Chief Revenue Officer')).toBe(60); // related function, one level below: 0.3 + 0.4 × 0.75
  });

  it('lets a function-less ICP title ask only for a level', () => {
    expect(titleFit('Director of Marketing', 'Director')).toBe(100);
    expect(titleFit('Marketing Manager', 'Director')).toBe(90);
  });
});

describe('scoreJobTitle', () => {
  it('takes the best ICP title and explains both readings', () => {
    const result = scoreJobTitle('Head of Revenue Operations', ['VP Engineering', 'Head of RevOps']);
    expect(result.score).toBe(100);
    expect(result.reason).toBe('"Head of Revenue Operations" (Head revenue) vs the ICP\'s "Head of RevOps" (Head revenue)');
  });

  it('treats an unreadable title as weaker evidence', () => {
    expect(scoreJobTitle('Wizard', ['VP Sales']).evidence).toBe(0.5);
  });

  it('does not count without ICP titles', () => {
    expect(scoreJobTitle('CEO', []).hasCriterion).toBe(false);
  });
});
