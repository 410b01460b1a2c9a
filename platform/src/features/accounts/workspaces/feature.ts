// Workspaces and the one a request acts in (/api/workspaces).
import { defineFeature } from '../../context.ts';
import { workspacesRouter, workspacesRoutes } from './routes.ts';
import { ensureDefaultWorkspace, workspaceModel } from './model.ts';

export const workspacesFeature = defineFeature({
  name: 'workspaces',
  domain: 'accounts',
  uses: ['workspaces', 'memberships'],
  models: (connection) => ({ workspaces: workspaceModel(connection) }),
  routes: [{ routes: workspacesRoutes, build: ({ product }) => workspacesRouter(product.db) }],
  // The default workspace the UI's first screens open (npm start's demo owner works in it).
  onStart: { does: 'prepare the default workspace', run: ({ product }) => ensureDefaultWorkspace(product.db.workspaces) },
});
