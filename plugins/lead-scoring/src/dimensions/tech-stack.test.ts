import { describe, expect, it } from 'vitest';
import { mentionsTech, scoreTechStack } from './tech-stack.ts';

const evidence = { url: 'https://acme.example/careers', snippet: 'Experience with Salesforce and HubSpot' };
const research = (facts: Array<{ id: string; kind: string; value: string }>, techStack: string[] = []) => ({
  industry: null,
  sizeHint: { employees: null, revenue: null },
  painPoints: [],
  techStack,
  signals: { funding: null, hiring: null },
  facts: facts.map((fact) => ({ ...fact, evidence, confidence: 0.8 })),
});

describe('mentionsTech', () => {
  it('matches aliases and whole words only', () => {
    expect(mentionsTech('Runs on Amazon Web Services', 'AWS')).toBe(true);
    expect(mentionsTech('Built with Node.js', 'nodejs')).toBe(true);
    expect(mentionsTech('Uses Postgres', 'PostgreSQL')).toBe(true);
    expect(mentionsTech('Uses Reactor', 'React')).toBe(false);
  });
});

describe('scoreTechStack', () => {
  it('scores the share of ICP technologies found and cites the facts that prove them', () => {
    const result = scoreTechStack(
      { jobTitle: 'CEO', company: 'Acme' },
      research([
        { id: 'tech-sf', kind: 'tech', value: 'Uses Salesforce Sales Cloud' },
        { id: 'tech-stripe', kind: 'tech', value: 'Uses Stripe' },
        { id: 'hiring-1', kind: 'hiring', value: 'Hiring a HubSpot admin' },
      ]),
      ['Salesforce', 'HubSpot', 'Gong', 'Outreach'],
    );
    expect(result.score).toBe(25);
    expect(result.factIds).toEqual(['tech-sf']);
    expect(result.reason).toBe('1 of 4 ICP technologies found (Salesforce); not seen: HubSpot, Gong, Outreach');
  });

  it('counts the prospect record and the research stack, which need no fact', () => {
    const result = scoreTechStack({ jobTitle: 'CEO', company: 'Acme', techStack: ['HubSpot'] }, research([], ['Gong']), [
      'HubSpot',
      'Gong',
    ]);
    expect(result).toMatchObject({ score: 100, factIds: [], evidence: 1 });
  });

  it('never counts what research marked as infrastructure, and says so', () => {
    const result = scoreTechStack(
      { jobTitle: 'CEO', company: 'Acme' },
      research(
        [
          { id: 'tech-nginx', kind: 'tech', value: 'Uses Nginx 1.25.3 (Web servers; infrastructure)' },
          { id: 'tech-open-graph', kind: 'tech', value: 'Uses Open Graph (Miscellaneous; infrastructure)' },
          { id: 'tech-stripe', kind: 'tech', value: 'Uses Stripe (Payment processors; business tool: payments)' },
        ],
        ['Nginx', 'Open Graph', 'Stripe'],
      ),
      ['Stripe', 'Nginx'],
    );
    expect(result).toMatchObject({ score: 50, factIds: ['tech-stripe'] });
    expect(result.reason).toBe('1 of 2 ICP technologies found (Stripe); not seen: Nginx (Nginx only as infrastructure, not counted)');
  });

  it('says unknown when only infrastructure is known', () => {
    const onlyInfrastructure = research(
      [{ id: 'tech-php', kind: 'tech', value: 'Uses PHP 8.2 (Programming languages; infrastructure)' }],
      ['PHP'],
    );
    expect(scoreTechStack({ jobTitle: 'CEO', company: 'Acme' }, onlyInfrastructure, ['HubSpot'])).toMatchObject({ score: 0, evidence: 0 });
  });

  it('says unknown when no stack is known, and does not count without ICP technologies', () => {
    const unknown = scoreTechStack({ jobTitle: 'CEO', company: 'Acme' }, undefined, ['HubSpot']);
    expect(unknown).toMatchObject({ score: 0, evidence: 0, hasCriterion: true });
    expect(unknown.reason).toMatch(/unknown/);
    expect(scoreTechStack({ jobTitle: 'CEO', company: 'Acme', techStack: ['x'] }, undefined, []).hasCriterion).toBe(false);
  });
});
