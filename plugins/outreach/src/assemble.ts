import type { Fact } from '@meetflow/plugin-sdk';
import type { DraftEmail } from './compose.ts';
import type { PlannedStep } from './plan.ts';
import type { Email, WriteSequenceOutput } from './schemas.ts';

/** Personal lines a full sequence can carry: two per email (the opener and its bridge, or a follow-up's reference). */
export const PERSONAL_SLOTS = 6;

/**
 * Confidence of a sequence: each sentence that cites facts counts the mean confidence of its
 * facts; the sum is divided by the personal slots of a full sequence (capped at 1). A sequence
 * without researched facts has confidence 0.
 */
export function sequenceConfidence(emails: readonly Pick<Email, 'sentences'>[], facts: readonly Fact[]): number {
  const confidenceOf = new Map(facts.map((fact) => [fact.id, fact.confidence]));
  let filled = 0;
  for (const sentence of emails.flatMap((email) => email.sentences)) {
    if (sentence.factIds.length === 0) continue;
    filled += sentence.factIds.reduce((sum, id) => sum + (confidenceOf.get(id) ?? 0), 0) / sentence.factIds.length;
  }
  return Math.round(100 * Math.min(1, filled / PERSONAL_SLOTS)) / 100;
}

/** Every fact cited, once, in order of first citation, with its evidence. */
export function citationsOf(emails: readonly Pick<Email, 'sentences'>[], facts: readonly Fact[]): WriteSequenceOutput['citations'] {
  const byId = new Map(facts.map((fact) => [fact.id, fact]));
  const seen = new Set<string>();
  const citations: WriteSequenceOutput['citations'] = [];
  for (const id of emails.flatMap((email) => email.sentences.flatMap((sentence) => sentence.factIds))) {
    const fact = byId.get(id);
    if (!fact || seen.has(id)) continue;
    seen.add(id);
    citations.push({ factId: id, url: fact.evidence.url, snippet: fact.evidence.snippet });
  }
  return citations;
}

/**
 * The kind of fact the first email opens on: its opener's (the move writer's), else the first
 * fact its sentences cite (a language model's, whose sentences carry no move); null with none.
 */
export function openerKindOf(emails: readonly Pick<Email, 'step' | 'sentences'>[], facts: readonly Fact[]): string | null {
  const first = emails.find((email) => email.step === 1);
  const opener = first?.sentences.find((sentence) => sentence.move === 'opener') ?? first?.sentences.find((s) => s.factIds.length > 0);
  const id = opener?.factIds[0];
  return (id && facts.find((fact) => fact.id === id)?.kind) || null;
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/** Puts drafts on the plan: step, day and template from the plan, body from the sentences. */
export function toEmails(plan: readonly PlannedStep[], drafts: readonly DraftEmail[]): Email[] {
  return plan.map((planned) => {
    const draft = drafts.find((candidate) => candidate.step === planned.step);
    if (!draft) throw new Error(`no draft for step ${planned.step}`);
    return {
      step: planned.step,
      dayOffset: planned.dayOffset,
      template: planned.template,
      subject: draft.subject,
      body: draft.sentences.map((sentence) => sentence.text).join('\n\n'),
      sentences: draft.sentences,
    };
  });
}

/** One paragraph a sales person can read: the order and why, the days, how personal, the lead. */
export function describeStrategy(
  plan: readonly PlannedStep[],
  emails: readonly Email[],
  writer: 'templates' | 'llm',
  scoring?: { totalScore: number; priority: string },
): string {
  const [first, ...rest] = plan;
  const personalised = emails.filter((email) => email.sentences.some((sentence) => sentence.factIds.length > 0)).length;
  const factCount = new Set(emails.flatMap((email) => email.sentences.flatMap((sentence) => sentence.factIds))).size;
  return [
    `3 emails over ${plan.at(-1)?.dayOffset ?? 0} days, ${first?.template} first (${percent(first?.responseRate ?? 0)} response), then ${rest.map((step) => `${step.template} (${percent(step.responseRate)})`).join(' and ')}.`,
    `Sent on days ${plan.map((step) => step.dayOffset).join(', ')}.`,
    personalised > 0
      ? `${personalised} of 3 emails personalised with ${factCount} researched fact${factCount === 1 ? '' : 's'}, each cited.`
      : 'No researched facts to personalise with, so the emails stay generic.',
    `Written by ${writer === 'llm' ? 'the language model, checked against the facts and the copy rules' : 'templates, checked against the copy rules'}.`,
    ...(scoring ? [`Lead scored ${scoring.totalScore}/100 (${scoring.priority} priority).`] : []),
  ].join(' ');
}
