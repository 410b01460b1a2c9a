import { describe, expect, it } from 'vitest';
import { criteriaOf, formOf, lacksRequired, linesOf } from './criteria.ts';

const form = {
  industry: ' Sales technology, ,SaaS ',
  companySize: ' 50-200',
  jobTitles: 'VP of Sales\r\n\n  Head of Sales Development  ',
  techStack: 'Salesforce\nHubSpot\n',
  painPoints: 'Reps research by hand, not selling\n',
  revenue: '$10M-$50M ',
};

describe('criteriaOf', () => {
  it('splits industry on commas and the lists on lines, trimmed, blanks dropped; sizes go as typed', () => {
    expect(criteriaOf(form)).toEqual({
      industry: ['Sales technology', 'SaaS'],
      companySize: ' 50-200',
      jobTitles: ['VP of Sales', 'Head of Sales Development'],
      techStack: ['Salesforce', 'HubSpot'],
      painPoints: ['Reps research by hand, not selling'],
      revenue: '$10M-$50M ',
    });
  });

  it('round-trips criteria through the form, commas inside a line kept', () => {
    const criteria = criteriaOf(form);
    expect(criteriaOf(formOf(criteria))).toEqual({ ...criteria });
  });
});

describe('lacksRequired', () => {
  it('needs an industry and a job title that are not blank', () => {
    expect(lacksRequired(criteriaOf(form))).toBe(false);
    expect(lacksRequired(criteriaOf({ ...form, industry: ' , ' }))).toBe(true);
    expect(lacksRequired(criteriaOf({ ...form, jobTitles: '\n  \n' }))).toBe(true);
  });
});

describe('linesOf', () => {
  it('reads Windows and Unix line ends alike', () => {
    expect(linesOf('a\r\nb\nc')).toEqual(['a', 'b', 'c']);
  });
});
