import { DiscoveryReview } from '../../discovery/index.ts';
import type { ReviewedPerson } from '../utils/campaign.ts';

/**
 * The found people, best match first, each with why it matched, in one scrolling list however
 * many: filter by score and slice, and choose who is launched (everyone, to begin with).
 */
export function ReviewList({
  people,
  selected,
  onSelectedChange,
}: {
  people: readonly ReviewedPerson[];
  selected: ReadonlySet<string>;
  onSelectedChange: (next: Set<string>) => void;
}) {
  if (people.length === 0)
    return (
      <p className="text-sm text-base-content/70">Nobody to review: widen the slices, raise the sources, or lower what is left out.</p>
    );
  return (
    <DiscoveryReview
      people={people}
      label="Found prospects"
      selected={selected}
      onSelectedChange={onSelectedChange}
      nameOf={(person) => `${person.firstName} ${person.lastName}`}
      renderPerson={(person) => <ReviewedRow person={person} chosen={selected.has(person.key)} />}
      estimateSize={84}
      maxHeight="32rem"
    />
  );
}

/** One person: their match score, who and where, their slice, and why they matched. */
function ReviewedRow({ person, chosen }: { person: ReviewedPerson; chosen: boolean }) {
  return (
    <div className={`flex items-start gap-3 text-sm ${chosen ? '' : 'opacity-60'}`} data-testid="review-person">
      <span className="badge badge-primary badge-sm mt-0.5 tabular-nums" title="Match score">
        {person.matchScore}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {person.firstName} {person.lastName}
          {person.sample && <span className="badge badge-warning badge-xs ml-2">Sample data</span>}
        </p>
        <p className="text-xs text-base-content/70 wrap-anywhere">
          {person.jobTitle} at {person.company} · {person.email}
        </p>
        <p className="text-xs text-base-content/60 wrap-anywhere">
          <span className="font-medium">{person.slice}</span> · {person.matchReason}
        </p>
      </div>
    </div>
  );
}
