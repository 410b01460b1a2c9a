import { NamedIcon } from '../../../components/ui/named-icon.tsx';
import { formatDateTime } from '../../../utils/format.ts';
import type { ActivityEntry } from '../api/types.ts';
import { timeAgo } from '../utils/queue.ts';
import { EmptyNote, Panel } from './panel.tsx';

/** "Recent Activity": what the agents and learning cycles did, newest first. */
export function RecentActivity({ entries, now }: { entries: readonly ActivityEntry[]; now: Date }) {
  return (
    <Panel title="Recent Activity">
      {entries.length === 0 ? (
        <EmptyNote>No activity yet: learning cycles and agent work are logged here as they happen.</EmptyNote>
      ) : (
        <ul className="flex flex-col divide-y divide-base-200">
          {entries.map((entry, index) => (
            <li key={`${entry.time}-${index}`} className="py-2" data-testid="activity-entry">
              <div className="flex items-baseline justify-between gap-2">
                <span className="flex items-center gap-1.5 font-medium">
                  <NamedIcon name={entry.icon} className="size-4 shrink-0 text-base-content/60" />
                  {entry.title}
                </span>
                <time className="shrink-0 text-xs text-base-content/60" dateTime={entry.time} title={formatDateTime(entry.time)}>
                  {timeAgo(entry.time, now)}
                </time>
              </div>
              <p className="text-sm text-base-content/70">{entry.description}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
