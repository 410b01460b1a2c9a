import type { Fact } from '@meetflow/plugin-sdk';
import type { TemplateId } from './config.ts';
import { PERSONAL_KINDS, readFact, type FactAngle } from './moves/fact-angles.ts';
import type { PlannedStep } from './plan.ts';
import { MAX_OPENER_SHARE, type CampaignOpeners } from './schemas.ts';
import { mixedHash } from './variety.ts';

/** The facts outreach may quote: a personal kind, confident enough, one per distinct value. */
export function usableFacts(facts: readonly Fact[], minConfidence: number): Fact[] {
  const seen = new Set<string>();
  return facts.filter((fact) => {
    const key = fact.value.trim().toLowerCase();
    if (!PERSONAL_KINDS.includes(fact.kind) || fact.confidence < minConfidence || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// How well each kind of fact opens each template: money and growth for ROI, problems and
// tooling for pain, what they sell and to whom for value.
const RELEVANCE: Record<TemplateId, Record<string, number>> = {
  'roi-focused': { funding: 6, hiring: 5, employees: 4, customer: 3, value: 3, tech: 2, product: 2, 'pain-point': 2, description: 1 },
  'pain-point': { 'pain-point': 6, hiring: 5, tech: 4, value: 3, funding: 3, employees: 2, product: 2, customer: 2, description: 1 },
  'value-prop': { product: 6, customer: 5, tech: 4, value: 4, description: 3, funding: 2, hiring: 2, 'pain-point': 2, employees: 1 },
};

/** Newer facts first among equally relevant ones: a year adds up to about half a point. */
const recency = (angle: FactAngle) => (angle.year ? Math.max(0, angle.year - 2000) / 50 : 0);

/** What makes one prospect's choice differ from the next one's: the prospect, and the words of the offer and persona. */
export interface AngleContext {
  /** The prospect's email: spreads the choice between facts of similar worth across a campaign. */
  seed: string;
  /** Words of the offer (pains, values, one-liner) and of the persona's titles. */
  themes: readonly string[];
  /** The campaign's first emails so far: a kind that would open more than 40% of them gives way to another. */
  campaign?: CampaignOpeners;
  /** Kinds an experiment prefers the first email to open on (its 'opener-angle' arm); empty or absent: none. */
  preferKinds?: readonly string[];
}

/**
 * What a preferred kind gains for the first email: more than any gap in worth between two kinds
 * (relevance 0.5–6, offer words up to 2, recency and confidence about 1: at most 8.5). Only a
 * kind within the campaign's 40% cap gains it, so the cap still wins over an experiment.
 */
const PREFERRED = 9;

/** Points within which two kinds of fact count as equally good openers: the prospect's hash picks among them. */
const NEAR_EQUAL = 2.5;
/** What a kind loses when opening on it would take it over its share of the campaign: more than any relevance gap. */
const OVERUSED = 10;

/**
 * The share of the campaign's fact-opened first emails `kind` would have with this one too,
 * beyond MAX_OPENER_SHARE (0 when within it, or without counts).
 */
function excessShare(kind: string, campaign: CampaignOpeners | undefined): number {
  if (!campaign) return 0;
  const opened = Object.values(campaign.kinds).reduce((sum, count) => sum + count, 0);
  return Math.max(0, ((campaign.kinds[kind] ?? 0) + 1) / (opened + 1) - MAX_OPENER_SHARE);
}

/**
 * The first email's fact: per kind the best fact; a kind an experiment prefers gains PREFERRED
 * points while within the campaign's cap; a kind whose share of the campaign's first
 * emails would go past 40% loses OVERUSED points, and more the further past (early in a
 * campaign every kind is past it, so the least used wins), when the prospect has another kind;
 * then among the kinds within NEAR_EQUAL points of the best, the prospect's hash picks one. So
 * a campaign spreads its openers even when the counts lag or are zero (a batch written at once).
 */
function firstOpener(candidates: readonly FactAngle[], score: (angle: FactAngle) => number, context: AngleContext): FactAngle | null {
  const best = new Map<string, { angle: FactAngle; score: number }>();
  for (const angle of candidates) {
    const scored = { angle, score: score(angle) };
    const seen = best.get(angle.fact.kind);
    if (!seen || scored.score > seen.score) best.set(angle.fact.kind, scored);
  }
  const kinds = [...best.values()];
  if (kinds.length === 0) return null;
  const preferred = new Set(context.preferKinds ?? []);
  const adjusted = kinds.map(({ angle, score: points }) => {
    const excess = kinds.length > 1 ? excessShare(angle.fact.kind, context.campaign) : 0;
    const bonus = excess === 0 && preferred.has(angle.fact.kind) ? PREFERRED : 0;
    return { angle, points: points + bonus - (excess > 0 ? OVERUSED + 10 * excess : 0) };
  });
  const top = Math.max(...adjusted.map(({ points }) => points));
  const near = adjusted
    .filter(({ points }) => points >= top - NEAR_EQUAL)
    .sort((a, b) => a.angle.fact.kind.localeCompare(b.angle.fact.kind));
  if (near.length === 1 || !context.seed) return near.sort((a, b) => b.points - a.points)[0]!.angle;
  return near[mixedHash(`${context.seed.trim().toLowerCase()}|opener`) % near.length]!.angle;
}

// A crude stem, so "hiring" meets "hires" and "reps" meets "rep".
const stem = (word: string) => word.toLowerCase().replace(/(?:ing|ed|es|s)$/, '');

/** Up to 2 points: how many of the fact's themes and words the offer and persona share. */
function offerRelevance(angle: FactAngle, wanted: ReadonlySet<string>): number {
  const words = new Set(
    [...angle.themes, ...angle.fact.value.split(/[^A-Za-z]+/)]
      .filter((word) => word.length >= 3)
      .map(stem)
      .filter((word) => wanted.has(word)),
  );
  return Math.min(2, words.size / 2);
}

/**
 * Up to 3.5 points by a hash of the prospect and the fact's kind: among facts of similar worth,
 * prospects of one campaign open on different kinds, so no kind opens most first emails.
 */
const spread = (seed: string, kind: string) => ((mixedHash(`${seed.trim().toLowerCase()}|${kind}`) % 1000) / 1000) * 3.5;

/**
 * The fact each step leads with, best template first, each fact used once: the most relevant
 * for the step's template and for the offer and persona, preferring a kind no earlier step used
 * (a follow-up brings a new angle), then the most recent and the most confident, with a
 * prospect's own share of chance among facts of similar worth. The first email's fact also
 * keeps the campaign's openers spread (firstOpener). Steps left without a fact get null and are
 * written without a personal line.
 */
export function chooseAngles(
  plan: readonly PlannedStep[],
  angles: readonly FactAngle[],
  context: AngleContext = { seed: '', themes: [] },
): Map<number, FactAngle | null> {
  const used = new Set<FactAngle>();
  const usedKinds = new Set<string>();
  const chosen = new Map<number, FactAngle | null>();
  const wanted = new Set(
    context.themes
      .flatMap((text) => text.split(/[^A-Za-z]+/))
      .filter((word) => word.length >= 3)
      .map(stem),
  );
  // An angle's offer words are the same for every step: read once, not at each comparison of a sort.
  const relevance = new Map<FactAngle, number>();
  const relevanceOf = (angle: FactAngle) => {
    let points = relevance.get(angle);
    if (points === undefined) relevance.set(angle, (points = offerRelevance(angle, wanted)));
    return points;
  };
  for (const { step, template } of plan) {
    const worth = (angle: FactAngle) =>
      (RELEVANCE[template][angle.fact.kind] ?? 0.5) +
      (usedKinds.has(angle.fact.kind) ? 0 : 2) +
      recency(angle) +
      angle.fact.confidence / 2 +
      relevanceOf(angle);
    const unused = angles.filter((angle) => !used.has(angle));
    const best = step === 1 ? firstOpener(unused, worth, context) : highestScored(unused, worth, context.seed);
    if (best) {
      used.add(best);
      usedKinds.add(best.fact.kind);
    }
    chosen.set(step, best);
  }
  return chosen;
}

/** The angle of the highest worth plus its share of chance, the first in order among equals: each scored once, not at each comparison of a sort. */
function highestScored(angles: FactAngle[], worth: (angle: FactAngle) => number, seed: string): FactAngle | null {
  const scores = new Map(angles.map((angle) => [angle, worth(angle) + (seed ? spread(seed, angle.fact.kind) : 0)]));
  return angles.sort((a, b) => scores.get(b)! - scores.get(a)!)[0] ?? null;
}

/** The angles the research allows: facts the writer can state naturally, in research order. */
export function anglesOf(facts: readonly Fact[], company: string): FactAngle[] {
  return facts.map((fact) => readFact(fact, company)).filter((angle): angle is FactAngle => angle !== null);
}
