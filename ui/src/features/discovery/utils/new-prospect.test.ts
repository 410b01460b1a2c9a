import { describe, expect, it } from 'vitest';
import { dana } from './test-prospect.test-support.ts';
import { newProspectOf, webUrlOf } from './new-prospect.ts';

describe('newProspectOf', () => {
  it('keeps what the create schema accepts, sample and source included, and no match score', () => {
    expect(newProspectOf(dana)).toEqual({
      firstName: 'Dana',
      lastName: 'Reyes',
      company: 'Acme',
      email: 'dana@acme.example',
      jobTitle: 'VP Sales',
      website: 'https://acme.example/',
      linkedinUrl: 'https://linkedin.com/in/dana',
      source: 'apollo',
      industry: 'SaaS',
      companySize: '51-200 employees',
      employeeCount: 120,
      sample: true,
    });
  });

  it('leaves out unknown facts rather than sending nulls or blanks', () => {
    const sparse = {
      ...dana,
      jobTitle: ' ',
      industry: null,
      companySize: null,
      linkedinUrl: null,
      website: 'javascript:alert(1)',
      enrichmentData: { ...dana.enrichmentData, employeeCount: null },
      sample: false,
    };
    expect(Object.keys(newProspectOf(sparse) ?? {}).toSorted()).toEqual(['company', 'email', 'firstName', 'lastName', 'sample', 'source']);
  });

  it('gives nothing without an email', () => {
    expect(newProspectOf({ ...dana, email: null })).toBeNull();
  });
});

describe('webUrlOf', () => {
  it('accepts http(s) addresses, assumes https without a scheme, refuses other schemes', () => {
    expect(webUrlOf('http://x.example/a')).toBe('http://x.example/a');
    expect(webUrlOf('www.linkedin.com/in/x')).toBe('https://www.linkedin.com/in/x');
    expect(webUrlOf('mailto:a@b.example')).toBeNull();
    expect(webUrlOf('not a url')).toBeNull();
    expect(webUrlOf(null)).toBeNull();
  });
});
