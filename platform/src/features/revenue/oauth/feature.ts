// Connecting accounts through their provider's sign-in (OAuth 2.0, authorization code with PKCE): /api/oauth/{pluginId}/start
// and /api/oauth/callback, for every plugin kind whose feature registers a handler (registry.ts: calendars and CRMs).
import { defineFeature } from '../../context.ts';
import { oauthModels } from './model.ts';
import { oauthRouter, oauthRoutes } from './routes.ts';

export const oauthFeature = defineFeature({
  name: 'oauth',
  domain: 'revenue',
  uses: ['oauthStates', 'auditEntries'],
  models: oauthModels,
  routes: [
    {
      routes: oauthRoutes,
      build: ({ app, product: { db, publicUrl = 'http://localhost:3000' } }) =>
        oauthRouter({ db, host: app.plugins, connection: app.database, publicUrl, logger: app.logger }),
    },
  ],
});
