import type { Ref } from 'react';
import { useLocation } from 'react-router-dom';
import { navItemOf } from '../../../config/nav.ts';
import { UserLabel } from './user-label.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

/** The bar above every app page: the menu button on phones, the page's name, the workspace switcher and who is signed in. */
export function AppHeader({
  menuOpen,
  sidebarId,
  onOpenMenu,
  menuButtonRef,
}: {
  menuOpen: boolean;
  sidebarId: string;
  onOpenMenu: () => void;
  /** The menu button, which the phone menu gives focus back to when it closes. */
  menuButtonRef?: Ref<HTMLButtonElement>;
}) {
  const { pathname } = useLocation();
  const title = navItemOf(pathname)?.label ?? 'Page not found';
  return (
    <header className="sticky top-0 z-30 flex items-center gap-3 border-b border-base-300 bg-base-100/90 px-4 py-2 backdrop-blur lg:px-8">
      <button
        ref={menuButtonRef}
        type="button"
        className="btn btn-square btn-ghost btn-sm lg:hidden"
        aria-label="Open the menu"
        aria-expanded={menuOpen}
        aria-controls={sidebarId}
        onClick={onOpenMenu}
      >
        <svg
          xmlns="http://www.w3.org/2000/svg"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="size-5"
          aria-hidden="true"
        >
          <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      <span className="min-w-0 flex-1 truncate font-semibold" data-testid="header-title">
        {title}
      </span>
      <div className="flex shrink-0 items-center gap-1">
        <WorkspaceSwitcher />
        <UserLabel />
      </div>
    </header>
  );
}
