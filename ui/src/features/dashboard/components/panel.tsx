import type { ReactNode } from 'react';

/** One titled card of the dashboard. */
export function Panel({
  title,
  actions,
  children,
  className = '',
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    // min-w-0: a wide child (the chart's table) scrolls in its own box instead of widening the dashboard's grid.
    <section className={`card min-w-0 bg-base-100 shadow-sm ${className}`} aria-label={title}>
      <div className="card-body gap-3 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="card-title text-base">{title}</h2>
          {actions}
        </div>
        {children}
      </div>
    </section>
  );
}

/** What a panel says before the server has data for it: what will fill it. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-box border border-dashed border-base-300 p-4 text-sm text-base-content/70" data-testid="empty-state">
      {children}
    </p>
  );
}
