import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWorkspaceConfig } from '../../insights/workspace-config/workspace-config.ts';
import { dashboardRollupModels } from '../../insights/outcomes/rollup-model.ts';
import { outcomeEventModels } from '../../insights/outcomes/event-model.ts';
import { workspaceConfigModels } from '../../insights/workspace-config/model.ts';
import { recordOutcome } from '../../insights/outcomes/record.ts';
import { jsonClient, serveRouters } from '../../../../dev/testing/prospects-server.ts';
import { openTestDatabase } from '../../../../dev/testing/database.ts';
import { templatesRouter } from './routes.ts';

// Stand-in for the outreach plugin's TEMPLATES copy: distinct second subjects show that the first one is shown.
const copy = {
  'roi-focused': { subjects: ['Numbers for {company}', 'ROI second'] },
  'pain-point': { subjects: ['A question about {company}, {firstName}'] },
  'value-prop': { subjects: ['{senderCompany} for {company}', 'Value second'] },
};

let connection: mongoose.Connection;
let config: ReturnType<typeof workspaceConfigModels>;
let outcomes: ReturnType<typeof outcomeEventModels> & ReturnType<typeof dashboardRollupModels>;
let server: Awaited<ReturnType<typeof serveRouters>>;
const rates = async (workspace?: string) =>
  ((await (await jsonClient(server.url, workspace).get('/api/templates')).json()) as Array<{ performance: { response_rate: number } }>).map(
    (template) => template.performance.response_rate,
  );

beforeAll(async () => {
  connection = await openTestDatabase('templates-api');
  config = workspaceConfigModels(connection);
  outcomes = { ...outcomeEventModels(connection), ...dashboardRollupModels(connection) };
  await Promise.all([config.workspaceConfig.init(), outcomes.outcomeEvents.init(), outcomes.dashboardRollups.init()]);
  server = await serveRouters(templatesRouter({ templateCopy: async () => copy, config, outcomes }));
});
afterAll(async () => {
  await server.close();
  await connection.dropDatabase();
  await connection.close();
});

describe('GET /api/templates', () => {
  it("lists the three outreach templates with the spec's default response rates on a fresh workspace", async () => {
    const response = await jsonClient(server.url).get('/api/templates');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      {
        id: 'roi-focused',
        name: 'ROI-focused',
        type: 'email',
        subject: 'Numbers for {company}',
        performance: { response_rate: 0.345 },
        measured: { sent: 0, replied: 0, responseRate: null },
      },
      {
        id: 'pain-point',
        name: 'Pain point',
        type: 'email',
        subject: 'A question about {company}, {firstName}',
        performance: { response_rate: 0.282 },
        measured: { sent: 0, replied: 0, responseRate: null },
      },
      {
        id: 'value-prop',
        name: 'Value proposition',
        type: 'email',
        subject: '{senderCompany} for {company}',
        performance: { response_rate: 0.198 },
        measured: { sent: 0, replied: 0, responseRate: null },
      },
    ]);
  });

  it('shows each workspace its own learned response rates, and only its own', async () => {
    await setWorkspaceConfig(config, 'acme', 'templatePerformance', { 'roi-focused': 0.05, 'pain-point': 0.41, 'value-prop': 0.5 });
    expect(await rates('acme')).toEqual([0.05, 0.41, 0.5]);
    expect(await rates('globex')).toEqual([0.345, 0.282, 0.198]);
    expect(await rates()).toEqual([0.345, 0.282, 0.198]);
  });

  it("measures each template from the workspace's own sends and replies", async () => {
    const event = (eventId: string, type: 'sent' | 'replied', template: string) =>
      recordOutcome(outcomes, { workspaceId: 'measured', eventId, type, template, step: 1, at: new Date('2026-11-20T10:00:00Z') });
    for (let n = 0; n < 8; n++) await event(`s-${n}`, 'sent', 'pain-point');
    for (let n = 0; n < 2; n++) await event(`r-${n}`, 'replied', 'pain-point');
    await event('s-roi', 'sent', 'roi-focused');
    const templates = (await (await jsonClient(server.url, 'measured').get('/api/templates')).json()) as Array<{
      id: string;
      measured: unknown;
    }>;
    expect(Object.fromEntries(templates.map((template) => [template.id, template.measured]))).toEqual({
      'roi-focused': { sent: 1, replied: 0, responseRate: 0 },
      'pain-point': { sent: 8, replied: 2, responseRate: 0.25 },
      'value-prop': { sent: 0, replied: 0, responseRate: null },
    });
    expect(
      ((await (await jsonClient(server.url, 'acme').get('/api/templates')).json()) as Array<{ measured: { sent: number } }>).map(
        (template) => template.measured.sent,
      ),
    ).toEqual([0, 0, 0]);
  });

  it('refuses a workspace that is not a slug with a 400 naming it', async () => {
    const response = await jsonClient(server.url, 'Not%20A%20Slug').get('/api/templates');
    expect([response.status, await response.text()]).toEqual([400, 'Invalid request: workspace: must be a workspace slug']);
  });
});
