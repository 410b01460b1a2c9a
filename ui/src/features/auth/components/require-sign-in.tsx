import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAccount } from '../hooks/use-account.ts';
import { signInPath } from '../utils/next-path.ts';

/**
 * The gate of the app's pages: while nobody is signed in (or once a call finds the session
 * ended) it sends the user to Sign In, which brings them back to this page and query afterwards.
 */
export function RequireSignIn({ children }: { children?: ReactNode }) {
  const account = useAccount();
  const { pathname, search } = useLocation();
  if (account.data) return children ?? <Outlet />;
  if (account.data === null) return <Navigate to={signInPath(`${pathname}${search}`)} replace />;
  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 p-6">
      {account.isError ? (
        <div role="alert" className="alert alert-error max-w-lg">
          <span className="wrap-anywhere">Could not check who is signed in ({account.error.message}).</span>
          <button type="button" className="btn btn-sm" onClick={() => void account.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <span className="loading loading-spinner loading-lg" aria-label="Checking your sign-in" />
      )}
    </main>
  );
}
