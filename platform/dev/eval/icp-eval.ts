// The ICP half of the eval, on each labelled set of fixture sites: the real research activity
// reads every site (eval-research.ts), the ICP builder profiles each customer and builds an ICP
// per workspace of customers, and each profile is compared with its site's labels.
// - The development set (plugins/research/fixtures/icp-eval, one workspace of all its sites) is
//   in-sample: its sites were written together with the extractors they score, which were
//   generalised by working through its misses.
// - The held-out set (plugins/research/fixtures/held-out, ten workspaces in its groups.json) was
//   generated without reading the extractors and is never used to tune them (see its README).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildIcp } from '../../src/features/prospecting/icp/analyze.ts';
import { profileCustomer } from '../../src/features/prospecting/icp/profile.ts';
import type { SiteOutcome } from '../../src/features/prospecting/icp/research-sites.ts';
import { researchEvalSites } from './eval-research.ts';
import { EVAL_SITES_DIR } from './eval-sites.ts';
import { HELD_OUT_DIR } from './held-out/generate.ts';
import { figure, scoreSite, sumTallies, type FieldTally, type SiteScore } from './icp-metrics.ts';

/** A labelled set of fixture sites. */
export interface EvalSet {
  /** How reports name it. */
  name: string;
  dir: string;
}

export const DEVELOPMENT_SET: EvalSet = { name: 'development set (in-sample)', dir: EVAL_SITES_DIR };
export const HELD_OUT_SET: EvalSet = { name: 'held-out set', dir: HELD_OUT_DIR };

/** The set's workspaces (its groups.json: name → sites); without one, one workspace of every site. */
export function evalGroups(set: EvalSet, sites: readonly string[]): Record<string, string[]> {
  const file = join(set.dir, 'groups.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>) : { all: [...sites] };
}

/** The fields measured, in the order they are reported. */
export const ICP_FIELDS = ['industry', 'size', 'tech', 'titles', 'pains'] as const;
export type IcpField = (typeof ICP_FIELDS)[number];

/** What the ICP eval measured. */
export interface IcpEvalResult {
  sites: number;
  /** 0–1 per field: industry and size accuracy, business-tech and titles F1 (a role only hired counts against it), pains recall. */
  fields: Record<IcpField, number>;
  tallies: Record<IcpField, FieldTally>;
  /** Mean of the five fields. */
  overall: number;
  /** Per site, what differed from its labels. */
  misses: Record<string, string[]>;
  /** Labelled infrastructure that became a business tool, per site (must be none). */
  infrastructureLeaks: string[];
  /** The set measured, as reports name it. */
  set: string;
  /** Workspaces whose ICP was built (one per group of customer sites). */
  groups: number;
  /** The ICPs built, one per workspace: their slices' names. */
  slices: string[];
  seconds: number;
}

/** Runs the ICP eval over every labelled site of a set (the development set unless named). */
export async function runIcpEval(set: EvalSet = DEVELOPMENT_SET): Promise<IcpEvalResult> {
  const started = performance.now();
  const sites = await researchEvalSites(set.dir);
  const scores = new Map(sites.map(({ site, url, label, research }) => [site, scoreSite(profileCustomer(url, research), label)]));
  const groups = evalGroups(
    set,
    sites.map(({ site }) => site),
  );
  const slices = Object.values(groups).flatMap((members) => {
    const outcomes: SiteOutcome[] = sites
      .filter(({ site }) => members.includes(site))
      .map(({ url, research }) => ({ url, ok: true, research }));
    return buildIcp(
      outcomes,
      outcomes.map((outcome) => outcome.url),
      new Date(),
    ).icpSlices;
  });
  return summarise(set, Object.keys(groups).length, scores, slices, (performance.now() - started) / 1000);
}

function summarise(
  set: EvalSet,
  groups: number,
  scores: Map<string, SiteScore>,
  slices: ReturnType<typeof buildIcp>['icpSlices'],
  seconds: number,
): IcpEvalResult {
  const all = [...scores.values()];
  const tallies = Object.fromEntries(ICP_FIELDS.map((field) => [field, sumTallies(all.map((score) => score[field]))])) as Record<
    IcpField,
    FieldTally
  >;
  const fields = Object.fromEntries(ICP_FIELDS.map((field) => [field, figure(tallies[field])])) as Record<IcpField, number>;
  return {
    set: set.name,
    groups,
    sites: scores.size,
    fields,
    tallies,
    overall: ICP_FIELDS.reduce((sum, field) => sum + fields[field], 0) / ICP_FIELDS.length,
    misses: Object.fromEntries([...scores].filter(([, score]) => score.misses.length > 0).map(([site, score]) => [site, score.misses])),
    infrastructureLeaks: [...scores].flatMap(([site, score]) => score.infrastructureLeaks.map((tech) => `${site}: ${tech}`)),
    slices: slices.map((slice) => slice.name),
    seconds,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The ICP section of the eval report, as lines. */
export function icpReport(result: IcpEvalResult, { verbose = false } = {}): string[] {
  const describe: Record<IcpField, string> = {
    industry: 'industry accuracy',
    size: 'size band accuracy',
    tech: 'business tech F1',
    titles: 'titles F1',
    pains: 'pains recall',
  };
  const tallyText = (tally: FieldTally) =>
    `${tally.hits}/${tally.total}${tally.falsePositives === undefined ? '' : `, ${tally.falsePositives} not labelled`}`;
  return [
    `ICP on the ${result.set}: ${result.sites} sites (${result.seconds.toFixed(1)} s)`,
    ...ICP_FIELDS.map(
      (field) => `  ${describe[field].padEnd(20)} ${percent(result.fields[field]).padStart(6)}  (${tallyText(result.tallies[field])})`,
    ),
    `  ${'overall'.padEnd(20)} ${percent(result.overall).padStart(6)}  (mean of the five)`,
    `  infrastructure in business tools: ${result.infrastructureLeaks.length === 0 ? 'none' : result.infrastructureLeaks.join(', ')}`,
    result.groups === 1
      ? `  ICP from all ${result.sites}: ${result.slices.length} slices`
      : `  ICPs of ${result.groups} workspaces (groups.json): ${result.slices.length} slices`,
    ...(verbose ? Object.entries(result.misses).map(([site, misses]) => `  ${site}: ${misses.join('; ')}`) : []),
  ];
}
