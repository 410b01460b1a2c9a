import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useToast } from '../../../lib/toast.ts';
import { formatNumber } from '../../../utils/format.ts';
import { workspaceIcpQueryOptions } from '../../icp/index.ts';
import { addProspect, refreshProspectLists } from '../api/add-prospect.ts';
import type { DiscoverProspectsResponse, DiscoverySourceId, DiscoveredProspect } from '../api/types.ts';
import { newProspectOf } from '../utils/new-prospect.ts';
import { sliceOfIndustry, type Reviewable } from '../utils/review-filter.ts';
import { isDuplicate, type PipelineState } from './add-to-pipeline-button.tsx';
import { DiscoveryFloor } from './discovery-floor.tsx';
import { DiscoveryReview } from './discovery-review.tsx';
import { DiscoverySummary } from './discovery-summary.tsx';
import { ProspectCard } from './prospect-card.tsx';

interface DiscoveryResultsProps {
  result: DiscoverProspectsResponse;
  sourcesUsed: readonly DiscoverySourceId[];
  /** Discover again listing the people below the quality floor too. */
  onIncludeBelowFloor?: () => void;
  busy?: boolean;
}

/** A discovered person in the review: their card's key, match score and the ICP slice their industry fits. */
type Found = Reviewable & { prospect: DiscoveredProspect };

// The same person keeps their place in the pipeline ("In pipeline") when a new discovery finds them again.
const cardKey = (prospect: DiscoveredProspect) => prospect.email ?? `${prospect.firstName} ${prospect.lastName} @ ${prospect.company}`;

/** Adds at a time when adding the selection. */
const ADDING_AT_ONCE = 4;

/**
 * The summary, then everyone found in one scrolling list (best match first), each a card with a
 * checkbox: filter by score and ICP slice, select all of them, and add the selection to the pipeline.
 */
export function DiscoveryResults({ result, sourcesUsed, onIncludeBelowFloor, busy }: DiscoveryResultsProps) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const slices = useQuery(workspaceIcpQueryOptions()).data?.icpSlices ?? [];
  const people = useMemo<Found[]>(
    () =>
      result.prospects.map((prospect) => ({
        key: cardKey(prospect),
        matchScore: prospect.matchScore,
        slice: sliceOfIndustry(prospect.industry, slices),
        prospect,
      })),
    [result, slices],
  );
  const [pipeline, setPipeline] = useState<ReadonlyMap<string, PipelineState>>(new Map());
  // The selection belongs to one answer: a new discovery starts with none.
  const [selection, setSelection] = useState<{ result: DiscoverProspectsResponse; keys: ReadonlySet<string> }>({ result, keys: new Set() });
  const selected = selection.result === result ? selection.keys : new Set<string>();
  const [adding, setAdding] = useState<{ done: number; total: number } | null>(null);
  const select = (keys: ReadonlySet<string>) => setSelection({ result, keys });
  const know = (key: string, state: PipelineState) => setPipeline((current) => new Map(current).set(key, state));

  const addable = people.filter((person) => selected.has(person.key) && !pipeline.has(person.key) && newProspectOf(person.prospect));
  const addSelected = async () => {
    const queue = [...addable];
    const counts = { added: 0, duplicate: 0, failed: 0 };
    let firstError: string | null = null;
    setAdding({ done: 0, total: queue.length });
    const worker = async () => {
      for (let person = queue.shift(); person; person = queue.shift()) {
        try {
          await addProspect(newProspectOf(person.prospect)!);
          know(person.key, 'added');
          counts.added++;
        } catch (error) {
          if (isDuplicate(error)) {
            know(person.key, 'duplicate');
            counts.duplicate++;
          } else {
            counts.failed++;
            firstError ??= error instanceof Error ? error.message : String(error);
          }
        }
        setAdding((current) => current && { ...current, done: current.done + 1 });
      }
    };
    await Promise.all(Array.from({ length: ADDING_AT_ONCE }, worker));
    setAdding(null);
    void refreshProspectLists(queryClient);
    const done = `${formatNumber(counts.added)} added, ${formatNumber(counts.duplicate)} already there`;
    toast(
      counts.failed === 0
        ? { title: 'Added to the pipeline', description: `${done}.`, tone: 'success' }
        : { title: 'Some could not be added', description: `${done}, ${formatNumber(counts.failed)} failed: ${firstError}`, tone: 'error' },
    );
  };

  const withoutEmail = people.filter((person) => selected.has(person.key) && !person.prospect.email).length;
  return (
    <div className="flex flex-col gap-4">
      <DiscoverySummary result={result} sourcesUsed={sourcesUsed} />
      <DiscoveryFloor answers={[result]} onIncludeBelowFloor={onIncludeBelowFloor} busy={busy} />
      {people.length === 0 ? (
        <p className="text-base-content/70">No one matched these criteria. Loosen them (fewer job titles, a wider size) and try again.</p>
      ) : (
        <DiscoveryReview
          people={people}
          label="Discovered prospects"
          selected={selected}
          onSelectedChange={select}
          nameOf={(person) => `${person.prospect.firstName} ${person.prospect.lastName}`}
          renderPerson={(person) => (
            <ProspectCard
              prospect={person.prospect}
              pipelineState={pipeline.get(person.key)}
              onPipelineState={(state) => know(person.key, state)}
            />
          )}
          estimateSize={320}
          maxHeight="80vh"
          cards
          actions={
            <>
              {withoutEmail > 0 && (
                <span className="self-center text-xs text-base-content/70">
                  {formatNumber(withoutEmail)} without an email cannot be added
                </span>
              )}
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={addable.length === 0 || adding !== null}
                onClick={() => void addSelected()}
              >
                {adding
                  ? `Adding ${formatNumber(adding.done)} of ${formatNumber(adding.total)}…`
                  : `Add ${formatNumber(addable.length)} to the pipeline`}
              </button>
            </>
          }
        />
      )}
    </div>
  );
}
