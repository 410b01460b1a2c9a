import type { Fact } from '@meetflow/plugin-sdk';
import type { TemplateId } from './config.ts';
import type { PlannedStep } from './plan.ts';

/** Fact kinds an email may mention; contact and social details, revenue and industry labels are never quoted to a prospect. */
export const PERSONAL_KINDS = [
  'pain-point',
  'tech',
  'funding',
  'hiring',
  'product',
  'customer',
  'description',
  'value',
  'employees',
  'location',
  'founded',
] as const;
export type PersonalKind = (typeof PERSONAL_KINDS)[number];

/** The most personal lines one email carries. */
export const PERSONAL_LINES_PER_EMAIL = 2;

/** The kinds each template opens with, most fitting first. */
export const PREFERRED_KINDS: Record<TemplateId, PersonalKind[]> = {
  'roi-focused': ['funding', 'hiring', 'employees', 'customer'],
  'pain-point': ['pain-point', 'hiring', 'tech'],
  'value-prop': ['product', 'description', 'value', 'customer', 'tech'],
};

const isPersonalKind = (kind: string): kind is PersonalKind => (PERSONAL_KINDS as readonly string[]).includes(kind);

/** The facts outreach may quote: a personal kind, confident enough, one per distinct value. */
export function usableFacts(facts: readonly Fact[], minConfidence: number): Fact[] {
  const seen = new Set<string>();
  return facts.filter((fact) => {
    const key = fact.value.trim().toLowerCase();
    if (!isPersonalKind(fact.kind) || fact.confidence < minConfidence || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Shares the facts among the emails, best-performing template first, each fact used once:
 * every email takes up to two facts of its preferred kinds (most confident first); an email that
 * found none takes one unused fact of any personal kind as its opener. Sparse research leaves
 * the later emails without facts, and they stay generic.
 */
export function allocateFacts(plan: readonly PlannedStep[], facts: readonly Fact[]): Map<number, Fact[]> {
  const byConfidence = [...facts].sort((a, b) => b.confidence - a.confidence);
  const used = new Set<string>();
  const allocation = new Map<number, Fact[]>();
  for (const { step, template } of plan) {
    const chosen: Fact[] = [];
    for (const kind of PREFERRED_KINDS[template]) {
      for (const fact of byConfidence) {
        if (chosen.length < PERSONAL_LINES_PER_EMAIL && fact.kind === kind && !used.has(fact.id)) {
          chosen.push(fact);
          used.add(fact.id);
        }
      }
    }
    if (chosen.length === 0) {
      const opener = byConfidence.find((fact) => !used.has(fact.id));
      if (opener) {
        chosen.push(opener);
        used.add(opener.id);
      }
    }
    allocation.set(step, chosen);
  }
  return allocation;
}
