import { cadenceSendDays } from '@meetflow/plugin-sdk';
import { TEMPLATE_IDS, type CadenceTiming, type OutreachConfig, type TemplateId, type TemplatePerformance } from './config.ts';
import type { Decisions } from './schemas.ts';

/** One planned step: which template, when, and the template's response rate. */
export interface PlannedStep {
  step: 1 | 2 | 3;
  template: TemplateId;
  dayOffset: number;
  responseRate: number;
}

/** Templates by response rate, best first; ties keep the spec's order (roi-focused, pain-point, value-prop). */
export function orderTemplates(performance: TemplatePerformance): TemplateId[] {
  return [...TEMPLATE_IDS].sort((a, b) => performance[b] - performance[a] || TEMPLATE_IDS.indexOf(a) - TEMPLATE_IDS.indexOf(b));
}

/** Cumulative offsets: each step waits its cadence days after the previous one (step 1 after enrolment). */
export function dayOffsets(cadence: CadenceTiming): [number, number, number] {
  const days = cadenceSendDays(cadence);
  return [days.step1, days.step2, days.step3];
}

/**
 * The three steps: templates ordered by performance, sent on the cadence's days. A `firstTemplate`
 * (an experiment's choice for this prospect) opens the sequence instead of the best performer; the
 * other two follow by performance. `decisions` (experiments' choices by decision point) go over
 * both: 'first-email-template' is the first template, 'follow-up-gap' the days from the first
 * email to the second (the later steps move with it).
 */
export function planSequence(
  performance: TemplatePerformance,
  cadence: CadenceTiming,
  firstTemplate?: TemplateId | null,
  decisions: Decisions = {},
): PlannedStep[] {
  const gap = decisions['follow-up-gap'];
  const offsets = dayOffsets(gap === undefined ? cadence : { ...cadence, step2: Number(gap) });
  const ordered = orderTemplates(performance);
  firstTemplate = (decisions['first-email-template'] as TemplateId | undefined) ?? firstTemplate;
  const templates = firstTemplate ? [firstTemplate, ...ordered.filter((template) => template !== firstTemplate)] : ordered;
  return templates.map((template, index) => ({
    step: (index + 1) as 1 | 2 | 3,
    template,
    dayOffset: offsets[index] ?? 0,
    responseRate: performance[template],
  }));
}

/**
 * Expected response rate of the sequence: the step templates' response rates weighted by each
 * step's share of replies (normalised), rounded to 4 decimals.
 */
export function expectedResponseRate(plan: readonly PlannedStep[], shares: OutreachConfig['stepReplyShares']): number {
  const weights = [shares.step1, shares.step2, shares.step3];
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return Math.round((10_000 * plan.reduce((sum, step) => sum + step.responseRate, 0)) / plan.length) / 10_000;
  const weighted = plan.reduce((sum, step, index) => sum + step.responseRate * (weights[index] ?? 0), 0);
  return Math.round((10_000 * weighted) / total) / 10_000;
}
