// Meetings proposed, booked and attended (/api/meetings), through the meeting-booking agent.
import { defineFeature, viaPlugins } from '../../context.ts';
import { registerCalendarReplyHandler } from '../../email/services.ts';
import { meetingsRouter, meetingsRoutes } from './routes.ts';
import { answerInvitation } from './rsvp.ts';

export const meetingsFeature = defineFeature({
  name: 'meetings',
  domain: 'revenue',
  // A cancellation emails the prospect (meetings/cancellation.ts): what it reads and what a one-off email writes.
  uses: ['prospects', 'workspaceConfig', 'bookingLinks', 'outbox', 'campaigns', 'suppressions'],
  routes: [
    {
      routes: meetingsRoutes,
      build: (context) => {
        const deps = viaPlugins(context);
        // A prospect's calendar answering an invitation (an emailed iCalendar REPLY) reaches its meeting: rsvp.ts.
        registerCalendarReplyHandler(context.app.database, (workspaceId, from, reply) => answerInvitation(deps, workspaceId, from, reply));
        return meetingsRouter({
          ...deps,
          db: context.product.db,
          // A correction of an invoiced charge is credited through the account's payments provider (billing/corrections.ts).
          stripeSecretKey: context.product.stripeSecretKey ?? null,
          paypal: context.product.paypal ?? null,
        });
      },
    },
  ],
});
