// The outreach templates and their measured performance (GET /api/templates).
import { defineFeature, viaPlugins } from '../../context.ts';
import { templatesRouter, templatesRoutes } from './routes.ts';
import { outreachTemplateCopy } from './templates.ts';

export const templatesFeature = defineFeature({
  name: 'templates',
  domain: 'email',
  uses: ['workspaceConfig', 'outcomeEvents'],
  routes: [
    {
      routes: templatesRoutes,
      build: (context) =>
        templatesRouter({
          templateCopy: outreachTemplateCopy(viaPlugins(context)),
          config: context.product.db,
          outcomes: context.product.db,
        }),
    },
  ],
});
