import type { Model } from 'mongoose';
import { z } from 'zod';
import { agentActivityText, agentPerformance, agentStatus } from './status.ts';
import type { AgentActivity } from './activity-model.ts';
import { TOTAL_PERIOD, type DashboardRollup } from '../outcomes/rollup-model.ts';
import type { PluginHost } from '../../runs/services.ts';
import { route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';

/** One agent as GET /api/agents/status answers it (the product spec's shape). */
export const AgentStatusSchema = z.object({
  agentName: z.string().describe('The agent plugin id, e.g. lead-scoring'),
  status: z.enum(['active', 'learning', 'analyzing', 'idle']),
  activity: z.string().describe('What the agent is doing, in a sentence: what runs now, or when it last worked'),
  performance: z
    .object({
      accuracy: z.number().nullable(),
      precision: z.number().nullable(),
      engagement: z.number().nullable().describe('Outreach: replies ÷ emails sent, in percent'),
      success: z
        .number()
        .nullable()
        .describe(
          'Meeting booking: attended ÷ attended and no-shows; other agents: share of their activity executions that succeeded; in percent',
        ),
    })
    .describe('Percentages from measured outcomes; null means no data yet'),
});

/** What the agents' status is read from: the installed plugins, their activity, and the workspace's outcome totals. */
export interface AgentsDeps {
  host: PluginHost;
  activity: Model<AgentActivity>;
  rollups: Model<DashboardRollup>;
  now?: () => Date;
}

/**
 * GET /api/agents/status: every agent plugin, with its live status (platform-wide: one worker
 * serves every workspace) and its performance, measured from the workspace's outcomes.
 */
export const agentsRoutes = [
  route<AgentsDeps>(
    {
      method: 'get',
      path: '/api/agents/status',
      access: 'viewer',
      summary: 'Every agent with its live status and measured performance',
      tags: ['agents'],
      query: WorkspaceQuery,
      responses: {
        200: { description: 'One entry per agent plugin', schema: z.array(AgentStatusSchema) },
        400: { description: 'Invalid workspace slug' },
      },
    },
    ({ host, activity, rollups, now = () => new Date() }) => {
      const agents = host.plugins.filter((plugin) => plugin.manifest.kind === 'agent').map((plugin) => plugin.manifest.id);
      return async (ctx) => {
        const [records, totals] = await Promise.all([
          activity.find({ pluginId: { $in: agents } }).lean(),
          rollups.findOne({ workspaceId: workspaceOf(ctx), period: TOTAL_PERIOD }).lean(),
        ]);
        const byAgent = new Map(records.map((record) => [record.pluginId, record]));
        const at = now();
        ctx.body = agents.map((id) => ({
          agentName: id,
          status: agentStatus(id, byAgent.get(id), at),
          activity: agentActivityText(byAgent.get(id), at),
          performance: agentPerformance(id, byAgent.get(id), totals),
        }));
      };
    },
  ),
];

export const agentsRouter = (host: PluginHost, activity: Model<AgentActivity>, rollups: Model<DashboardRollup>, now?: () => Date) =>
  routerOf(agentsRoutes, { host, activity, rollups, now });
