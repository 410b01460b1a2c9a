import type { SuppressionPage } from '../api/suppressions-api.ts';
import { reasonLabel } from '../utils/suppression-view.ts';
import { formatNumber } from '../../../utils/format.ts';

/** Reasons shown with a count of their own; the rest are added up as "Other reasons". */
const SHOWN_REASONS = 4;

/** The whole list counted: every entry, then by reason (most first), whatever the search and filter. */
export function ReasonCounts({ byReason }: { byReason: SuppressionPage['byReason'] }) {
  const total = byReason.reduce((sum, { count }) => sum + count, 0);
  const shown = byReason.slice(0, SHOWN_REASONS);
  const others = byReason.slice(SHOWN_REASONS);
  const tiles = [
    { label: 'On the list', count: total },
    ...shown.map(({ reason, count }) => ({ label: reasonLabel(reason), count })),
    ...(others.length > 0
      ? [
          {
            label: others.length === 1 ? '1 other reason' : `${others.length} other reasons`,
            count: others.reduce((sum, { count }) => sum + count, 0),
          },
        ]
      : []),
  ];
  return (
    <ul className="grid grid-cols-3 gap-2 sm:gap-3 lg:grid-cols-6" aria-label="Entries by reason" data-testid="reason-counts">
      {tiles.map(({ label, count }, index) => (
        <li
          key={label}
          className={`rounded-box bg-base-100 px-3 py-2 shadow-sm sm:px-4 sm:py-3 ${index === 0 ? 'ring-1 ring-primary/20' : ''}`}
        >
          <p className="text-xl font-semibold tabular-nums sm:text-2xl">{formatNumber(count)}</p>
          <p className="line-clamp-2 text-xs wrap-break-word text-base-content/70 sm:text-sm" title={label}>
            {label}
          </p>
        </li>
      ))}
    </ul>
  );
}
