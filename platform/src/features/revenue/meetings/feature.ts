// Meetings proposed, booked and attended (/api/meetings), through the meeting-booking agent.
import { defineFeature, viaPlugins } from '../../context.ts';
import { meetingsRouter, meetingsRoutes } from './routes.ts';

export const meetingsFeature = defineFeature({
  name: 'meetings',
  domain: 'revenue',
  uses: [],
  routes: [{ routes: meetingsRoutes, build: (context) => meetingsRouter(viaPlugins(context)) }],
});
