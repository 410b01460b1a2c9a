import type { DiscoverProspectsResponse, DiscoverySourceId, DiscoveredProspect } from '../api/types.ts';
import { DiscoverySummary } from './discovery-summary.tsx';
import { DiscoveryFloor } from './discovery-floor.tsx';
import { ProspectCard } from './prospect-card.tsx';

interface DiscoveryResultsProps {
  result: DiscoverProspectsResponse;
  sourcesUsed: readonly DiscoverySourceId[];
  /** Discover again listing the people below the quality floor too. */
  onIncludeBelowFloor?: () => void;
  busy?: boolean;
}

// The same person keeps their card (and its "In pipeline" state) when a new discovery finds them again.
const cardKey = (prospect: DiscoveredProspect) => prospect.email ?? `${prospect.firstName} ${prospect.lastName} @ ${prospect.company}`;

/** The summary, then one card per prospect, best match first. */
export function DiscoveryResults({ result, sourcesUsed, onIncludeBelowFloor, busy }: DiscoveryResultsProps) {
  return (
    <div className="flex flex-col gap-4">
      <DiscoverySummary result={result} sourcesUsed={sourcesUsed} />
      <DiscoveryFloor answers={[result]} onIncludeBelowFloor={onIncludeBelowFloor} busy={busy} />
      {result.prospects.length === 0 ? (
        <p className="text-base-content/70">No one matched these criteria. Loosen them (fewer job titles, a wider size) and try again.</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Discovered prospects">
          {result.prospects.map((prospect) => (
            <li key={cardKey(prospect)}>
              <ProspectCard prospect={prospect} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
