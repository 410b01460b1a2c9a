import { Link, NavLink } from 'react-router-dom';
import { NAV_ITEMS } from '../../../config/nav.ts';
import { AgentStatusList } from './agent-status-list.tsx';

/** The app sidebar (spec section 2): the screens in order, the current one highlighted, then the agents' status. */
export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  return (
    <aside className="flex min-h-full w-64 flex-col border-r border-base-300 bg-base-100">
      <Link to="/" className="block px-6 py-5 text-xl font-bold tracking-tight text-primary" onClick={onNavigate}>
        Meetflow
      </Link>
      <nav aria-label="App">
        <ul className="menu w-full gap-0.5 px-3">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              {/* Not `end`: a run page under /pipelines keeps "Pipelines" highlighted. */}
              <NavLink to={item.to} onClick={onNavigate} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-auto border-t border-base-300">
        <AgentStatusList />
      </div>
    </aside>
  );
}
