import { Link, useLocation } from 'react-router-dom';
import { navItemOf } from '../../config/nav.ts';
import { AppLayout } from '../../features/app-shell/components/app-layout.tsx';
import { RequireSignIn } from '../../features/auth/index.ts';

/** The 404 message with the spec's developer-style hint (section 2). */
function NotFoundCard({ pathname }: { pathname: string }) {
  return (
    <div className="card w-full max-w-lg bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h1 className="card-title text-2xl text-error">404 Page Not Found</h1>
        <p className="text-base-content/70">
          No route matches <code className="font-mono break-all">{pathname}</code>. Did you forget to add the page to the router?
        </p>
        <div className="card-actions justify-end">
          <Link to="/" className="btn btn-primary btn-sm">
            Back to home
          </Link>
        </div>
      </div>
    </div>
  );
}

/** Shown for every path the router does not know: inside the app shell (signed in) under an app page's path, else on its own. */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  if (navItemOf(pathname)) {
    return (
      <RequireSignIn>
        <AppLayout>
          <div className="flex justify-center pt-8">
            <NotFoundCard pathname={pathname} />
          </div>
        </AppLayout>
      </RequireSignIn>
    );
  }
  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 p-6">
      <NotFoundCard pathname={pathname} />
    </main>
  );
}
