// What the auth feature offers the app: the Sign In and Sign Up pages, the password pages (forgot,
// reset from the emailed link, change) and the email-verification page, the gate of the app's pages,
// who is signed in and their role, switching workspace, signing out, the account's menu entries, the
// links to sign in, and the frame of those pages (for pages a signed-out visitor reaches, such as
// accepting an invitation).
export type { Account, Membership, Role } from './api/account.ts';
export { signOutWhenSessionEnds, useSignOut } from './api/session-api.ts';
export { AccountCheck } from './components/account-check.tsx';
export { AccountMenuItems } from './components/account-menu-items.tsx';
export { ChangePasswordPage } from './components/change-password-page.tsx';
export { ForgotPasswordPage } from './components/forgot-password-page.tsx';
export { ResetPasswordPage } from './components/reset-password-page.tsx';
export { VerifyEmailPage } from './components/verify-email-page.tsx';
export { AuthLayout } from './components/auth-layout.tsx';
export { RequireSignIn } from './components/require-sign-in.tsx';
export { SignInPage } from './components/sign-in-page.tsx';
export { SignUpPage } from './components/sign-up-page.tsx';
export { useAccount, useCurrentMembership, useCurrentRole, useSwitchWorkspace } from './hooks/use-account.ts';
export { signInPath, signUpPath } from './utils/next-path.ts';
export { roleAtLeast, roleLabel, ROLES, VIEWER_CANNOT_CHANGE } from './utils/roles.ts';
