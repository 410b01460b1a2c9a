// What the auth feature offers the app: the Sign In and Sign Up pages, the gate of the app's pages,
// who is signed in and their role, switching workspace, signing out, and the links to sign in.
export type { Account, Membership, Role } from './api/account.ts';
export { signOutWhenSessionEnds, useSignOut } from './api/session-api.ts';
export { RequireSignIn } from './components/require-sign-in.tsx';
export { SignInPage } from './components/sign-in-page.tsx';
export { SignUpPage } from './components/sign-up-page.tsx';
export { useAccount, useCurrentMembership, useCurrentRole, useSwitchWorkspace } from './hooks/use-account.ts';
export { signInPath, signUpPath } from './utils/next-path.ts';
export { roleLabel, VIEWER_CANNOT_CHANGE } from './utils/roles.ts';
