// The copy half of the eval: one prospect per fixture site (eval-research.ts reads the sites),
// each written a sequence for the sample offer by the outreach plugin's writeSequence activity
// as the worker runs it (default config: the move writer, no language model). The figures are
// the writer's on companies nobody tuned it for: sequences the copy lint refused, claims no
// fact or offer backs, and how template-like the campaign reads.
import { lintEmail, OfferSchema, outreachPlugin, type WriteSequenceOutput } from '@meetflow/plugin-outreach';
import { runActivity } from '@meetflow/plugin-sdk/testing';
import { ApplicationFailure } from '@temporalio/common';
import { SAMPLE_OFFER } from '../../src/features/prospecting/offer/sample-offer.ts';
import { evalProspect, REPEATABLE_MOVES, sentenceShares, type SentenceShare } from './copy-metrics.ts';
import { researchEvalSites, type ResearchedSite } from './eval-research.ts';

/** The issue's target: no sentence but the offer line in more than this share of a campaign's emails. */
export const MAX_REPEATED_SHARE = 0.2;

/** One problem with one prospect's copy. */
export interface CopyProblem {
  site: string;
  reason: string;
}

/** What the copy eval measured. */
export interface CopyEvalResult {
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
  /** Every distinct sentence, most shared first. */
  sentences: SentenceShare[];
  /** The most shared sentence that is not the offer line or the signature (null when there are no emails). */
  mostRepeated: SentenceShare | null;
  seconds: number;
}

type Written = { site: string; output: WriteSequenceOutput; lint: string[] } | { site: string; refused: string[] };

const OFFER = OfferSchema.parse(SAMPLE_OFFER);
const { minFactConfidence } = outreachPlugin.manifest.config.parse({});

async function writeFor({ site, label, research }: ResearchedSite, index: number): Promise<Written> {
  const prospect = evalProspect(site, index, label, research, OFFER.personas.titles[0] ?? 'VP of Sales');
  try {
    const output = await runActivity(outreachPlugin, 'writeSequence', { prospect, research, offer: SAMPLE_OFFER });
    // The double check sees only the facts confident enough for the writer to quote, so a
    // sentence citing one below the floor is reported as citing no fact.
    const facts = research.facts.filter((fact) => fact.confidence >= minFactConfidence);
    const lint = output.sequence.flatMap((email) =>
      lintEmail(email, { facts, offer: OFFER, prospect }).map(({ rule, reason }) => `step ${email.step} (${rule}): ${reason}`),
    );
    return { site, output, lint };
  } catch (error) {
    if (!(error instanceof ApplicationFailure) || error.type !== 'CopyLintFailed') throw error;
    return { site, refused: (error.details?.[0] as string[] | undefined) ?? [error.message] };
  }
}

/** Runs the copy eval: a sequence for every labelled fixture site's prospect. */
export async function runCopyEval(): Promise<CopyEvalResult> {
  const started = performance.now();
  const sites = await researchEvalSites();
  const written = await Promise.all(sites.map(writeFor));
  const refused = written.flatMap((one) => ('refused' in one ? one.refused.map((reason) => ({ site: one.site, reason })) : []));
  const lintProblems = written.flatMap((one) => ('lint' in one ? one.lint.map((reason) => ({ site: one.site, reason })) : []));
  const emails = written.flatMap((one) => ('output' in one ? one.output.sequence : []));
  const sentences = sentenceShares(emails);
  return {
    prospects: sites.length,
    emails: emails.length,
    personalised: emails.filter((email) => email.sentences.some((sentence) => sentence.factIds.length > 0)).length,
    refused,
    lintProblems,
    unsupportedClaims: [...refused, ...lintProblems].filter(({ reason }) => reason.includes('(grounding):')),
    sentences,
    mostRepeated: sentences.find((sentence) => !sentence.repeatable) ?? null,
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
    ...problems('refused', result.refused),
    ...problems('returned emails that fail the lint', result.lintProblems),
  ];
}
