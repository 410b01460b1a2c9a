// The suppression list: who is never emailed (/api/suppressions).
import { defineFeature } from '../../context.ts';
import { suppressionsRouter, suppressionsRoutes } from './routes.ts';

export const suppressionsFeature = defineFeature({
  name: 'suppressions',
  domain: 'email',
  uses: ['suppressions'],
  routes: [{ routes: suppressionsRoutes, build: ({ product }) => suppressionsRouter({ db: product.db }) }],
});
