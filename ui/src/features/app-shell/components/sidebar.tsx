import { X } from 'lucide-react';
import { Link, NavLink } from 'react-router-dom';
import { NAV_ITEMS, SETTINGS_NAV_ITEMS, TOOLS_NAV_ITEMS, type NavItem } from '../../../config/nav.ts';
import { AgentStatusList } from './agent-status-list.tsx';

/** One group of links, the current page highlighted. */
function NavList({ items, onNavigate }: { items: readonly NavItem[]; onNavigate: () => void }) {
  return (
    <ul className="menu w-full gap-0.5 px-3">
      {items.map((item) => (
        <li key={item.to}>
          {/* Not `end`: a run page under /pipelines keeps "Pipelines" highlighted. */}
          <NavLink to={item.to} onClick={onNavigate} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
            <item.icon aria-hidden="true" className="size-4 shrink-0" />
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The app sidebar (spec section 2): the screens in order, each with its icon, then the tools
 * (Workflow Test) and the workspace's settings (navigations of their own, so the screens' list
 * stays the spec's), then the agents' status.
 */
export function Sidebar({ onNavigate, onClose }: { onNavigate: () => void; onClose: () => void }) {
  return (
    // On a screen tall enough (a phone held upright too), the sidebar is as tall as the screen: the links scroll
    // in their own box and the agents' status stays whole at the bottom, never cut off below the fold.
    // A short screen (a phone on its side) scrolls the whole sidebar instead.
    <aside className="flex min-h-full w-64 max-w-[calc(100vw-3rem)] flex-col border-r border-base-300 bg-base-100 [@media(min-height:640px)]:h-full">
      <div className="flex items-center justify-between gap-2 pr-3">
        <Link to="/" className="block px-6 py-5 text-xl font-bold tracking-tight text-primary" onClick={onNavigate}>
          Meetflow
        </Link>
        {/* On a phone the sidebar is a menu over the page: closed here, by Escape, or by a tap beside it. */}
        <button type="button" className="btn btn-square btn-ghost btn-sm lg:hidden" aria-label="Close the menu" onClick={onClose}>
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="py-0.5 [@media(min-height:640px)]:min-h-0 [@media(min-height:640px)]:flex-1 [@media(min-height:640px)]:overflow-y-auto">
        <nav aria-label="App">
          <NavList items={NAV_ITEMS} onNavigate={onNavigate} />
        </nav>
        <nav aria-labelledby="tools-nav-heading" className="pt-4">
          <h2 id="tools-nav-heading" className="px-6 pb-1 text-xs font-semibold tracking-wide text-base-content/60 uppercase">
            Tools
          </h2>
          <NavList items={TOOLS_NAV_ITEMS} onNavigate={onNavigate} />
        </nav>
        <nav aria-labelledby="settings-nav-heading" className="pt-4 pb-2">
          <h2 id="settings-nav-heading" className="px-6 pb-1 text-xs font-semibold tracking-wide text-base-content/60 uppercase">
            Settings
          </h2>
          <NavList items={SETTINGS_NAV_ITEMS} onNavigate={onNavigate} />
        </nav>
      </div>
      <div className="mt-auto border-t border-base-300">
        <AgentStatusList />
      </div>
    </aside>
  );
}
