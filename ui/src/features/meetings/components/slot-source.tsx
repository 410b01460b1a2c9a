import { Link } from 'react-router-dom';
import type { SlotSource as Source } from '../api/meetings-api.ts';

/**
 * Where the offered slots come from: the connected calendar they avoid the busy times of (named),
 * or only the meetings booked here (with where to connect one); a calendar that could not be read
 * is a warning saying so.
 */
export function SlotSource({ source, loading = false }: { source: Source | undefined; loading?: boolean }) {
  if (loading)
    return (
      <p className="flex items-center gap-2 text-sm text-base-content/70" data-testid="slot-source-loading">
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        Checking free times…
      </p>
    );
  if (!source) return null;
  if (source.warning)
    return (
      <p role="status" className="text-sm text-amber-800 dark:text-amber-300 wrap-anywhere" data-testid="slot-source">
        <strong>Calendar not read:</strong> {source.warning}
      </p>
    );
  return (
    <p className="text-sm text-base-content/70 wrap-anywhere" data-testid="slot-source">
      {source.calendar ? (
        <>
          Slots avoid the busy times of your calendar, <strong className="text-base-content">{source.calendar.provider}</strong>, and each
          booking is put in it.
        </>
      ) : (
        <>
          Slots avoid only the meetings booked here.{' '}
          <Link to="/settings/integrations" className="link">
            Connect your calendar
          </Link>{' '}
          to avoid its busy times too.
        </>
      )}
    </p>
  );
}
