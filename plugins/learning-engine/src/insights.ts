import type { CadenceLearning } from './cadence.ts';
import type { ResponseComparison } from './metrics.ts';
import { SCORE_DIMENSIONS } from './experiments/meeting-model.ts';
import type { ActivityEntry, Insight } from './schemas.ts';
import type { ScoringLearning } from './scoring.ts';
import type { TemplateLearning } from './templates.ts';

/** Colour per insight type, as the dashboard's colour names. */
export const INSIGHT_COLORS = { scoring: 'blue', template: 'green', cadence: 'purple', performance: 'orange' } as const;

/** Everything the insights are written from. */
export interface InsightSources {
  scoring: ScoringLearning;
  templates: TemplateLearning;
  cadence: CadenceLearning;
  response: ResponseComparison;
  minSampleSize: number;
  applied: { scoringWeights: boolean; templatePerformance: boolean; cadenceTiming: boolean };
  autoApply: boolean;
  minConfidence: number;
  /** ISO time of this cycle, recorded as the implementation date of applied changes. */
  now: string;
}

const percent = (fraction: number) => `${(100 * fraction).toFixed(1)}%`;
const points = (fraction: number) => `${fraction >= 0 ? '+' : ''}${(100 * fraction).toFixed(1)} pts`;
const LABELS = {
  companySize: 'Company size',
  industryMatch: 'Industry match',
  techStack: 'Tech stack',
  jobTitle: 'Job title',
  timing: 'Timing',
} as const;

function scoringInsight({ scoring, applied, autoApply, now }: InsightSources): Insight {
  const base = { type: 'scoring', color: INSIGHT_COLORS.scoring, confidence: scoring.confidence } as const;
  if (scoring.status === 'too-few-leads' || scoring.status === 'too-few-meetings') {
    return {
      ...base,
      title: scoring.status === 'too-few-leads' ? 'More contacted prospects needed' : 'More meetings needed',
      implementedDate: null,
      impact: 'Weights unchanged',
      description: `Scoring weights are refitted from booked meetings: ${scoring.reason}.`,
    };
  }
  const auc = `held-out AUC ${scoring.aucBefore?.toFixed(3) ?? '–'} → ${scoring.aucAfter?.toFixed(3) ?? '–'}`;
  if (!scoring.better) {
    return {
      ...base,
      title: 'Scoring weights kept',
      implementedDate: null,
      impact: 'Weights unchanged',
      description: `Refitted on ${scoring.sampleSize} contacted prospects (${scoring.meetings} meetings): ${scoring.reason}.`,
    };
  }
  // Compared as shares of the five: weights without timing score with the plugin's timing share.
  const before = scoring.inForce;
  const after = (feature: (typeof SCORE_DIMENSIONS)[number]) => scoring.proposed[feature] ?? 0;
  const changes = SCORE_DIMENSIONS.map((feature) => ({ feature, delta: after(feature) - before[feature] })).sort(
    (a, b) => b.delta - a.delta,
  );
  const top = changes[0] ?? { feature: 'techStack', delta: 0 };
  // The changes above are the step applied, not the fit: say how far towards the fit it goes.
  const step =
    scoring.learningRate < 1 ? ` A step of ${percent(scoring.learningRate)} of the way to the fitted weights (learning rate).` : '';
  return {
    ...base,
    title: `${LABELS[top.feature]} predicts meetings more than weighted`,
    description: `Refitted on ${scoring.sampleSize} contacted prospects (${scoring.meetings} meetings), ${auc} (z = ${scoring.z?.toFixed(2)}): ${changes
      .map(({ feature }) => `${LABELS[feature]} ${percent(before[feature])} → ${percent(after(feature))}`)
      .join(', ')}.${step}${autoApply ? '' : ' Auto-apply is off: a recommendation, not applied.'}`,
    impact: `${LABELS[top.feature]} weight ${points(top.delta)}`,
    implementedDate: applied.scoringWeights ? now : null,
  };
}

function templateInsight({ templates, applied, now }: InsightSources): Insight {
  const best = templates.proposed[templates.best];
  const average = Object.values(templates.proposed).reduce((sum, rate) => sum + rate, 0) / 3;
  return {
    type: 'template',
    color: INSIGHT_COLORS.template,
    confidence: templates.confidence,
    title: `${templates.best} template leads`,
    description:
      `${templates.best} replies at ${percent(best)} against ${percent(templates.proposed[templates.runnerUp])} for ` +
      `${templates.runnerUp} (posterior means over ${templates.sent} sends); P(truly best) ${percent(templates.confidence)}.`,
    impact: `${points(best - average)} response rate vs the average template`,
    implementedDate: applied.templatePerformance ? now : null,
  };
}

function cadenceInsight({ cadence, applied, now }: InsightSources): Insight {
  const base = { type: 'cadence', color: INSIGHT_COLORS.cadence, confidence: cadence.confidence } as const;
  if (cadence.moves.length === 0) {
    return {
      ...base,
      title: 'Cadence timing unchanged',
      impact: 'No timing change',
      implementedDate: null,
      description:
        cadence.stepsWithEvidence === 0
          ? 'No step had two day offsets with enough sends to compare.'
          : `The current offsets already match the best reply rates for ${cadence.stepsWithEvidence} step(s).`,
    };
  }
  return {
    ...base,
    title: `Move ${cadence.moves.map((m) => `${m.step} to day ${m.to}`).join(', ')}`,
    description: cadence.moves
      .map(
        (m) =>
          `${m.step}: day ${m.bestOffset} replies best (${percent(m.bestRate)}, ` +
          `P(best) ${percent(m.confidence)}); moving from day ${m.from} to ${m.to}.`,
      )
      .join(' '),
    impact: `${cadence.moves.length} step(s) retimed`,
    implementedDate: applied.cadenceTiming ? now : null,
  };
}

function performanceInsight({ response }: InsightSources): Insight {
  const ahead = response.rate >= response.baseline;
  return {
    type: 'performance',
    color: INSIGHT_COLORS.performance,
    confidence: Number(response.confidence.toFixed(4)),
    title: `Response rate ${percent(response.rate)}`,
    implementedDate: null,
    description: `Replies per send were ${ahead ? 'at or above' : 'below'} the ${percent(response.baseline)} the current template rates expect.`,
    impact: `${points(response.rate - response.baseline)} vs expected`,
  };
}

/** One insight per learned part plus one on overall performance. */
export function buildInsights(sources: InsightSources): Insight[] {
  return [performanceInsight(sources), templateInsight(sources), scoringInsight(sources), cadenceInsight(sources)];
}

const PART_LABELS = {
  scoringWeights: 'Scoring weights',
  templatePerformance: 'Template performance',
  cadenceTiming: 'Cadence timing',
} as const;

/** The Recent Activity lines of a cycle: its completion, then each part applied or held back. */
export function buildActivity(
  cycleId: string,
  sources: InsightSources,
  confidence: Record<keyof typeof PART_LABELS, number>,
): ActivityEntry[] {
  const parts = Object.keys(PART_LABELS) as Array<keyof typeof PART_LABELS>;
  return [
    {
      title: 'Learning cycle completed',
      description: `Cycle ${cycleId} learned from ${sources.templates.sent} template sends and ${sources.scoring.sampleSize} contacted prospects (${sources.scoring.meetings} meetings).`,
      time: sources.now,
      icon: 'brain',
      color: 'blue',
    },
    ...parts.map((part) =>
      sources.applied[part]
        ? {
            title: `${PART_LABELS[part]} applied`,
            description:
              part === 'scoringWeights'
                ? `Refitted from meetings: ${sources.scoring.reason}.`
                : `Applied at ${percent(confidence[part])} confidence.`,
            time: sources.now,
            icon: 'check-circle',
            color: 'green',
          }
        : {
            title: `${PART_LABELS[part]} held for review`,
            description: !sources.autoApply
              ? `Auto-apply is off; proposed at ${percent(confidence[part])} confidence.`
              : part === 'scoringWeights'
                ? `Not applied: ${sources.scoring.reason}.`
                : `Confidence ${percent(confidence[part])} is below the ${percent(sources.minConfidence)} auto-apply threshold.`,
            time: sources.now,
            icon: 'pause-circle',
            color: 'yellow',
          },
    ),
  ];
}
