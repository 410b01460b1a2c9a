import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAccount } from '../hooks/use-account.ts';
import { AccountCheck } from './account-check.tsx';
import { CHANGE_PASSWORD_PAGE, changePasswordPath, signInPath } from '../utils/next-path.ts';

/**
 * The gate of the app's pages: while nobody is signed in (or once a call finds the session
 * ended) it sends the user to Sign In, which brings them back to this page and query afterwards;
 * a user who must set a new password goes to Change password first, and back here after.
 */
export function RequireSignIn({ children }: { children?: ReactNode }) {
  const account = useAccount();
  const { pathname, search } = useLocation();
  // Signed in with a one-time password: their own first (the API refuses anything else meanwhile);
  // the page where they set it is the one page such a session may stay on.
  if (account.data?.user.mustChangePassword && pathname !== CHANGE_PASSWORD_PAGE)
    return <Navigate to={changePasswordPath(`${pathname}${search}`)} replace />;
  if (account.data) return children ?? <Outlet />;
  if (account.data === null) return <Navigate to={signInPath(`${pathname}${search}`)} replace />;
  return <AccountCheck account={account} />;
}
