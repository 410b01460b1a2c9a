import { formatNumber } from '../../../utils/format.ts';
import type { DiscoverProspectsResponse } from '../api/types.ts';
import { leftOutGroups, REASON_WORDS } from '../utils/left-out.ts';

interface DiscoveryFloorProps {
  /** One answer, or a campaign's answers (one per slice): their counts add up. */
  answers: readonly DiscoverProspectsResponse[];
  /** Discover again with the people below the floor listed too; absent when they already are. */
  onIncludeBelowFloor?: () => void;
  busy?: boolean;
}

/**
 * What discovery did not list, and why: people who matched below the quality floor (with the
 * choice to include them knowingly) and people left out, each named with the reason.
 */
export function DiscoveryFloor({ answers, onIncludeBelowFloor, busy = false }: DiscoveryFloorProps) {
  const first = answers[0];
  if (!first) return null;
  const floor = first.minScore;
  const below = answers.reduce((sum, answer) => sum + answer.belowFloor, 0);
  const included = answers.every((answer) => answer.includeBelowFloor);
  const groups = leftOutGroups(answers);
  const leftOut = groups.reduce((sum, group) => sum + group.count, 0);
  return (
    <div className="flex flex-col gap-2" data-testid="discovery-floor">
      <p className="text-sm">
        Only good fits are listed: a match of <strong>{floor}</strong> or more (the score at which lead scoring qualifies a lead)
        {included ? ', then those below it, as you asked.' : '.'}
      </p>
      {below > 0 && !included && (
        <div
          role="note"
          className="alert alert-info alert-soft flex flex-wrap items-center justify-between gap-2"
          data-testid="below-floor"
        >
          <span>
            <strong>{formatNumber(below)}</strong> more {below === 1 ? 'person' : 'people'} matched below {floor}: they would likely not
            qualify once researched.
          </span>
          {onIncludeBelowFloor && (
            <button type="button" className="btn btn-sm" onClick={onIncludeBelowFloor} disabled={busy}>
              Include {formatNumber(below)} below the floor
            </button>
          )}
        </div>
      )}
      {leftOut > 0 && (
        <details className="text-sm" data-testid="left-out">
          <summary className="cursor-pointer font-medium">
            {formatNumber(leftOut)} left out:{' '}
            {groups.map((group) => `${formatNumber(group.count)} ${REASON_WORDS[group.reason]}`).join(', ')}
          </summary>
          <ul className="mt-2 flex flex-col gap-1">
            {groups.flatMap((group) =>
              group.people.map((person, index) => (
                <li key={`${group.reason}-${person.email ?? person.name}-${index}`}>
                  {person.name}, {person.company}
                  {person.industry ? ` (${person.industry})` : ''}: {REASON_WORDS[group.reason]}
                </li>
              )),
            )}
          </ul>
          {groups.some((group) => group.count > group.people.length) && (
            <p className="mt-1 text-base-content/70">The first of each are named; the counts cover everyone.</p>
          )}
        </details>
      )}
    </div>
  );
}
