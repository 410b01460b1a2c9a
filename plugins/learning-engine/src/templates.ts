import { betaMean, betaPosterior, probabilityBest, type BetaPosterior } from '@meetflow/plugin-sdk/experiments/beta';
import { TEMPLATES, type Outcomes, type TemplateName, type TemplatePerformance } from './schemas.ts';

/** What the template learner found. */
export interface TemplateLearning {
  proposed: TemplatePerformance;
  /** P(the template with the highest posterior mean truly has the highest rate). */
  confidence: number;
  /** P(best) per template: the share of sends Thompson sampling would give it. */
  allocation: TemplatePerformance;
  best: TemplateName;
  runnerUp: TemplateName;
  /** Sends observed across all templates this cycle. */
  sent: number;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * Beta–Bernoulli update per template: the prior is centred on the current response rate with
 * `priorStrength` pseudo-sends, the evidence is this cycle's replies out of sends (rows for the
 * same template are added up), and the posterior mean is the new rate.
 */
export function learnTemplates(current: TemplatePerformance, outcomes: Outcomes['templates'], priorStrength: number): TemplateLearning {
  const posteriors: BetaPosterior[] = TEMPLATES.map((template) => {
    const rows = outcomes.filter((row) => row.template === template);
    const sent = rows.reduce((sum, row) => sum + row.sent, 0);
    const replied = rows.reduce((sum, row) => sum + row.replied, 0);
    return betaPosterior(current[template], priorStrength, replied, sent);
  });
  const means = posteriors.map(betaMean);
  const wins = probabilityBest(posteriors);
  const ranked = TEMPLATES.map((template, i) => ({ template, mean: means[i] ?? 0, win: wins[i] ?? 0 })).sort((a, b) => b.mean - a.mean);
  const [first, second] = ranked;
  const byTemplate = (pick: (entry: (typeof ranked)[number]) => number) =>
    Object.fromEntries(ranked.map((entry) => [entry.template, round(pick(entry), 4)])) as TemplatePerformance;
  return {
    proposed: byTemplate((entry) => entry.mean),
    confidence: round(first?.win ?? 0, 4),
    allocation: byTemplate((entry) => entry.win),
    best: first?.template ?? 'roi-focused',
    runnerUp: second?.template ?? 'pain-point',
    sent: outcomes.reduce((sum, row) => sum + row.sent, 0),
  };
}
