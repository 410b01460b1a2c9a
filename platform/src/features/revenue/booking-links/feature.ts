// Public booking links (/book/<token>, /api/book/{token}): one per prospect and sequence, made at enrolment and put in the
// email that offers a meeting; whoever holds one books, moves or cancels that prospect's meeting, and nothing else.
import { defineFeature, NO_SECRETS, viaPlugins } from '../../context.ts';
import { bookingLinkModels } from './model.ts';
import { bookingLinkRouter, bookingLinkRoutes } from './routes.ts';

export const bookingLinksFeature = defineFeature({
  name: 'booking-links',
  domain: 'revenue',
  uses: ['bookingLinks', 'prospects', 'workspaceOffers', 'outbox', 'campaigns', 'suppressions', 'workspaceConfig', 'sequenceDirectory'],
  models: bookingLinkModels,
  routes: [
    {
      routes: bookingLinkRoutes,
      build: (context) =>
        bookingLinkRouter({
          ...viaPlugins(context),
          db: context.product.db,
          secrets: context.product.secrets ?? NO_SECRETS,
          publicUrl: context.product.publicUrl ?? 'http://localhost:3000',
        }),
    },
  ],
});
