// The ICP half of the eval: the real research activity reads every fixture site (eval-research.ts),
// the ICP builder profiles each customer and builds the ICP from all of them, and each profile is
// compared with its site's labels. The figures are the ICP builder's accuracy on sites nobody
// tuned it for.
import { buildIcp } from '../../src/features/prospecting/icp/analyze.ts';
import { profileCustomer } from '../../src/features/prospecting/icp/profile.ts';
import type { SiteOutcome } from '../../src/features/prospecting/icp/research-sites.ts';
import { researchEvalSites } from './eval-research.ts';
import { figure, scoreSite, sumTallies, type FieldTally, type SiteScore } from './icp-metrics.ts';

/** The fields measured, in the order they are reported. */
export const ICP_FIELDS = ['industry', 'size', 'tech', 'titles', 'pains'] as const;
export type IcpField = (typeof ICP_FIELDS)[number];

/** What the ICP eval measured. */
export interface IcpEvalResult {
  sites: number;
  /** 0–1 per field: industry and size accuracy, business-tech F1, titles and pains recall. */
  fields: Record<IcpField, number>;
  tallies: Record<IcpField, FieldTally>;
  /** Mean of the five fields. */
  overall: number;
  /** Per site, what differed from its labels. */
  misses: Record<string, string[]>;
  /** Labelled infrastructure that became a business tool, per site (must be none). */
  infrastructureLeaks: string[];
  /** The ICP built from all the sites: its slices' names. */
  slices: string[];
  seconds: number;
}

/** Runs the ICP eval over every labelled fixture site. */
export async function runIcpEval(): Promise<IcpEvalResult> {
  const started = performance.now();
  const sites = await researchEvalSites();
  const outcomes: SiteOutcome[] = sites.map(({ url, research }) => ({ url, ok: true, research }));
  const scores = new Map(sites.map(({ site, url, label, research }) => [site, scoreSite(profileCustomer(url, research), label)]));
  const icp = buildIcp(
    outcomes,
    outcomes.map((outcome) => outcome.url),
    new Date(),
  );
  return summarise(scores, icp.icpSlices, (performance.now() - started) / 1000);
}

function summarise(scores: Map<string, SiteScore>, slices: ReturnType<typeof buildIcp>['icpSlices'], seconds: number): IcpEvalResult {
  const all = [...scores.values()];
  const tallies = Object.fromEntries(ICP_FIELDS.map((field) => [field, sumTallies(all.map((score) => score[field]))])) as Record<
    IcpField,
    FieldTally
  >;
  const fields = Object.fromEntries(ICP_FIELDS.map((field) => [field, figure(tallies[field])])) as Record<IcpField, number>;
  return {
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
    titles: 'titles recall',
    pains: 'pains recall',
  };
  const tallyText = (tally: FieldTally) =>
    `${tally.hits}/${tally.total}${tally.falsePositives === undefined ? '' : `, ${tally.falsePositives} not labelled`}`;
  return [
    `ICP on ${result.sites} eval sites (${result.seconds.toFixed(1)} s)`,
    ...ICP_FIELDS.map(
      (field) => `  ${describe[field].padEnd(20)} ${percent(result.fields[field]).padStart(6)}  (${tallyText(result.tallies[field])})`,
    ),
    `  ${'overall'.padEnd(20)} ${percent(result.overall).padStart(6)}  (mean of the five)`,
    `  infrastructure in business tools: ${result.infrastructureLeaks.length === 0 ? 'none' : result.infrastructureLeaks.join(', ')}`,
    `  ICP from all ${result.sites}: ${result.slices.length} slices`,
    ...(verbose ? Object.entries(result.misses).map(([site, misses]) => `  ${site}: ${misses.join('; ')}`) : []),
  ];
}
