import { z } from 'zod';
import { getWorkspaceConfig, type ConfigStoreDb } from '../../insights/services.ts';
import type { OutcomesDb } from '../../insights/services.ts';
import { describeTemplates, type TemplateCopy, type TemplateCounts, type TemplateId } from './templates.ts';
import { docsOf, route, routerOf } from '../../../core/http/api-route.ts';
import { WorkspaceQuery, workspaceOf } from '../../../core/http/workspace.ts';

/** What /api/templates is built over. */
export interface TemplatesDeps {
  /** The outreach plugin's template copy, by template id, in its order (its `templates` service). */
  templateCopy: () => Promise<Record<TemplateId, TemplateCopy>>;
  /** The workspace config store: the learned templatePerformance, spec defaults until something is learned. */
  config: ConfigStoreDb;
  /** The outcome events, for each template's measured sends and replies. */
  outcomes: Pick<OutcomesDb, 'outcomeEvents'>;
}

/** Sends and replies per template in the workspace: one grouped count over its sent and replied events (indexed by type). */
async function templateCounts(outcomes: TemplatesDeps['outcomes'], workspaceId: string): Promise<TemplateCounts> {
  const groups = await outcomes.outcomeEvents.aggregate<{ _id: { type: string; template: string | null }; n: number }>([
    { $match: { workspaceId, type: { $in: ['sent', 'replied'] }, template: { $ne: null } } },
    { $group: { _id: { type: '$type', template: '$template' }, n: { $sum: 1 } } },
  ]);
  const counts: Record<string, { sent: number; replied: number }> = {};
  for (const { _id, n } of groups) {
    const entry = (counts[_id.template ?? ''] ??= { sent: 0, replied: 0 });
    if (_id.type === 'sent') entry.sent += n;
    else entry.replied += n;
  }
  return counts as TemplateCounts;
}

/** A template with its response rate, as GET /api/templates answers. */
export const TemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  subject: z.string().meta({ description: 'The first subject line of the template, with its {slots}' }),
  performance: z.object({
    response_rate: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: 'The learned (or default) response rate the copywriter plans with, a fraction' }),
  }),
  measured: z.object({
    sent: z.number().int(),
    replied: z.number().int(),
    responseRate: z.number().min(0).max(1).nullable().meta({ description: 'replied ÷ sent in this workspace; null before any send' }),
  }),
});

/** /api/templates: the outreach templates and how well each one is doing in this workspace. */
export const templatesRoutes = [
  route<TemplatesDeps>(
    {
      method: 'get',
      path: '/api/templates',
      access: 'viewer',
      tags: ['templates'],
      query: WorkspaceQuery,
      summary: "The three outreach templates with this workspace's learned response rates",
      responses: {
        200: { description: "The templates, in the outreach plugin's order", schema: z.array(TemplateSchema) },
        400: { description: 'Invalid workspace slug' },
      },
    },
    (deps) => async (ctx) => {
      const workspaceId = workspaceOf(ctx);
      const [copy, { templatePerformance }, counts] = await Promise.all([
        deps.templateCopy(),
        getWorkspaceConfig(deps.config, workspaceId),
        templateCounts(deps.outcomes, workspaceId),
      ]);
      ctx.body = describeTemplates(copy, templatePerformance, counts);
    },
  ),
];

export const templatesRouter = (deps: TemplatesDeps) => routerOf(templatesRoutes, deps);
export const templatesRouteDocs = docsOf(templatesRoutes);
