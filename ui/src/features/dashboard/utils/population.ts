import type { Experiment } from '../api/experiments-api.ts';

/** Who takes part in an experiment (the API's shape, the same in a new experiment's body). */
type Population = Experiment['population'];

/** A "Who takes part" option's value: `workspace`, `campaign:<id>` or `slice:<name>` (a slice's name may hold any character). */
export function populationOption(population: Population): string {
  if (population.kind === 'campaign') return `campaign:${population.campaignId}`;
  if (population.kind === 'slice') return `slice:${population.slice}`;
  return 'workspace';
}

/** The population an option's value stands for (populationOption's inverse). */
export function populationOf(option: string): Population {
  if (option.startsWith('campaign:')) return { kind: 'campaign', campaignId: Number(option.slice('campaign:'.length)) };
  if (option.startsWith('slice:')) return { kind: 'slice', slice: option.slice('slice:'.length) };
  return { kind: 'workspace' };
}

/** Who takes part, in words on an experiment's card: its campaign's name (its id while names load), its ICP slice, or everybody. */
export function populationWords(population: Experiment['population'], campaigns: ReadonlyMap<number, string>): string {
  if (population.kind === 'campaign') return `campaign ${campaigns.get(population.campaignId) ?? population.campaignId}`;
  if (population.kind === 'slice') return `ICP slice ${population.slice}`;
  return 'every prospect';
}
