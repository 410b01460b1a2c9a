// Accounts, sessions, sign-in limits, password reset, email verification and API tokens (/api/auth, /api/tokens).
import { defineFeature } from '../../context.ts';
import { authRouter, authRoutes } from './routes.ts';
import { tokenRouter, tokenRoutes } from './token-routes.ts';
import { authModels } from './model.ts';
import { DEFAULT_LOGIN_LIMITS, LoginLimits } from './login-limits.ts';
import { DEFAULT_SESSION_POLICY } from './sessions.ts';
import { createSystemMail } from '../../../core/system-mail.ts';

export const authFeature = defineFeature({
  name: 'auth',
  domain: 'accounts',
  uses: ['users', 'sessions', 'memberships', 'apiTokens', 'accountLinks', 'authLimits', 'workspaces'],
  models: authModels,
  routes: [
    {
      routes: authRoutes,
      build: ({ app, product: { db, systemMail, publicUrl = 'http://localhost:3000', signUpsPerHour } }) =>
        authRouter({
          db,
          limits: new LoginLimits({ ...DEFAULT_LOGIN_LIMITS, ...(signUpsPerHour ? { signUpsPerHour } : {}) }, db),
          policy: DEFAULT_SESSION_POLICY,
          mail: systemMail ?? createSystemMail(null, app.logger),
          publicUrl,
          logger: app.logger,
        }),
    },
    { routes: tokenRoutes, build: ({ product }) => tokenRouter(product.db) },
  ],
});
