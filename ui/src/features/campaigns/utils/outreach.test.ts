import { describe, expect, it } from 'vitest';
import { campaignFilterQuery, responseLabel } from './outreach.ts';

describe('outreach management', () => {
  it('shows a measured response rate, or a dash before any send', () => {
    expect(responseLabel({ measured: { sent: 0, replied: 0, responseRate: null } })).toBe('—');
    expect(responseLabel({ measured: { sent: 8, replied: 2, responseRate: 0.25 } })).toBe('25% response');
    expect(responseLabel({ measured: { sent: 3, replied: 1, responseRate: 1 / 3 } })).toBe('33% response');
  });

  it('asks the prospect list for what the filters set', () => {
    expect(campaignFilterQuery({ minScore: '70', industry: ' ', source: 'apollo' })).toBe('minScore=70&source=apollo');
    expect(campaignFilterQuery({ minScore: '', industry: '', source: '' })).toBe('');
  });
});
