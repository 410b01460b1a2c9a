import { Link, useLocation } from 'react-router-dom';

/** Shown for every path the router does not know (spec section 2). */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 p-6">
      <div className="card w-full max-w-lg bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="card-title text-2xl text-error">404 Page Not Found</h1>
          <p className="text-base-content/70">
            No route matches <code className="font-mono">{pathname}</code>. Did you forget to add
            the page to the router?
          </p>
          <div className="card-actions justify-end">
            <Link to="/" className="btn btn-primary btn-sm">
              Back to home
            </Link>
          </div>
        </div>
      </div>
    </main>
  );
}
