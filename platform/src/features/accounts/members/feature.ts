// A workspace's members, roles and invitations (/api/members, /api/invitations).
import { defineFeature } from '../../context.ts';
import { membersRouter, membersRoutes } from './routes.ts';
import { invitationModels } from './model.ts';

export const membersFeature = defineFeature({
  name: 'members',
  domain: 'accounts',
  uses: ['invitations', 'users', 'memberships', 'apiTokens', 'workspaces'],
  models: invitationModels,
  routes: [{ routes: membersRoutes, build: ({ product }) => membersRouter(product.db) }],
});
