// Meetings proposed, booked and attended (/api/meetings), through the meeting-booking agent.
import { defineFeature, viaPlugins } from '../../context.ts';
import { meetingsRouter, meetingsRoutes } from './routes.ts';

export const meetingsFeature = defineFeature({
  name: 'meetings',
  domain: 'revenue',
  // A cancellation emails the prospect (meetings/cancellation.ts): what it reads and what a one-off email writes.
  uses: ['prospects', 'workspaceConfig', 'bookingLinks', 'outbox', 'campaigns', 'suppressions'],
  routes: [{ routes: meetingsRoutes, build: (context) => meetingsRouter({ ...viaPlugins(context), db: context.product.db }) }],
});
