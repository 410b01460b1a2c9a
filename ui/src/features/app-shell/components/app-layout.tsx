import { Suspense, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useCurrentWorkspace } from '../../../lib/workspace.ts';
import { AppHeader } from './app-header.tsx';
import { SkipLink } from './skip-link.tsx';
import { Sidebar } from './sidebar.tsx';

const DRAWER_ID = 'app-drawer';
const SIDEBAR_ID = 'app-sidebar';
const MAIN_ID = 'main';

/**
 * The shell of the app pages: the sidebar (a drawer behind the menu button below the `lg`
 * breakpoint), the header, and the page (`children`, or the matched route), in the current workspace.
 * The first Tab reaches "Skip to main content", past the header and the sidebar.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const workspace = useCurrentWorkspace();
  return (
    <>
      <SkipLink target={MAIN_ID} />
      {/* Keyed by the workspace: after a switch the shell and the page start afresh, with no
          half-edited form or fetched data of the workspace left behind. */}
      <div key={workspace} className="drawer lg:drawer-open">
        {/* The drawer's state for daisyUI's CSS only: the menu button and the overlay are what people press. */}
        <input
          id={DRAWER_ID}
          type="checkbox"
          className="drawer-toggle"
          tabIndex={-1}
          aria-hidden="true"
          checked={menuOpen}
          onChange={(event) => setMenuOpen(event.target.checked)}
        />
        <div className="drawer-content flex min-h-screen min-w-0 flex-col bg-base-200">
          <AppHeader menuOpen={menuOpen} sidebarId={SIDEBAR_ID} onOpenMenu={() => setMenuOpen(true)} />
          <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none lg:px-8">
            {/* Lazily loaded pages (the run graph) show a spinner while their code arrives. */}
            <Suspense fallback={<span className="loading loading-spinner loading-lg" aria-label="Loading page" />}>
              {children ?? <Outlet />}
            </Suspense>
          </main>
        </div>
        <div id={SIDEBAR_ID} className="drawer-side z-40">
          <button
            type="button"
            className="drawer-overlay lg:hidden"
            aria-label="Close the menu"
            tabIndex={-1}
            onClick={() => setMenuOpen(false)}
          />
          <Sidebar onNavigate={() => setMenuOpen(false)} />
        </div>
      </div>
    </>
  );
}
