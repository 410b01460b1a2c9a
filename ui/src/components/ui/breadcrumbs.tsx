import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** One step of a trail: a link when it has `to`, plain text for the page itself; `mono` for ids. */
export interface Crumb {
  label: ReactNode;
  to?: string;
  mono?: boolean;
}

/** The trail above a page ("Pipelines › Batch"), as a navigation landmark named Breadcrumb. */
export function Breadcrumbs({ items, className = '' }: { items: Crumb[]; className?: string }) {
  return (
    <nav className={`breadcrumbs text-sm ${className}`} aria-label="Breadcrumb">
      <ul>
        {items.map((item, index) => (
          <li key={index} className={item.mono ? 'font-mono' : undefined}>
            {item.to ? <Link to={item.to}>{item.label}</Link> : item.label}
          </li>
        ))}
      </ul>
    </nav>
  );
}
