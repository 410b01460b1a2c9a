// What Members offers the app: the Members page (members, invitations), the API Tokens page (a
// token acts with a member's role), the page an invitation link opens, and the panel that shows a
// secret once (also the webhooks' signing secret).
export { AcceptInvitationPage } from './components/accept-invitation-page.tsx';
export { ApiTokensPage } from './components/api-tokens-page.tsx';
export { MembersPage } from './components/members-page.tsx';
export { OneTimeSecret } from './components/one-time-secret.tsx';
