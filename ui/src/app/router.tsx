import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { AppLayout } from '../features/app-shell/components/app-layout.tsx';
import { RequireSignIn } from '../features/auth/index.ts';
import { AgentsRoute } from './routes/agents.tsx';
import { BatchRoute } from './routes/batch.tsx';
import { BookingPageRoute } from './routes/booking-page.tsx';
import { CampaignRoute, NewCampaignRoute } from './routes/campaign.tsx';
import { IcpBuilderRoute } from './routes/icp-builder.tsx';
import { InboxRoute } from './routes/inbox.tsx';
import { LandingRoute } from './routes/landing.tsx';
import { MeetingsRoute } from './routes/meetings.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { OutreachRoute } from './routes/outreach.tsx';
import { PipelinesRoute } from './routes/pipelines.tsx';
import { PluginsRoute } from './routes/plugins.tsx';
import { PricingRoute } from './routes/pricing.tsx';
import { ProspectDiscoveryRoute } from './routes/prospect-discovery.tsx';
import { ProspectsRoute } from './routes/prospects.tsx';
import {
  AcceptInvitationRoute,
  ApiTokensRoute,
  IntegrationsRoute,
  MailboxesRoute,
  MembersRoute,
  SuppressionsRoute,
  WebhooksRoute,
} from './routes/settings.tsx';
import { ReviewRoute } from './routes/review.tsx';
import {
  ChangePasswordRoute,
  ForgotPasswordRoute,
  ResetPasswordRoute,
  SignInRoute,
  SignUpRoute,
  VerifyEmailRoute,
} from './routes/sign-in.tsx';
import { WorkflowTestRoute } from './routes/workflow-test.tsx';

// React Flow and dagre are most of the bundle; only the run and pipeline pages need them.
const PipelineRunRoute = lazy(() => import('./routes/pipeline-run.tsx').then((module) => ({ default: module.PipelineRunRoute })));
const PipelineRoute = lazy(() => import('./routes/pipeline.tsx').then((module) => ({ default: module.PipelineRoute })));
const NewPipelineRoute = lazy(() => import('./routes/pipeline-editor.tsx').then((module) => ({ default: module.NewPipelineRoute })));
const EditPipelineRoute = lazy(() => import('./routes/pipeline-editor.tsx').then((module) => ({ default: module.EditPipelineRoute })));
// Recharts likewise: only the dashboard's progress chart uses it (113 kB of the initial JavaScript, gzipped).
const DashboardRoute = lazy(() => import('./routes/dashboard.tsx').then((module) => ({ default: module.DashboardRoute })));

// Spec section 2 lists the routes. App pages share the sidebar layout; their sidebar entries
// (and the header's page titles) live in config/nav.ts. The landing page, Sign In and Sign Up, and
// the pages of the emailed links (reset password, verify email) are public; every page in the
// layout asks for sign-in first. An invitation link has a page of its own, outside the layout:
// signed out, it offers Sign In and Sign Up, which come back to it. A prospect's booking link
// (/book/:token) has one too, public: its token is the credential, and no account is needed.
// Change password is outside the layout too: a session of a one-time password may do nothing else
// until it is changed.
export const router = createBrowserRouter([
  { path: '/', element: <LandingRoute /> },
  { path: '/signin', element: <SignInRoute /> },
  { path: '/signup', element: <SignUpRoute /> },
  { path: '/forgot-password', element: <ForgotPasswordRoute /> },
  { path: '/reset-password', element: <ResetPasswordRoute /> },
  { path: '/verify-email', element: <VerifyEmailRoute /> },
  { path: '/account/password', element: <ChangePasswordRoute /> },
  { path: '/invite/:token', element: <AcceptInvitationRoute /> },
  { path: '/book/:token', element: <BookingPageRoute /> },
  {
    element: (
      <RequireSignIn>
        <AppLayout />
      </RequireSignIn>
    ),
    children: [
      { path: '/dashboard', element: <DashboardRoute /> },
      { path: '/icp-builder', element: <IcpBuilderRoute /> },
      { path: '/prospect-discovery', element: <ProspectDiscoveryRoute /> },
      { path: '/workflow-test', element: <WorkflowTestRoute /> },
      { path: '/prospects', element: <ProspectsRoute /> },
      { path: '/outreach', element: <OutreachRoute /> },
      { path: '/outreach/campaigns/new', element: <NewCampaignRoute /> },
      { path: '/outreach/campaigns/:id', element: <CampaignRoute /> },
      { path: '/review', element: <ReviewRoute /> },
      { path: '/inbox', element: <InboxRoute /> },
      { path: '/meetings', element: <MeetingsRoute /> },
      { path: '/pricing', element: <PricingRoute /> },
      { path: '/agents', element: <AgentsRoute /> },
      { path: '/pipelines', element: <PipelinesRoute /> },
      { path: '/pipelines/runs/:runId', element: <PipelineRunRoute /> },
      { path: '/pipelines/new', element: <NewPipelineRoute /> },
      { path: '/pipelines/:id/edit', element: <EditPipelineRoute /> },
      { path: '/batches/:id', element: <BatchRoute /> },
      { path: '/pipelines/:id', element: <PipelineRoute /> },
      { path: '/plugins', element: <PluginsRoute /> },
      { path: '/settings/members', element: <MembersRoute /> },
      { path: '/settings/api-tokens', element: <ApiTokensRoute /> },
      { path: '/settings/mailboxes', element: <MailboxesRoute /> },
      { path: '/settings/integrations', element: <IntegrationsRoute /> },
      { path: '/settings/suppressions', element: <SuppressionsRoute /> },
      { path: '/settings/webhooks', element: <WebhooksRoute /> },
    ],
  },
  { path: '*', element: <NotFoundRoute /> },
]);
