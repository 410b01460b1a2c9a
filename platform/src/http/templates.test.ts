import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWorkspaceConfig } from '../config-store/workspace-config.ts';
import { workspaceConfigModels } from '../db/models/workspace-config.ts';
import { jsonClient, serveRouters } from '../prospects/test-server.ts';
import { openTestDatabase } from '../testing/database.ts';
import { templatesRouter } from './templates.ts';

// Stand-in for the outreach plugin's TEMPLATES copy: distinct second subjects show that the first one is shown.
const copy = {
  'roi-focused': { subjects: ['Numbers for {company}', 'ROI second'] },
  'pain-point': { subjects: ['A question about {company}, {firstName}'] },
  'value-prop': { subjects: ['{senderCompany} for {company}', 'Value second'] },
};

let connection: mongoose.Connection;
let config: ReturnType<typeof workspaceConfigModels>;
let server: Awaited<ReturnType<typeof serveRouters>>;
const rates = async (workspace?: string) => ((await (await jsonClient(server.url, workspace).get('/api/templates')).json()) as
  Array<{ performance: { response_rate: number } }>).map((template) => template.performance.response_rate);

beforeAll(async () => {
  connection = await openTestDatabase('templates-api');
  config = workspaceConfigModels(connection);
  await config.workspaceConfig.init();
  server = await serveRouters(templatesRouter({ templateCopy: copy, config }));
});
afterAll(async () => {
  await server.close();
  await connection.dropDatabase();
  await connection.close();
});

describe('GET /api/templates', () => {
  it('lists the three outreach templates with the spec\'s default response rates on a fresh workspace', async () => {
    const response = await jsonClient(server.url).get('/api/templates');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { id: 'roi-focused', name: 'ROI-focused', type: 'email', subject: 'Numbers for {company}', performance: { response_rate: 0.345 } },
      { id: 'pain-point', name: 'Pain point', type: 'email', subject: 'A question about {company}, {firstName}', performance: { response_rate: 0.282 } },
      { id: 'value-prop', name: 'Value proposition', type: 'email', subject: '{senderCompany} for {company}', performance: { response_rate: 0.198 } },
    ]);
  });

  it('shows each workspace its own learned response rates, and only its own', async () => {
    await setWorkspaceConfig(config, 'acme', 'templatePerformance', { 'roi-focused': 0.05, 'pain-point': 0.41, 'value-prop': 0.5 });
    expect(await rates('acme')).toEqual([0.05, 0.41, 0.5]);
    expect(await rates('globex')).toEqual([0.345, 0.282, 0.198]);
    expect(await rates()).toEqual([0.345, 0.282, 0.198]);
  });

  it('refuses a workspace that is not a slug with a 400 naming it', async () => {
    const response = await jsonClient(server.url, 'Not%20A%20Slug').get('/api/templates');
    expect([response.status, await response.text()]).toEqual([400, 'Invalid request: workspace: must be a workspace slug']);
  });
});
