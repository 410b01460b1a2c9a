import Router from '@koa/router';
import { z } from 'zod';
import { getWorkspaceConfig, type ConfigStoreDb } from '../config-store/workspace-config.ts';
import { describeTemplates, type TemplateCopy, type TemplateId } from '../prospects/templates.ts';
import type { RouteDoc } from './route-doc.ts';
import { WorkspaceQuery, workspaceOf } from './workspace.ts';

/** What /api/templates is built over. */
export interface TemplatesDeps {
  /** The outreach plugin's template copy, by template id (its `TEMPLATES`). */
  templateCopy: Record<TemplateId, TemplateCopy>;
  /** The workspace config store: the learned templatePerformance, spec defaults until something is learned. */
  config: ConfigStoreDb;
}

/** A template with its response rate, as GET /api/templates answers. */
export const TemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  subject: z.string().meta({ description: 'The first subject line of the template, with its {slots}' }),
  performance: z.object({
    response_rate: z.number().min(0).max(1).meta({ description: 'Fraction of sequences answered; the UI shows it as "n% response"' }),
  }),
});

/** /api/templates: the outreach templates and how well each one is doing in this workspace. */
export function templatesRouter(deps: TemplatesDeps): Router {
  return new Router().get('/api/templates', async (ctx) => {
    const { templatePerformance } = await getWorkspaceConfig(deps.config, workspaceOf(ctx));
    ctx.body = describeTemplates(deps.templateCopy, templatePerformance);
  });
}

/** OpenAPI description of /api/templates. */
export const templatesRouteDocs: RouteDoc[] = [{
  method: 'get', path: '/api/templates', tags: ['templates'], query: WorkspaceQuery,
  summary: 'The three outreach templates with this workspace\'s learned response rates',
  responses: {
    200: { description: 'The templates, in the outreach plugin\'s order', schema: z.array(TemplateSchema) },
    400: { description: 'Invalid workspace slug' },
  },
}];
