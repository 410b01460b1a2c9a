// What the auth feature offers the app: the Sign In and Sign Up pages, the gate of the app's pages,
// who is signed in and their role, switching workspace, signing out, the links to sign in, and the
// frame of those pages (for pages a signed-out visitor reaches, such as accepting an invitation).
export type { Account, Membership, Role } from './api/account.ts';
export { signOutWhenSessionEnds, useSignOut } from './api/session-api.ts';
export { AccountCheck } from './components/account-check.tsx';
export { AuthLayout } from './components/auth-layout.tsx';
export { RequireSignIn } from './components/require-sign-in.tsx';
export { SignInPage } from './components/sign-in-page.tsx';
export { SignUpPage } from './components/sign-up-page.tsx';
export { useAccount, useCurrentMembership, useCurrentRole, useSwitchWorkspace } from './hooks/use-account.ts';
export { signInPath, signUpPath } from './utils/next-path.ts';
export { roleAtLeast, roleLabel, ROLES, VIEWER_CANNOT_CHANGE } from './utils/roles.ts';
