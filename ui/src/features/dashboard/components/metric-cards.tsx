import type { DashboardMetrics, TrendPoint } from '../api/types.ts';
import type { ExperimentsSummary } from '../api/experiments-api.ts';
import { weekOverWeekCaption } from '../utils/captions.ts';
import { formatCount, formatNumber } from '../../../utils/format.ts';

interface Card {
  label: string;
  value: string;
  caption: string;
  testId: string;
}

/** The metrics strip (spec section 2): four cards, their captions computed from this week against last. */
export function MetricCards({
  metrics,
  weeks,
  now,
  experiments,
}: {
  metrics: DashboardMetrics;
  weeks: readonly TrendPoint[];
  now: Date;
  /** The learning score is the learning engine's (README, "Learning"): the applied winners' lift over their controls. */
  experiments: ExperimentsSummary | undefined;
}) {
  const score = experiments?.learningScore ?? null;
  const cards: Card[] = [
    {
      label: 'Learning Cycles',
      value: formatNumber(metrics.learning_cycles),
      testId: 'metric-learning-cycles',
      caption: metrics.learning_cycles === 0 ? 'None run yet' : 'Cycles run in this workspace',
    },
    {
      label: 'Response Rate',
      value: `${metrics.response_rate.toFixed(1)}%`,
      testId: 'metric-response-rate',
      caption: weekOverWeekCaption(weeks, 'responseRate', now),
    },
    {
      label: 'Meetings Booked',
      value: formatNumber(metrics.meeting_booked),
      testId: 'metric-meetings-booked',
      caption: weekOverWeekCaption(weeks, 'meetingBookingRate', now, 'pts booking rate'),
    },
    {
      label: 'Learning Score',
      // Percent more reward per send the applied winners earn than their controls, one decimal; nothing measured, no number.
      value: score ? (score.score * 100).toFixed(1) : '—',
      testId: 'metric-learning-score',
      caption: score
        ? `% lift over the controls · ${formatCount(score.experiments, 'applied test')}, ${formatNumber(score.sends)} sends`
        : 'Not enough data yet: no A/B test winner applied',
    },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.label} className="card bg-base-100 shadow-sm" data-testid={card.testId}>
          <div className="card-body gap-1 p-4">
            <p className="text-sm text-base-content/70">{card.label}</p>
            <p className="text-2xl font-bold tabular-nums sm:text-3xl" data-testid="metric-value">
              {card.value}
            </p>
            <p className="text-xs text-base-content/60" data-testid="metric-caption">
              {card.caption}
            </p>
          </div>
        </div>
      ))}
    </div>
  );
}
