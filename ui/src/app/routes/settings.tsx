import { AcceptInvitationPage, ApiTokensPage, MembersPage } from '../../features/workspace-settings/index.ts';

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
