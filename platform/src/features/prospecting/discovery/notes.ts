import type { IcpCriteria } from '@meetflow/plugin-sdk';
import type { DiscoverySource, SourceOutcome } from './sources.ts';

const count = (n: number, what: string) => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;
const people = (n: number) => (n === 1 ? '1 person' : `${n.toLocaleString('en-US')} people`);

function outcomeNote(outcome: SourceOutcome, sourceNames: ReadonlyMap<DiscoverySource, string>): string {
  const names = outcome.sources.map((source) => sourceNames.get(source) ?? source).join(', ');
  if (!outcome.ok) return `${names} could not be searched: ${outcome.reason}`;
  if (outcome.sample) {
    return `${names}: not configured, so ${people(outcome.people.length)} came from the built-in sample database (sample data, not the provider's).`;
  }
  const total =
    outcome.sourceTotal === null
      ? 'the provider does not say how many match'
      : `of ${outcome.sourceTotal.toLocaleString('en-US')} matching at the provider`;
  return `${names}: ${people(outcome.people.length)} (${total}).`;
}

/** What discovery found where, for the person reading the results: each source, merges, relaxed, and why pain points are not scored. */
export function discoveryNotes(input: {
  outcomes: readonly SourceOutcome[];
  sourceNames: ReadonlyMap<DiscoverySource, string>;
  records: number;
  distinct: number;
  relaxed: readonly string[];
  criteria: IcpCriteria;
  confidence: number;
}): string {
  const notes = input.outcomes.map((outcome) => outcomeNote(outcome, input.sourceNames));
  const merged = input.records - input.distinct;
  if (merged > 0) notes.push(`${count(merged, 'duplicate record')} merged (same email, or same name at the same company).`);
  if (input.relaxed.length > 0)
    notes.push(
      `To find enough people the sample database relaxed ${input.relaxed.join(', ')} (people meeting every criterion come first).`,
    );
  if (input.criteria.painPoints.length > 0) {
    notes.push(
      `Pain points (${input.criteria.painPoints.join('; ')}) are passed to the sources but not scored: no source states a company's pains,` +
        ' so they are checked when a prospect is researched (lead scoring then counts a researched pain as intent).',
    );
  }
  notes.push(
    `Confidence ${input.confidence}: half how many criteria the scores rest on, half how complete the records are, times the share of sources that answered.`,
  );
  return notes.join(' ');
}
