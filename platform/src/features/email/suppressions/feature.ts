// The suppression list: who is never emailed (/api/suppressions).
import { defineFeature } from '../../context.ts';
import { suppressionsRouter, suppressionsRoutes } from './routes.ts';

export const suppressionsFeature = defineFeature({
  name: 'suppressions',
  domain: 'email',
  routes: [{ routes: suppressionsRoutes, build: ({ product }) => suppressionsRouter({ db: product.db }) }],
});
