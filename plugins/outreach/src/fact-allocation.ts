import type { Fact } from '@meetflow/plugin-sdk';
import type { TemplateId } from './config.ts';
import { PERSONAL_KINDS, readFact, type FactAngle } from './moves/fact-angles.ts';
import type { PlannedStep } from './plan.ts';

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

/**
 * The fact each step leads with, best template first, each fact used once: the most relevant
 * for the step's template, preferring a kind no earlier step used (a follow-up brings a new
 * angle), then the most recent and the most confident. Steps left without a fact get null and
 * are written without a personal line.
 */
export function chooseAngles(plan: readonly PlannedStep[], angles: readonly FactAngle[]): Map<number, FactAngle | null> {
  const used = new Set<FactAngle>();
  const usedKinds = new Set<string>();
  const chosen = new Map<number, FactAngle | null>();
  for (const { step, template } of plan) {
    const score = (angle: FactAngle) =>
      (RELEVANCE[template][angle.fact.kind] ?? 0.5) + (usedKinds.has(angle.fact.kind) ? 0 : 2) + recency(angle) + angle.fact.confidence / 2;
    const best = angles.filter((angle) => !used.has(angle)).sort((a, b) => score(b) - score(a))[0] ?? null;
    if (best) {
      used.add(best);
      usedKinds.add(best.fact.kind);
    }
    chosen.set(step, best);
  }
  return chosen;
}

/** The angles the research allows: facts the writer can state naturally, in research order. */
export function anglesOf(facts: readonly Fact[], company: string): FactAngle[] {
  return facts.map((fact) => readFact(fact, company)).filter((angle): angle is FactAngle => angle !== null);
}
