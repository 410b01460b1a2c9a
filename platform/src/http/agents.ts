import Router from '@koa/router';
import type { Model } from 'mongoose';
import { z } from 'zod';
import { agentPerformance, agentStatus } from '../agents/status.ts';
import type { AgentActivity } from '../db/models/agent-activity.ts';
import type { PluginHost } from '../plugins/host.ts';
import type { RouteDoc } from './route-doc.ts';

/** One agent as GET /api/agents/status answers it (the product spec's shape). */
export const AgentStatusSchema = z.object({
  agentName: z.string().describe('The agent plugin id, e.g. lead-scoring'),
  status: z.enum(['active', 'learning', 'analyzing', 'idle']),
  performance: z.object({
    accuracy: z.number().nullable(),
    precision: z.number().nullable(),
    engagement: z.number().nullable(),
    success: z.number().nullable().describe('Share of the agent\'s activity executions that succeeded, in percent'),
  }).describe('Percentages from measured outcomes; null means no data yet'),
});

/** GET /api/agents/status: every agent plugin, with its live status and measured performance. */
export function agentsRouter(host: PluginHost, activity: Model<AgentActivity>, now: () => Date = () => new Date()): Router {
  const agents = host.plugins.filter((plugin) => plugin.manifest.kind === 'agent').map((plugin) => plugin.manifest.id);
  return new Router().get('/api/agents/status', async (ctx) => {
    const records = new Map((await activity.find({ pluginId: { $in: agents } }).lean()).map((record) => [record.pluginId, record]));
    const at = now();
    ctx.body = agents.map((id) => ({
      agentName: id, status: agentStatus(id, records.get(id), at), performance: agentPerformance(records.get(id)),
    }));
  });
}

export const agentsRouteDocs: RouteDoc[] = [{
  method: 'get', path: '/api/agents/status', summary: 'Every agent with its live status and measured performance', tags: ['agents'],
  responses: { 200: { description: 'One entry per agent plugin', schema: z.array(AgentStatusSchema) } },
}];
