import type { UseQueryResult } from '@tanstack/react-query';
import type { Account } from '../api/account.ts';

/**
 * What a page shows while it cannot yet tell who is signed in: a spinner, or, when "who is
 * signed in" failed, the reason and Try again.
 */
export function AccountCheck({ account }: { account: UseQueryResult<Account | null> }) {
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
