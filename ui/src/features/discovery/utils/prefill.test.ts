import { describe, expect, it } from 'vitest';
import { criteriaFromParam } from './prefill.ts';

describe('criteriaFromParam', () => {
  const icp = {
    industry: ['SaaS'],
    companySize: '50-200',
    jobTitles: ['VP Sales'],
    techStack: ['Salesforce'],
    painPoints: ['slow pipeline'],
  };

  it('reads the ICP Builder link, revenue optional', () => {
    expect(criteriaFromParam(JSON.stringify(icp))).toEqual({ ...icp, revenue: '' });
    expect(criteriaFromParam(JSON.stringify({ ...icp, revenue: '$1M-$10M' }))?.revenue).toBe('$1M-$10M');
  });

  it('treats a missing list as empty', () => {
    expect(criteriaFromParam(JSON.stringify({ industry: ['SaaS'], jobTitles: ['CRO'] }))?.techStack).toEqual([]);
  });

  it('ignores a missing, malformed or mistyped parameter', () => {
    for (const param of [
      null,
      '',
      '{',
      '[]',
      'null',
      '"SaaS"',
      JSON.stringify({ ...icp, industry: 'SaaS' }),
      JSON.stringify({ ...icp, jobTitles: [1] }),
      JSON.stringify({ ...icp, companySize: 50 }),
    ]) {
      expect(criteriaFromParam(param)).toBeNull();
    }
  });
});
