// Every platform feature, by domain: the one list the app (platform/src/api) and the worker
// (platform/src/worker) loop over. The app mounts the routes in this order. A new feature is one
// line here (`npm run new-feature` writes it); README, Layout, says where everything goes.
import type { MeetflowFeature } from './context.ts';
import { auditFeature } from './accounts/audit/feature.ts';
import { authFeature } from './accounts/auth/feature.ts';
import { membersFeature } from './accounts/members/feature.ts';
import { experimentsFeature } from './insights/experiments/feature.ts';
import { workspaceConfigFeature } from './insights/workspace-config/feature.ts';
import { workspacesFeature } from './accounts/workspaces/feature.ts';
import { inboundFeature } from './email/inbound/feature.ts';
import { inboxFeature } from './email/inbox/feature.ts';
import { inboxBookingFeature } from './revenue/inbox-booking/feature.ts';
import { bookingLinksFeature } from './revenue/booking-links/feature.ts';
import { mailboxesFeature } from './email/mailboxes/feature.ts';
import { outboxFeature } from './email/outbox/feature.ts';
import { repliesFeature } from './email/replies/feature.ts';
import { sendingFeature } from './email/sending/feature.ts';
import { sequencesFeature } from './email/sequences/feature.ts';
import { suppressionsFeature } from './email/suppressions/feature.ts';
import { templatesFeature } from './email/templates/feature.ts';
import { agentsFeature } from './insights/agents/feature.ts';
import { dashboardFeature } from './insights/dashboard/feature.ts';
import { landingPageFeature } from './insights/landing-page/feature.ts';
import { learningFeature } from './insights/learning/feature.ts';
import { outcomesFeature } from './insights/outcomes/feature.ts';
import { campaignsFeature } from './prospecting/campaigns/feature.ts';
import { discoveryFeature } from './prospecting/discovery/feature.ts';
import { icpFeature } from './prospecting/icp/feature.ts';
import { offerFeature } from './prospecting/offer/feature.ts';
import { prospectsFeature } from './prospecting/prospects/feature.ts';
import { superagentFeature } from './prospecting/superagent/feature.ts';
import { meetingsFeature } from './revenue/meetings/feature.ts';
import { calendarsFeature } from './revenue/calendars/feature.ts';
import { oauthFeature } from './revenue/oauth/feature.ts';
import { pricingFeature } from './revenue/pricing/feature.ts';
import { billingFeature } from './revenue/billing/feature.ts';
import { webhooksFeature } from './revenue/webhooks/feature.ts';
import { crmFeature } from './revenue/crm/feature.ts';
import { healthFeature } from './runs/health/feature.ts';
import { pipelinesFeature } from './runs/pipelines/feature.ts';
import { pluginsFeature } from './runs/plugins/feature.ts';
import { systemFeature } from './runs/system/feature.ts';

export const FEATURES: readonly MeetflowFeature[] = [
  // runs: the platform's own (health and plugins answer even without the product), then pipelines
  healthFeature,
  pluginsFeature,
  // accounts
  authFeature,
  workspacesFeature,
  membersFeature,
  auditFeature,
  // insights
  agentsFeature,
  workspaceConfigFeature,
  landingPageFeature,
  // runs
  pipelinesFeature,
  systemFeature,
  // prospecting
  prospectsFeature,
  campaignsFeature,
  icpFeature,
  discoveryFeature,
  superagentFeature,
  offerFeature,
  // email
  templatesFeature,
  repliesFeature,
  mailboxesFeature,
  outboxFeature,
  suppressionsFeature,
  sendingFeature,
  inboundFeature,
  inboxFeature,
  sequencesFeature,
  // revenue
  meetingsFeature,
  calendarsFeature,
  oauthFeature,
  inboxBookingFeature,
  bookingLinksFeature,
  pricingFeature,
  billingFeature,
  webhooksFeature,
  crmFeature,
  // insights
  learningFeature,
  outcomesFeature,
  dashboardFeature,
  experimentsFeature,
];
