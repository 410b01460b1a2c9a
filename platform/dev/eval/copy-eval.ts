// The copy half of the eval: one prospect per fixture site (eval-research.ts reads the sites),
// each written a sequence for the sample offer by the outreach plugin's writeSequence activity
// as the worker runs it (default config: the move writer, no language model). The figures are
// the writer's on the development set's companies (in-sample: the writer was worked on with them
// in view): sequences the copy lint refused, claims no fact or offer backs, and how template-like
// the campaign reads.
import {
  lintEmail,
  OfferSchema,
  outreachPlugin,
  type CampaignOpeners,
  type OfferInput,
  type WriteSequenceOutput,
} from '@meetflow/plugin-outreach';
import { runActivity } from '@meetflow/plugin-sdk/testing';
import { ApplicationFailure } from '@temporalio/common';
import { SAMPLE_OFFER } from '../../src/features/prospecting/offer/sample-offer.ts';
import { BATTERY_SIZE, generatedOffers } from './copy-battery.ts';
import {
  evalProspect,
  MAX_OPENER_KIND_SHARE,
  openerKindShares,
  REPEATABLE_MOVES,
  sentenceShares,
  type SentenceShare,
} from './copy-metrics.ts';
import { researchEvalSites, type ResearchedSite } from './eval-research.ts';
import { HELD_OUT_DIR } from './held-out/generate.ts';

/** The issue's target: no sentence but the offer line in more than this share of a campaign's emails. */
export const MAX_REPEATED_SHARE = 0.2;

/** One problem with one prospect's copy. */
export interface CopyProblem {
  site: string;
  reason: string;
}

/** The figures of one campaign: one offer written to many prospects. */
export interface CampaignFigures {
  prospects: number;
  emails: number;
  /** Returned emails with at least one sentence citing a researched fact. */
  personalised: number;
  /** Sequences the writer refused (CopyLintFailed), each reason as the failure lists it. */
  refused: CopyProblem[];
  /** What lintEmail finds in the returned emails, each step checked again (must be none). */
  lintProblems: CopyProblem[];
  /** Claims no cited fact, the offer or the prospect record backs: refused sequences' and returned emails'. */
  unsupportedClaims: CopyProblem[];
  /** Grammar-gate problems: refused sequences' and returned emails'. */
  grammarProblems: CopyProblem[];
  /** Every distinct sentence, most shared first. */
  sentences: SentenceShare[];
  /** The most shared sentence that is not the offer line or the signature (null when there are no emails). */
  mostRepeated: SentenceShare | null;
  /** How often each kind of fact opens a first email, most frequent first. */
  openerKinds: Array<{ kind: string; count: number; share: number }>;
}

/** What the copy eval measured: the sample offer on every development-set site, on every held-out site, and the battery of generated offers. */
export interface CopyEvalResult extends CampaignFigures {
  /** The development set written as one batch (every prospect given zero counts, as lagging counts may be): the opener kinds. */
  atOnce: Pick<CampaignFigures, 'openerKinds'>;
  /** The sample offer written to one prospect per held-out site (measured only: the writer is never tuned on it). */
  heldOut: CampaignFigures;
  /** The battery: each generated offer a campaign to BATTERY_PROSPECTS sites. */
  battery: {
    offers: number;
    prospectsPerOffer: number;
    /** Every campaign's figures, in the battery's order. */
    campaigns: CampaignFigures[];
  };
  seconds: number;
}

type Written =
  { site: string; output: WriteSequenceOutput; lint: string[]; research: ResearchedSite['research'] } | { site: string; refused: string[] };

const OFFER = OfferSchema.parse(SAMPLE_OFFER);
const { minFactConfidence } = outreachPlugin.manifest.config.parse({});
/** How many eval sites each generated offer is written to (a different run of sites per offer). */
export const BATTERY_PROSPECTS = 10;

async function writeFor(
  { site, label, research }: ResearchedSite,
  index: number,
  offerInput: OfferInput = SAMPLE_OFFER,
  campaignOpeners?: CampaignOpeners,
): Promise<Written> {
  const offer = OfferSchema.parse(offerInput);
  const prospect = evalProspect(site, index, label, research, offer.personas.titles[0] ?? 'VP of Sales');
  try {
    const output = await runActivity(outreachPlugin, 'writeSequence', {
      prospect,
      research,
      offer: offerInput,
      ...(campaignOpeners ? { campaignOpeners } : {}),
    });
    // The double check sees only the facts confident enough for the writer to quote, so a
    // sentence citing one below the floor is reported as citing no fact.
    const facts = research.facts.filter((fact) => fact.confidence >= minFactConfidence);
    const lint = output.sequence.flatMap((email) =>
      lintEmail(email, { facts, offer, prospect }).map(({ rule, reason }) => `step ${email.step} (${rule}): ${reason}`),
    );
    return { site, output, lint, research };
  } catch (error) {
    if (!(error instanceof ApplicationFailure) || error.type !== 'CopyLintFailed') throw error;
    return { site, refused: (error.details?.[0] as string[] | undefined) ?? [error.message] };
  }
}

/**
 * A campaign: its prospects written in order, each given the opener kinds of the first emails
 * written before it, as the platform passes them to the copy step (counted from the sequences'
 * recorded `openerKind`).
 */
async function writeCampaign(prospects: ReadonlyArray<{ site: ResearchedSite; index: number }>, offer?: OfferInput): Promise<Written[]> {
  const counts: CampaignOpeners = { firstEmails: 0, kinds: {} };
  const written: Written[] = [];
  for (const { site, index } of prospects) {
    const one = await writeFor(site, index, offer, { firstEmails: counts.firstEmails, kinds: { ...counts.kinds } });
    if ('output' in one) {
      counts.firstEmails += 1;
      const kind = one.output.openerKind;
      if (kind) counts.kinds[kind] = (counts.kinds[kind] ?? 0) + 1;
    }
    written.push(one);
  }
  return written;
}

/** One campaign's figures from its written sequences. */
function figuresOf(written: readonly Written[]): CampaignFigures {
  const refused = written.flatMap((one) => ('refused' in one ? one.refused.map((reason) => ({ site: one.site, reason })) : []));
  const lintProblems = written.flatMap((one) => ('lint' in one ? one.lint.map((reason) => ({ site: one.site, reason })) : []));
  const returned = written.filter((one): one is Extract<Written, { output: WriteSequenceOutput }> => 'output' in one);
  const emails = returned.flatMap((one) => one.output.sequence);
  const sentences = sentenceShares(emails);
  const problems = [...refused, ...lintProblems];
  return {
    prospects: written.length,
    emails: emails.length,
    personalised: emails.filter((email) => email.sentences.some((sentence) => sentence.factIds.length > 0)).length,
    refused,
    lintProblems,
    unsupportedClaims: problems.filter(({ reason }) => reason.includes('(grounding):')),
    grammarProblems: problems.filter(({ reason }) => reason.includes('(grammar):')),
    sentences,
    mostRepeated: sentences.find((sentence) => !sentence.repeatable) ?? null,
    openerKinds: openerKindShares(
      returned.map((one) => ({
        emails: one.output.sequence,
        kindOf: (id: string) => one.research.facts.find((fact) => fact.id === id)?.kind,
      })),
    ),
  };
}

/** Runs the copy eval: a sequence for every labelled fixture site's prospect, then the battery of generated offers. */
export async function runCopyEval(): Promise<CopyEvalResult> {
  const started = performance.now();
  const sites = await researchEvalSites();
  const inOrder = (list: readonly ResearchedSite[]) => list.map((site, index) => ({ site, index }));
  const sample = figuresOf(await writeCampaign(inOrder(sites)));
  // The same campaign written at once, as one batch whose counts are all still zero: the hash spread alone.
  const atOnce = figuresOf(
    await Promise.all(sites.map((site, index) => writeFor(site, index, SAMPLE_OFFER, { firstEmails: 0, kinds: {} }))),
  );
  const heldOutSites = await researchEvalSites(HELD_OUT_DIR);
  const heldOut = figuresOf(await writeCampaign(inOrder(heldOutSites)));
  const campaigns: CampaignFigures[] = [];
  for (const [offerIndex, offer] of generatedOffers().entries()) {
    const chosen = Array.from({ length: Math.min(BATTERY_PROSPECTS, sites.length) }, (_, k) => (offerIndex * 7 + k) % sites.length);
    campaigns.push(
      figuresOf(
        await writeCampaign(
          chosen.map((siteIndex) => ({ site: sites[siteIndex]!, index: siteIndex })),
          offer,
        ),
      ),
    );
  }
  return {
    ...sample,
    atOnce: { openerKinds: atOnce.openerKinds },
    heldOut,
    battery: { offers: BATTERY_SIZE, prospectsPerOffer: Math.min(BATTERY_PROSPECTS, sites.length), campaigns },
    seconds: (performance.now() - started) / 1000,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const quoted = (text: string, max = 90) => `"${text.length > max ? `${text.slice(0, max - 1)}…` : text}"`.replace(/\n/g, ' / ');
const shareLine = (sentence: SentenceShare) =>
  `${percent(sentence.share).padStart(6)}  (${sentence.emails} emails, ${sentence.moves.join('/') || 'no move'}) ${quoted(sentence.text)}`;

/** The copy section of the eval report, as lines. */
export function copyReport(result: CopyEvalResult, { verbose = false } = {}): string[] {
  const refusedSites = new Set(result.refused.map((problem) => problem.site));
  const counted = result.sentences.filter((sentence) => !sentence.repeatable);
  const repeatable = result.sentences.filter((sentence) => sentence.repeatable);
  const problems = (title: string, list: readonly CopyProblem[]) =>
    list.length === 0 ? [] : [`  ${title}:`, ...list.map(({ site, reason }) => `    ${site}: ${reason}`)];
  return [
    `Copy on ${result.prospects} eval sites, one prospect each, sample offer (${result.seconds.toFixed(1)} s)`,
    `  ${'sequences refused'.padEnd(28)} ${refusedSites.size}/${result.prospects}`,
    `  ${'emails citing a fact'.padEnd(28)} ${result.personalised}/${result.emails}`,
    `  ${'lint problems, re-linted'.padEnd(28)} ${result.lintProblems.length}  (lintEmail on ${result.emails} returned emails)`,
    `  ${'unsupported claims'.padEnd(28)} ${result.unsupportedClaims.length}`,
    `  ${'most repeated sentence'.padEnd(28)} ${result.mostRepeated ? percent(result.mostRepeated.share) : 'n/a'}  (target ≤ ${percent(MAX_REPEATED_SHARE)}; ${REPEATABLE_MOVES.join(' and ')} lines aside)`,
    ...counted.slice(0, verbose ? 15 : 5).map((sentence) => `    ${shareLine(sentence)}`),
    `  ${`${REPEATABLE_MOVES.join(' and ')} lines`.padEnd(28)} up to ${percent(repeatable[0]?.share ?? 0)}  (${repeatable.length} distinct)`,
    ...(verbose ? repeatable.slice(0, 10).map((sentence) => `    ${shareLine(sentence)}`) : []),
    `  ${'grammar-gate problems'.padEnd(28)} ${result.grammarProblems.length}`,
    `  ${'most common opener kind'.padEnd(28)} ${openerLine(result.openerKinds)}`,
    `  ${'  written as one batch'.padEnd(28)} ${openerLine(result.atOnce.openerKinds)}`,
    ...problems('refused', result.refused),
    ...problems('returned emails that fail the lint', result.lintProblems),
    ...heldOutReport(result.heldOut),
    ...batteryReport(result.battery, verbose),
  ];
}

const openerLine = (kinds: CampaignFigures['openerKinds']) =>
  kinds[0]
    ? `${percent(kinds[0].share)} ${kinds[0].kind}  (target ≤ ${percent(MAX_OPENER_KIND_SHARE)}; ${kinds.map(({ kind, count }) => `${kind} ${count}`).join(', ')})`
    : 'n/a';

/** The held-out set's lines: its figures only, never the sentences or sites behind them (it must not be tuned on). */
function heldOutReport(figures: CampaignFigures): string[] {
  return [
    `Copy on the ${figures.prospects} held-out sites, one prospect each, sample offer`,
    `  ${'sequences refused'.padEnd(28)} ${new Set(figures.refused.map((problem) => problem.site)).size}/${figures.prospects}`,
    `  ${'emails citing a fact'.padEnd(28)} ${figures.personalised}/${figures.emails}`,
    `  ${'lint problems, re-linted'.padEnd(28)} ${figures.lintProblems.length}`,
    `  ${'unsupported claims'.padEnd(28)} ${figures.unsupportedClaims.length}`,
    `  ${'grammar-gate problems'.padEnd(28)} ${figures.grammarProblems.length}`,
    `  ${'most repeated sentence'.padEnd(28)} ${figures.mostRepeated ? percent(figures.mostRepeated.share) : 'n/a'}  (target ≤ ${percent(MAX_REPEATED_SHARE)})`,
    `  ${'most common opener kind'.padEnd(28)} ${openerLine(figures.openerKinds)}`,
  ];
}

/** The battery's lines: totals over its campaigns and the worst campaign's shares. */
function batteryReport(battery: CopyEvalResult['battery'], verbose: boolean): string[] {
  const all = battery.campaigns;
  const sum = (pick: (one: CampaignFigures) => number) => all.reduce((total, one) => total + pick(one), 0);
  const worst = (pick: (one: CampaignFigures) => number) => Math.max(0, ...all.map(pick));
  const listed = (pick: (one: CampaignFigures) => CopyProblem[]) =>
    all.flatMap((one, index) => pick(one).map((problem) => `    offer ${index + 1}, ${problem.site}: ${problem.reason}`));
  return [
    `Copy on a battery of ${battery.offers} GENERATED offers (copy-battery.ts), ${battery.prospectsPerOffer} eval-site prospects each`,
    `  ${'sequences refused'.padEnd(28)} ${sum((one) => new Set(one.refused.map((problem) => problem.site)).size)}/${sum((one) => one.prospects)}`,
    `  ${'grammar-gate problems'.padEnd(28)} ${sum((one) => one.grammarProblems.length)}`,
    `  ${'unsupported claims'.padEnd(28)} ${sum((one) => one.unsupportedClaims.length)}`,
    `  ${'lint problems, re-linted'.padEnd(28)} ${sum((one) => one.lintProblems.length)}`,
    `  ${'most repeated sentence'.padEnd(28)} ${percent(worst((one) => one.mostRepeated?.share ?? 0))}  (worst campaign; target ≤ ${percent(MAX_REPEATED_SHARE)})`,
    `  ${'most common opener kind'.padEnd(28)} ${percent(worst((one) => one.openerKinds[0]?.share ?? 0))}  (worst campaign; target ≤ ${percent(MAX_OPENER_KIND_SHARE)})`,
    ...(verbose ? [...listed((one) => one.refused), ...listed((one) => one.lintProblems)] : listed((one) => one.refused).slice(0, 10)),
    ...(verbose ? worstCampaigns(all) : []),
  ];
}

/** The three campaigns with the most repeated sentence, each with its five most repeated sentences and its opener kinds. */
function worstCampaigns(campaigns: readonly CampaignFigures[]): string[] {
  const ranked = campaigns
    .map((figures, index) => ({ figures, index }))
    .sort((a, b) => (b.figures.mostRepeated?.share ?? 0) - (a.figures.mostRepeated?.share ?? 0) || a.index - b.index)
    .slice(0, 3);
  return ranked.flatMap(({ figures, index }) => [
    `  offer ${index + 1}: opener kinds ${openerLine(figures.openerKinds)}`,
    ...figures.sentences
      .filter((sentence) => !sentence.repeatable)
      .slice(0, 5)
      .map((sentence) => `    ${shareLine(sentence)}`),
  ]);
}
