import { Suspense, useRef, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useCurrentWorkspace } from '../../../lib/workspace.ts';
import { usePhoneMenu } from '../hooks/use-phone-menu.ts';
import { AppHeader } from './app-header.tsx';
import { SkipLink } from './skip-link.tsx';
import { Sidebar } from './sidebar.tsx';

const DRAWER_ID = 'app-drawer';
const SIDEBAR_ID = 'app-sidebar';
const MAIN_ID = 'main';

/**
 * The shell of the app pages: the sidebar (a drawer behind the menu button below the `lg`
 * breakpoint), the header, and the page (`children`, or the matched route), in the current workspace.
 * The first Tab reaches "Skip to main content", past the header and the sidebar. The phone menu
 * takes focus when it opens and gives it back to its button when it closes (usePhoneMenu).
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const sidebar = useRef<HTMLDivElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { open: menuOpen, openMenu, closeMenu } = usePhoneMenu(sidebar, menuButton);
  const workspace = useCurrentWorkspace();
  return (
    <>
      {/* While the phone menu is open, what is behind it is inert: Tab stays in the menu. */}
      <SkipLink target={MAIN_ID} inert={menuOpen} />
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
          onChange={(event) => (event.target.checked ? openMenu() : closeMenu())}
        />
        <div className="drawer-content flex min-h-screen min-w-0 flex-col bg-base-200" inert={menuOpen}>
          <AppHeader menuOpen={menuOpen} sidebarId={SIDEBAR_ID} onOpenMenu={openMenu} menuButtonRef={menuButton} />
          <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none lg:px-8">
            {/* Lazily loaded pages (the run graph) show a spinner while their code arrives. */}
            <Suspense fallback={<span className="loading loading-spinner loading-lg" aria-label="Loading page" />}>
              {children ?? <Outlet />}
            </Suspense>
          </main>
        </div>
        <div id={SIDEBAR_ID} ref={sidebar} className="drawer-side z-40">
          {/* A tap beside the menu closes it; the keyboard and screen readers have its close button and Escape. */}
          <button type="button" className="drawer-overlay lg:hidden" aria-hidden="true" tabIndex={-1} onClick={closeMenu} />
          <Sidebar onNavigate={closeMenu} onClose={closeMenu} />
        </div>
      </div>
    </>
  );
}
