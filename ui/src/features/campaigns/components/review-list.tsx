import { useState } from 'react';
import type { ReviewedPerson } from '../utils/campaign.ts';
import { formatNumber } from '../../../utils/format.ts';

const STEP = 50;

/** The found people, best match first, each with why it matched; remove any before launching. Shown 50 more at a time. */
export function ReviewList({
  people,
  removed,
  onToggle,
}: {
  people: readonly ReviewedPerson[];
  removed: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  const [shown, setShown] = useState(STEP);
  if (people.length === 0)
    return (
      <p className="text-sm text-base-content/70">Nobody to review: widen the slices, raise the sources, or lower what is left out.</p>
    );
  return (
    <div className="flex flex-col gap-2">
      <ul
        className="flex max-h-[32rem] flex-col divide-y divide-base-200 overflow-y-auto rounded-box border border-base-200 px-3"
        aria-label="Found prospects"
      >
        {people.slice(0, shown).map((person) => {
          const out = removed.has(person.key);
          return (
            <li
              key={person.key}
              className={`flex flex-wrap items-start gap-3 py-2 text-sm ${out ? 'opacity-50' : ''}`}
              data-testid="review-person"
            >
              <span className="badge badge-primary badge-sm mt-0.5 tabular-nums" title="Match score">
                {person.matchScore}
              </span>
              <div className="min-w-0 flex-1">
                <p className={`font-medium ${out ? 'line-through' : ''}`}>
                  {person.firstName} {person.lastName}
                  {person.sample && <span className="badge badge-warning badge-xs ml-2">Sample data</span>}
                </p>
                <p className="text-xs text-base-content/70">
                  {person.jobTitle} at {person.company} · {person.email}
                </p>
                <p className="text-xs text-base-content/60 wrap-anywhere">{person.matchReason}</p>
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={() => onToggle(person.key)}
                aria-label={`${out ? 'Keep' : 'Remove'} ${person.firstName} ${person.lastName}`}
              >
                {out ? 'Keep' : 'Remove'}
              </button>
            </li>
          );
        })}
      </ul>
      {people.length > shown && (
        <button type="button" className="btn btn-ghost btn-sm self-center" onClick={() => setShown(shown + STEP)}>
          Show {Math.min(STEP, people.length - shown)} more ({formatNumber(people.length - shown)} not shown)
        </button>
      )}
      {removed.size > 0 && <p className="text-xs text-base-content/60">{formatNumber(removed.size)} removed from the list.</p>}
    </div>
  );
}
