import { defineManifest, definePlugin, DiscoveredPersonSchema, IcpCriteriaSchema, type DiscoveredPerson } from '@meetflow/plugin-sdk';
import { runActivity } from '@meetflow/plugin-sdk/testing';
import { leadScoringPlugin } from '@meetflow/plugin-lead-scoring';
import { ApplicationFailure } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setWorkspaceConfig } from '../config-store/workspace-config.ts';
import { ensureSampleDatabase, sampleProspectModels } from '../discovery/sample-db/index.ts';
import { PluginHost } from '../plugins/host.ts';
import { serveForTest, serveRouters } from '../testing/http.ts';
import { startTestPipelineWorker, type TestPipelineWorker } from '../testing/pipeline-worker.ts';
import { discoveryRouter, discoveryRouteDocs } from './discovery.ts';
import { DiscoverProspectsResponse, type DiscoverProspectsView, type DiscoveredProspectView } from './discovery-schemas.ts';

// Stand-ins for the source plugins (built in parallel elsewhere): fake providers answering a fixed directory.
const person = (overrides: Partial<DiscoveredPerson>): DiscoveredPerson => ({
  firstName: 'Dana', lastName: 'Reyes', jobTitle: 'VP of Sales', company: 'Acme', companyDomain: 'acme.io', email: null, linkedinUrl: null,
  industry: 'SaaS', employeeCount: null, companyRevenue: null, techStack: [], recentFunding: null, location: null, sourceRef: null, ...overrides,
});
const DIRECTORIES: Record<string, DiscoveredPerson[]> = {
  apollo: [
    person({ email: 'dana@acme.io', employeeCount: 120, techStack: ['Salesforce'], recentFunding: true, sourceRef: 'ap-1' }),
    person({ firstName: 'Sam', lastName: 'Ito', jobTitle: 'Warehouse Manager', company: 'Globex Freight', companyDomain: 'globex.com', industry: 'Logistics', employeeCount: 9000 }),
  ],
  zoominfo: [
    person({ email: 'DANA@ACME.IO', company: 'Acme Inc.', companyRevenue: '$10M-$50M', location: 'Austin, US', linkedinUrl: 'https://linkedin.com/in/dana-reyes' }),
    person({ firstName: 'Lee', lastName: 'Park', jobTitle: 'Head of Sales', email: 'lee@acme.io' }),
  ],
};
const SearchInput = z.object({ criteria: IcpCriteriaSchema, limit: z.number().int() });
const SearchOutput = z.object({ people: z.array(DiscoveredPersonSchema), sourceTotal: z.number().int().nullable() });
function standInSource(id: 'apollo' | 'zoominfo' | 'crunchbase') {
  const manifest = defineManifest({
    id: `source-${id}`, name: id, version: '0.0.1', description: `Stand-in for the ${id} source`, kind: 'source',
    ui: { icon: 'search', color: '#000000', category: 'Prospect sources' },
    config: z.object({
      apiKey: z.string().default('').describe('Stand-in API key; empty means not configured.'),
      username: z.string().default('').describe('Stand-in user name (ZoomInfo signs in with one).'),
    }),
    activities: { searchPeople: { description: 'Fake provider search', input: SearchInput, output: SearchOutput, timeout: '10 seconds' } },
  });
  return definePlugin(manifest, () => ({
    searchPeople: async ({ limit }) => {
      if (id === 'crunchbase') throw ApplicationFailure.create({ type: 'SourceAuthFailed', nonRetryable: true, message: 'Crunchbase rejected the API key (HTTP 401)' });
      const directory = DIRECTORIES[id] ?? [];
      return { people: directory.slice(0, limit), sourceTotal: directory.length * 10 };
    },
  }));
}

const sources = [standInSource('apollo'), standInSource('zoominfo'), standInSource('crunchbase')];
const icpCriteria = { industry: ['SaaS'], companySize: '50-200', jobTitles: ['VP Sales'], techStack: ['Salesforce'], painPoints: ['slow pipeline'], revenue: '' };

let stack: TestPipelineWorker;
let server: Awaited<ReturnType<typeof serveForTest>>;

const discover = async (body: unknown, workspace = 'acme') => fetch(`${server.url}/api/superagent/discover-prospects?workspace=${workspace}`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
});
const discovered = async (body: unknown, workspace = 'acme'): Promise<DiscoverProspectsView> => {
  const response = await discover(body, workspace);
  expect(response.status).toBe(200);
  return DiscoverProspectsResponse.parse(await response.json());
};
const named = (result: DiscoverProspectsView, first: string) => result.prospects.find((prospect) => prospect.firstName === first) as DiscoveredProspectView;

beforeAll(async () => {
  stack = await startTestPipelineWorker('discovery-api', sources);
  await ensureSampleDatabase(sampleProspectModels(stack.database), { companies: 400, batchSize: 200 });
  // The API's host has credentials for the stand-ins; the worker's stand-ins need none.
  const host = PluginHost.load([...sources, leadScoringPlugin], { 'source-apollo': { apiKey: 'k1' }, 'source-zoominfo': { apiKey: 'k2', username: 'me@acme.io' }, 'source-crunchbase': { apiKey: 'k3' } });
  server = await serveRouters(discoveryRouter({ db: stack.db, host, connection: stack.database, temporal: stack.runner.temporal, taskQueue: stack.runner.taskQueue }));
}, 120_000);

afterAll(async () => {
  await server?.close();
  await stack?.stop();
});

describe('POST /api/superagent/discover-prospects: validation', () => {
  it('refuses an empty source list, naming sources', async () => {
    const response = await discover({ icpCriteria, sources: [] });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/^Invalid request: sources: choose at least one source/);
  });

  it('refuses an unknown source, naming it', async () => {
    const response = await discover({ icpCriteria, sources: ['linkedin', 'facebook'] });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('sources.1:');
  });

  it('refuses criteria without industry and job titles (blank items do not count), naming both', async () => {
    const response = await discover({ icpCriteria: { ...icpCriteria, industry: [' '], jobTitles: [] }, sources: ['linkedin'] });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain('icpCriteria.industry: name at least one industry');
    expect(text).toContain('icpCriteria.jobTitles: name at least one job title');
  });

  it('refuses a body without criteria', async () => {
    const response = await discover({ sources: ['linkedin'] });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('icpCriteria');
  });
});

describe('POST /api/superagent/discover-prospects: sample database', () => {
  it('answers an unconfigured source from the sample database, labelled sample, scored by lead scoring', async () => {
    const result = await discovered({ icpCriteria, sources: ['linkedin'] });
    expect(result.success).toBe(true);
    expect(result.error).toBeNull();
    expect(result.sample).toBe(true);
    expect(result.prospects.length).toBeGreaterThan(0);
    expect(result.totalFound).toBe(result.prospects.length);
    expect(result.notes).toContain('LinkedIn Sales Navigator: not configured, so');
    expect(result.notes).toContain('sample data');
    for (const prospect of result.prospects) {
      expect(prospect).toMatchObject({ source: 'linkedin', sources: ['linkedin'], sample: true });
    }
    const scores = result.prospects.map((prospect) => prospect.matchScore);
    expect(scores).toEqual(scores.toSorted((left, right) => right - left));
    // The best matches meet the request: a sales title at a software company of the asked size, and the reason says so.
    const best = result.prospects[0] as DiscoveredProspectView;
    expect(best.jobTitle).toMatch(/sales/i);
    expect(best.industry).toMatch(/saas/i);
    expect(best.enrichmentData.employeeCount).toBeGreaterThanOrEqual(50);
    expect(best.enrichmentData.employeeCount).toBeLessThanOrEqual(200);
    expect(best.matchReason).toMatch(/(Company size|Industry match|Job title|Tech stack): /);
    expect(best.matchReason).toMatch(/the ICP's "?(SaaS|VP Sales|50-200)/);
  });

  it('gives the same score as the lead-scoring agent for the same facts', async () => {
    const result = await discovered({ icpCriteria, sources: ['linkedin'] });
    for (const prospect of result.prospects.slice(0, 5)) {
      const scored = await runActivity(leadScoringPlugin, 'scoreProspect', {
        prospect: { jobTitle: prospect.jobTitle, company: prospect.company, industry: prospect.industry, employeeCount: prospect.enrichmentData.employeeCount,
          techStack: prospect.enrichmentData.techStack },
        research: { industry: prospect.industry, techStack: prospect.enrichmentData.techStack, sizeHint: { employees: null, revenue: prospect.enrichmentData.companyRevenue },
          signals: { funding: prospect.enrichmentData.recentFunding ? 'recently funded (per linkedin)' : null, hiring: null } },
        icp: icpCriteria,
      });
      expect(prospect.matchScore).toBe(scored.totalScore);
    }
  });
});

describe('POST /api/superagent/discover-prospects: configured sources', () => {
  it('calls configured source plugins, merges the same person across them and aligns company facts', async () => {
    const result = await discovered({ icpCriteria, sources: ['apollo', 'zoominfo'] });
    expect(result.success).toBe(true);
    expect(result.sample).toBe(false);
    expect(result.prospects.map((prospect) => prospect.firstName).toSorted()).toEqual(['Dana', 'Lee', 'Sam']);
    const dana = named(result, 'Dana');
    expect(dana).toMatchObject({ source: 'apollo', sources: ['apollo', 'zoominfo'], sample: false, email: 'dana@acme.io' });
    expect(dana.linkedinUrl).toBe('https://linkedin.com/in/dana-reyes'); // filled in from zoominfo
    expect(dana.enrichmentData).toEqual({ companyRevenue: '$10M-$50M', employeeCount: 120, techStack: ['Salesforce'], recentFunding: true });
    expect(dana.companySize).toBe('51-200 employees');
    expect(named(result, 'Lee').enrichmentData).toEqual(dana.enrichmentData); // same company, same facts
    expect(result.prospects[0]?.firstName).toBe('Dana');
    expect(named(result, 'Sam').matchScore).toBeLessThan(named(result, 'Lee').matchScore);
    expect(named(result, 'Sam').matchReason).toMatch(/Missed company size: .*9,000 employees/);
    expect(result.notes).toContain('Apollo.io: 2 people (of 20 matching at the provider).');
    expect(result.notes).toContain('1 duplicate record merged');
    expect(result.notes).toContain('not scored (scoring needs research for them): painPoints');
  });

  it('reports a failing source in the notes, keeps the others and lowers the confidence', async () => {
    const whole = await discovered({ icpCriteria, sources: ['apollo', 'zoominfo'] });
    const partial = await discovered({ icpCriteria, sources: ['apollo', 'zoominfo', 'crunchbase'] });
    expect(partial.success).toBe(true);
    expect(partial.prospects).toEqual(whole.prospects);
    expect(partial.notes).toContain('Crunchbase could not be searched: Crunchbase rejected the API key (HTTP 401)');
    expect(partial.confidence).toBeGreaterThan(0);
    expect(partial.confidence).toBeCloseTo(whole.confidence * 2 / 3, 1);
  });

  it('fails with success false and the reason when no source can be searched', async () => {
    const result = await discovered({ icpCriteria, sources: ['crunchbase'] });
    expect(result).toMatchObject({ success: false, prospects: [], totalFound: 0, confidence: 0, sample: false });
    expect(result.error).toContain('Crunchbase rejected the API key');
  });

  it('mixes sample and provider people, each labelled', async () => {
    const result = await discovered({ icpCriteria, sources: ['linkedin', 'apollo'] });
    expect(result.sample).toBe(true);
    expect(named(result, 'Dana')).toMatchObject({ source: 'apollo', sample: false });
    expect(result.prospects.filter((prospect) => prospect.source === 'linkedin').every((prospect) => prospect.sample)).toBe(true);
  });

  it('scores with the workspace\'s own weights, which other workspaces do not see', async () => {
    await setWorkspaceConfig(stack.db, 'size-only', 'scoringWeights', { companySize: 1, industryMatch: 0, techStack: 0, jobTitle: 0 });
    const sizeOnly = await discovered({ icpCriteria, sources: ['apollo'] }, 'size-only');
    const standard = await discovered({ icpCriteria, sources: ['apollo'] }, 'acme');
    // Sam: a warehouse manager at a 9,000-person logistics firm: no size credit at all under size-only weights.
    expect(named(sizeOnly, 'Sam').matchScore).toBe(0);
    expect(named(standard, 'Sam').matchScore).toBeGreaterThan(0);
  });
});

describe('discoveryRouteDocs', () => {
  it('describes the route with the schemas it validates with', () => {
    expect(discoveryRouteDocs.map((doc) => `${doc.method} ${doc.path}`)).toEqual(['post /api/superagent/discover-prospects']);
  });
});
