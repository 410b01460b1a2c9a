// What Members offers the app: the Members page (members, invitations), the API Tokens page (a
// token acts with a member's role), and the page an invitation link opens.
export { AcceptInvitationPage } from './components/accept-invitation-page.tsx';
export { ApiTokensPage } from './components/api-tokens-page.tsx';
export { MembersPage } from './components/members-page.tsx';
