import type { ProspectRow } from '../api/prospects-api.ts';
import { initials, scoreBadge } from '../utils/filters.ts';

/** "All Prospects": one row per prospect, as spec section 2 lists them. */
export function ProspectRows({ prospects, onOpen }: { prospects: readonly ProspectRow[]; onOpen: (id: number) => void }) {
  return (
    <ul className="flex flex-col divide-y divide-base-200" aria-label="Prospects">
      {prospects.map((prospect) => {
        const badge = scoreBadge(prospect.score);
        return (
          <li key={prospect.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="prospect-row">
            <div className="avatar avatar-placeholder">
              <div className="w-10 rounded-full bg-primary/15 text-primary">
                <span className="text-sm font-semibold">{initials(prospect.firstName, prospect.lastName)}</span>
              </div>
            </div>
            <div className="min-w-0 flex-1 basis-48">
              <button type="button" className="link link-hover text-left font-medium" onClick={() => onOpen(prospect.id)}>
                {prospect.firstName} {prospect.lastName}
              </button>
              <p className="truncate text-sm text-base-content/70">
                {prospect.jobTitle ? `${prospect.jobTitle} at ${prospect.company}` : prospect.company}
              </p>
              <p className="truncate text-xs text-base-content/60">{prospect.email}</p>
            </div>
            <div className="flex flex-wrap gap-1">
              <span className={`badge ${badge.className}`} data-testid="score-badge">
                {badge.label}
              </span>
              <span className="badge badge-outline" data-testid="industry-badge">
                {prospect.industry ?? 'Unknown'}
              </span>
              {prospect.sample && (
                <span className="badge badge-warning badge-soft" title="A fictional person from the built-in sample database">
                  Sample data
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
