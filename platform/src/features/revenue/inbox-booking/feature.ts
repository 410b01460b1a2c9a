// Booking from the Inbox: a reply's proposed time (or a free slot) becomes a meeting, and the invitation is emailed (/api/inbox/{id}/book).
import { defineFeature, viaPlugins } from '../../context.ts';
import { inboxBookingRouter, inboxBookingRoutes } from './routes.ts';

export const inboxBookingFeature = defineFeature({
  name: 'inbox-booking',
  domain: 'revenue',
  uses: ['inboxMessages', 'prospects', 'outbox', 'campaigns', 'suppressions', 'workspaceConfig', 'sequenceDirectory'],
  routes: [
    {
      routes: inboxBookingRoutes,
      build: (context) => inboxBookingRouter({ ...viaPlugins(context), db: context.product.db }),
    },
  ],
});
