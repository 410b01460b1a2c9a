import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { NAV_ITEMS } from '../../config/nav.ts';

/** The shell of the app pages: sidebar navigation, the page, and the one toast. */
export function AppLayout() {
  return (
    <div className="flex min-h-screen bg-base-200">
      <aside className="w-56 shrink-0 border-r border-base-300 bg-base-100">
        <Link to="/" className="block px-6 py-5 text-xl font-bold tracking-tight text-primary">
          Meetflow
        </Link>
        <nav aria-label="App">
          <ul className="menu w-full gap-1 px-3">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                {/* Not `end`: a run page under /pipelines keeps "Pipelines" highlighted. */}
                <NavLink to={item.to} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <main className="min-w-0 flex-1 px-8 py-6">
        {/* Lazily loaded pages (the run graph) show a spinner while their code arrives. */}
        <Suspense fallback={<span className="loading loading-spinner loading-lg" aria-label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
