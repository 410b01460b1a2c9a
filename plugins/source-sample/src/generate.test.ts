import { describe, expect, it } from 'vitest';
import { generateBatch, generateCompany } from './generate.ts';
import { INDUSTRIES } from './vocab.ts';

const companies = generateBatch(7, 0, 3000, 3);
const people = companies.flatMap((generated) => generated.people);

describe('sample data generation', () => {
  it('gives the same rows for the same seed, whatever the batch boundaries', () => {
    const firstTwenty = generateBatch(7, 0, 20, 3);
    expect(firstTwenty).toEqual(companies.slice(0, 20));
    expect(generateCompany(7, 15, 3)).toEqual(companies[15]);
    expect(generateBatch(8, 0, 20, 3).map(({ company }) => company.name)).not.toEqual(firstTwenty.map(({ company }) => company.name));
  });

  it('names no real company or mailbox: domains, emails and profiles are under .example', () => {
    for (const { company } of companies) expect(company.domain).toMatch(/^[a-z0-9-]+\.example$/);
    for (const person of people) {
      expect(person.email).toBe(`${person.email.split('@')[0]}@${person.companyDomain}`);
      expect(person.email).toMatch(/^[a-z0-9.]+@[a-z0-9-]+\.example$/);
      expect(new URL(person.linkedinUrl).hostname).toBe('www.linkedin.example');
    }
    expect(new Set(people.map((person) => person.email)).size).toBe(people.length);
    expect(new Set(companies.map(({ company }) => company.domain)).size).toBe(companies.length);
  });

  it('has about three people per company, never more than the company employs', () => {
    expect(people.length / companies.length).toBeGreaterThan(2.7);
    expect(people.length / companies.length).toBeLessThan(3.3);
    for (const { company, people: staff } of companies) expect(staff.length).toBeLessThanOrEqual(company.employeeCount);
  });

  it('spreads industries by their weights and headcounts log-normally', () => {
    const share = (label: string) => companies.filter(({ company }) => company.industry === label).length / companies.length;
    const total = INDUSTRIES.reduce((sum, industry) => sum + industry.weight, 0);
    for (const industry of INDUSTRIES) expect(Math.abs(share(industry.label) - industry.weight / total)).toBeLessThan(0.03);
    const counts = companies.map(({ company }) => company.employeeCount).sort((a, b) => a - b);
    expect(counts[Math.floor(counts.length / 2)]).toBeGreaterThan(25);
    expect(counts[Math.floor(counts.length / 2)]).toBeLessThan(80);
    expect(counts.filter((count) => count > 1000).length / counts.length).toBeGreaterThan(0.01);
    expect(counts.filter((count) => count > 1000).length / counts.length).toBeLessThan(0.1);
  });

  it('matches titles to company size: no VPs where ten people work, VPs and directors at large companies', () => {
    const tiny = people.filter((person) => person.employeeCount <= 10);
    expect(tiny.some((person) => person.seniority === 'vp')).toBe(false);
    expect(tiny.filter((person) => person.seniority === 'c-level').length / tiny.length).toBeGreaterThan(0.3);
    const large = people.filter((person) => person.employeeCount > 200);
    expect(large.filter((person) => ['vp', 'director'].includes(person.seniority)).length / large.length).toBeGreaterThan(0.35);
  });

  it('correlates tech stacks with industry', () => {
    const uses = (label: string, tool: string) => {
      const inIndustry = companies.filter(({ company }) => company.industry === label);
      return inIndustry.filter(({ company }) => company.techStack.includes(tool)).length / inIndustry.length;
    };
    expect(uses('E-commerce & retail', 'Shopify')).toBeGreaterThan(2 * uses('Manufacturing', 'Shopify'));
    expect(uses('Data & analytics', 'Snowflake')).toBeGreaterThan(2 * uses('Hospitality & food', 'Snowflake'));
    for (const { company } of companies) expect(company.techLower).toEqual(company.techStack.map((tool) => tool.toLowerCase()));
  });

  it('copies the company facts discovery filters on onto each person', () => {
    for (const { company, people: staff } of companies.slice(0, 200)) {
      for (const person of staff) {
        expect(person).toMatchObject({
          companyId: company.companyId,
          companyName: company.name,
          industryLower: company.industryLower,
          employeeCount: company.employeeCount,
          revenue: company.revenue,
          techLower: company.techLower,
          recentFunding: company.recentFunding,
        });
        expect(person.titleLower).toBe(person.jobTitle.toLowerCase());
      }
    }
  });
});
