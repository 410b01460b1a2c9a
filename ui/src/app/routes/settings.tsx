import { MailboxesPage } from '../../features/mailboxes/index.ts';
import { IntegrationsPage } from '../../features/calendars/index.ts';
import { SuppressionsPage } from '../../features/suppressions/index.ts';
import { WebhooksPage } from '../../features/webhooks/index.ts';
import { AcceptInvitationPage, ApiTokensPage, MembersPage } from '../../features/members/index.ts';

/** /settings/members: the workspace's members and invitations. */
export function MembersRoute() {
  return <MembersPage />;
}

/** /settings/api-tokens: the workspace's API tokens (admins and owners). */
export function ApiTokensRoute() {
  return <ApiTokensPage />;
}

/** /invite/:token: accept an invitation, signing in or up first. */
export function AcceptInvitationRoute() {
  return <AcceptInvitationPage />;
}

/** /settings/mailboxes: the workspace's sending mailboxes (admins change them). */
export function MailboxesRoute() {
  return <MailboxesPage />;
}

/** /settings/integrations: what the workspace is connected to (its calendar; admins connect it). */
export function IntegrationsRoute() {
  return <IntegrationsPage />;
}

/** /settings/suppressions: the addresses and domains the workspace never emails (admins add and remove them). */
export function SuppressionsRoute() {
  return <SuppressionsPage />;
}

/** /settings/webhooks: the workspace's signed outgoing webhooks and their delivery log (admins change them). */
export function WebhooksRoute() {
  return <WebhooksPage />;
}
