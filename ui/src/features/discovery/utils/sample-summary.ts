import type { DiscoveredProspect, DiscoverySourceId } from '../api/types.ts';
import type { DataSource } from './sources.ts';

/** How much of an answer is sample data, and which sources it stood in for. */
export interface SampleSummary {
  sampleCount: number;
  total: number;
  /** The sources answered from the built-in database, in checklist order. */
  sources: DiscoverySourceId[];
}

/** Counts the sample prospects of an answer and the sources they were labelled with. */
export function sampleSummaryOf(prospects: readonly DiscoveredProspect[], list: readonly DataSource[]): SampleSummary {
  const samples = prospects.filter((prospect) => prospect.sample);
  const labelled = new Set(samples.flatMap((prospect) => prospect.sources));
  return {
    sampleCount: samples.length,
    total: prospects.length,
    sources: [
      ...list.map((source) => source.id).filter((id) => labelled.has(id)),
      ...[...labelled].filter((id) => !list.some((source) => source.id === id)),
    ],
  };
}
