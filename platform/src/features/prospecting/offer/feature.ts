// What the workspace sells, which the copy is about (GET/PUT /api/offer).
import { defineFeature } from '../../context.ts';
import { offerRouter, offerRoutes } from './routes.ts';
import { workspaceOfferModels } from './model.ts';

export const offerFeature = defineFeature({
  name: 'offer',
  domain: 'prospecting',
  uses: ['workspaceOffers'],
  models: workspaceOfferModels,
  routes: [{ routes: offerRoutes, build: ({ product }) => offerRouter(product.db) }],
});
