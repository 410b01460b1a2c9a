import { Suspense, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useCurrentWorkspace } from '../../../lib/workspace.ts';
import { AppHeader } from './app-header.tsx';
import { Sidebar } from './sidebar.tsx';

const DRAWER_ID = 'app-drawer';

/**
 * The shell of the app pages: the sidebar (a drawer behind the menu button below the `lg`
 * breakpoint), the header, and the page (`children`, or the matched route), in the current workspace.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const workspace = useCurrentWorkspace();
  return (
    // Keyed by the workspace: after a switch the shell and the page start afresh, with no
    // half-edited form or fetched data of the workspace left behind.
    <div key={workspace} className="drawer lg:drawer-open">
      <input
        id={DRAWER_ID}
        type="checkbox"
        className="drawer-toggle"
        checked={menuOpen}
        onChange={(event) => setMenuOpen(event.target.checked)}
      />
      <div className="drawer-content flex min-h-screen min-w-0 flex-col bg-base-200">
        <AppHeader drawerId={DRAWER_ID} />
        <main className="min-w-0 flex-1 px-4 py-6 lg:px-8">
          {/* Lazily loaded pages (the run graph) show a spinner while their code arrives. */}
          <Suspense fallback={<span className="loading loading-spinner loading-lg" aria-label="Loading page" />}>
            {children ?? <Outlet />}
          </Suspense>
        </main>
      </div>
      <div className="drawer-side z-40">
        <label htmlFor={DRAWER_ID} aria-label="Close the menu" className="drawer-overlay" />
        <Sidebar onNavigate={() => setMenuOpen(false)} />
      </div>
    </div>
  );
}
